// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { prerender } from './prerender';
import { paths } from '@/lib/paths';

describe('prerendered landing page', () => {
  it('is the whole landing page as a first-time visitor sees it before any data has answered', async () => {
    const html = await prerender('/');
    expect(html).toContain('Maximize Your Merchant Exports Profits');
    expect(html).toContain('Frequently asked questions');
    expect(html).toContain('aria-label="Contact form"');
    // shell: header sign-in link and footer pages
    expect(html).toContain('href="/login"');
    for (const page of [
      paths.about,
      paths.services,
      paths.careers,
      paths.contact,
      paths.faq,
      paths.resources,
      paths.terms,
      paths.privacy,
    ]) {
      expect(html).toContain(`href="${page}"`);
    }
    // no figure is invented before the server answers: pricing and the live feed are placeholders
    expect(html).not.toContain('joined in the last hour');
    expect(html).not.toContain('$49.00');
    expect(html).toContain('aria-busy="true"');
    // device-specific parts are left to the browser: no theme control, no chat button
    expect(html).not.toMatch(/aria-label="Theme:/);
    expect(html).not.toMatch(/Chat with support/);
    // the forms can be filled in at once but send only once the app runs
    expect(html).toMatch(/<button type="submit" disabled=""[^>]*>Send Message</);
    // and no inline script, which the Content-Security-Policy would block
    expect(html).not.toContain('<script');
  });
});
