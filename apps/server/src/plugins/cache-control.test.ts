import { beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { useTestApp, latestMagicLinkToken, signedInClient, type SignedInClient } from '../test/kit';

describe('Cache-Control on API answers', () => {
  let client: SignedInClient;
  const t = useTestApp();
  beforeAll(async () => {
    client = await signedInClient(t.app);
  });

  const cacheControl = async (options: InjectOptions) => (await t.app.inject(options)).headers['cache-control'];

  it('keeps every sign-in answer out of caches: tokens, the user, the sessions', async () => {
    const auth = client.headers;
    await t.app.inject({ method: 'POST', url: '/api/auth/magic-link', payload: { email: 'cache@example.com' } });
    const magicToken = await latestMagicLinkToken(t.app, 'cache@example.com');
    const verify = await t.app.inject({ method: 'POST', url: '/api/auth/verify', payload: { token: magicToken } });
    expect(verify.statusCode).toBe(200);
    expect(verify.headers['cache-control']).toBe('no-store');
    const handOff = await t.app.inject({ method: 'POST', url: '/api/auth/session-token', headers: auth });
    expect(handOff.headers['cache-control']).toBe('no-store');
    const answers = {
      me: await cacheControl({ url: '/api/auth/me', headers: auth }),
      updateMe: await cacheControl({
        method: 'PUT',
        url: '/api/auth/me',
        headers: auth,
        payload: { name: 'Ada', phone: '+44 1' },
      }),
      sessions: await cacheControl({ url: '/api/auth/sessions', headers: auth }),
      refresh: await cacheControl({
        method: 'POST',
        url: '/api/auth/refresh',
        payload: { refreshToken: client.refreshToken },
      }),
      exchange: await cacheControl({
        method: 'POST',
        url: '/api/auth/session-exchange',
        payload: { sessionToken: (handOff.json() as { sessionToken: string }).sessionToken },
      }),
      magicLink: await cacheControl({
        method: 'POST',
        url: '/api/auth/magic-link',
        payload: { email: 'c2@example.com' },
      }),
      // refusals too: a 401 must not be served from a cache to the next, signed-in, request
      unauthorized: await cacheControl({ url: '/api/auth/me' }),
    };
    expect(answers).toEqual(Object.fromEntries(Object.keys(answers).map((k) => [k, 'no-store'])));
  });

  it('keeps every other API answer out of caches unless the route opts in as public', async () => {
    expect(await cacheControl({ url: '/api/dev/mailbox' })).toBe('no-store');
    expect(await cacheControl({ url: '/api/config' })).toBe('no-store');
    expect(await cacheControl({ url: '/api/nope' })).toBe('no-store');
    expect(await cacheControl({ url: '/api/email/templates' })).toBe('no-store');
    // the health checks (a probe must see the instance as it is now) and a streamed answer
    for (const url of ['/api/health', '/api/content/health', '/api/email/health']) {
      expect(await cacheControl({ url })).toBe('no-store');
    }
    const streamed = await t.app.inject({
      method: 'POST',
      url: '/api/contacts/import',
      headers: { ...client.headers, 'content-type': 'text/plain', accept: 'application/x-ndjson' },
      payload: 'stream@example.com\n',
    });
    expect(streamed.headers['content-type']).toContain('application/x-ndjson');
    expect(streamed.headers['cache-control']).toBe('no-store');
    // public, identical for everyone: cacheable as before
    expect(await cacheControl({ url: '/api/stories' })).toBe('public, max-age=300');
    expect(await cacheControl({ url: '/api/stats/public' })).toBe('public, max-age=60');
  });
});
