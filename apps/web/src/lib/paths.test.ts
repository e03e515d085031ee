import { describe, expect, it } from 'vitest';
import { isLandingPath } from './paths';

describe('landing paths (no sidebar)', () => {
  it('are /, /about, /contact, /stories and every story', () => {
    for (const p of ['/', '/about', '/contact', '/stories', '/stories/github-cloudflare'])
      expect(isLandingPath(p), p).toBe(true);
    for (const p of ['/dashboard', '/settings', '/login', '/storiesx', '/faq']) expect(isLandingPath(p), p).toBe(false);
  });
});
