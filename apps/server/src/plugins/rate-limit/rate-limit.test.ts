import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/kit';

describe('per-route rate limits', () => {
  const t = useTestApp();

  it('keep one counter per route and client address', async () => {
    // 30 an hour per IP on verify; spending them must not throttle another route
    for (let i = 0; i < 30; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/verify',
        payload: { token: `bad-${i}` },
        remoteAddress: '198.51.100.7',
      });
      expect(res.statusCode).toBe(400);
    }
    const over = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify',
      payload: { token: 'bad' },
      remoteAddress: '198.51.100.7',
    });
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toBe('Too many requests. Please try again later.');
    const otherRoute = await t.app.inject({
      method: 'POST',
      url: '/api/auth/magic-link',
      payload: { email: 'limits@example.com' },
      remoteAddress: '198.51.100.7',
    });
    expect(otherRoute.statusCode).toBe(200);
    const otherClient = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify',
      payload: { token: 'bad' },
      remoteAddress: '198.51.100.8',
    });
    expect(otherClient.statusCode).toBe(400);
  });
});
