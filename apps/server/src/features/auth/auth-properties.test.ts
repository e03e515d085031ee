import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../../db/schema';
import { useTestApp, startTestSmtp, type TestSmtp, signIn } from '../../test/kit';

describe('auth bodies (property-based)', () => {
  let token = '';
  const t = useTestApp({ AUTH_PASSWORD_ENABLED: 'true' });

  const field = fc.oneof(
    fc.string(),
    fc.emailAddress(),
    fc.webUrl(),
    fc.constant('/dashboard'),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.string(), { maxLength: 3 }),
    fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }),
  );
  const anyJson = fc.oneof(
    fc.jsonValue(),
    fc.record(
      {
        email: field,
        name: field,
        mode: fc.oneof(fc.constantFrom('signin', 'signup'), field),
        redirectTo: field,
        token: fc.oneof(fc.base64String(), field),
        rememberMe: field,
        clientInfo: fc.oneof(fc.record({ ipAddress: field, userAgent: field }, { requiredKeys: [] }), field),
        sessionToken: field,
        refreshToken: field,
        password: field,
        everywhere: field,
        phone: field,
        company: field,
        position: field,
      },
      { requiredKeys: [] },
    ),
  );
  // a body as it arrives on the wire: JSON of any shape, or text that is not JSON at all
  const anyBody = fc.oneof(
    { weight: 4, arbitrary: anyJson.map((v) => JSON.stringify(v) ?? 'null') },
    { weight: 1, arbitrary: fc.string() },
  );

  async function signedIn(): Promise<string> {
    if (
      token &&
      (await t.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } })).statusCode === 200
    )
      return token;
    await t.app.deps.db.delete(rateLimits);
    token = (await signIn(t.app, 'property@example.com')).token;
    return token;
  }

  const calls: Array<[method: 'POST' | 'PUT', url: string, needsUser: boolean]> = [
    ['POST', '/api/auth/magic-link', false],
    ['POST', '/api/auth/verify', false],
    ['POST', '/api/auth/session-exchange', false],
    ['POST', '/api/auth/refresh', false],
    ['POST', '/api/auth/login', false],
    ['PUT', '/api/auth/me', true],
    ['POST', '/api/auth/logout', true],
  ];
  for (const [method, url, needsUser] of calls) {
    it(`never answers ${method} ${url} with a 5xx, and names the field of every 400`, async () => {
      await fc.assert(
        fc.asyncProperty(anyBody, async (payload) => {
          await t.app.deps.db.delete(rateLimits);
          const headers: Record<string, string> = { 'content-type': 'application/json' };
          if (needsUser) headers.authorization = `Bearer ${await signedIn()}`;
          const res = await t.app.inject({ method, url, payload, headers });
          expect(res.statusCode).toBeLessThan(500);
          if (res.statusCode === 400 && res.json().code === 'VALIDATION_FAILED') {
            expect(res.json().details.length).toBeGreaterThan(0);
          }
        }),
        { numRuns: 50 },
      );
    });
  }

  it('never answers DELETE /api/auth/sessions/{any id} with a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string({ minLength: 1 }), fc.uuid()), async (id) => {
        const res = await t.app.inject({
          method: 'DELETE',
          url: `/api/auth/sessions/${encodeURIComponent(id)}`,
          headers: { authorization: `Bearer ${await signedIn()}` },
        });
        expect([200, 400, 404]).toContain(res.statusCode);
      }),
      { numRuns: 40 },
    );
  });
});

describe('magic link over a real SMTP server', () => {
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
  });
  afterAll(async () => {
    await smtp.close();
  });
  const t = useTestApp(() => ({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://portal.example.com' }));

  it('e-mails a link to PUBLIC_URL (never the Host header) that signs the user in', async () => {
    const requested = await t.app.inject({
      method: 'POST',
      url: '/api/auth/magic-link',
      headers: { host: 'evil.example' },
      payload: { email: 'mail@example.com', name: 'Mae', mode: 'signup' },
    });
    expect(requested.statusCode).toBe(200);
    const mail = await smtp.waitForMessage((m) => JSON.stringify(m.to).includes('mail@example.com'));
    expect(mail.subject).toBe('Confirm your e-mail for Trading Portal');
    const link = /https:\/\/portal\.example\.com\/login\?token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '');
    expect(link).not.toBeNull();
    expect(mail.html).toContain(link![0]);
    expect(mail.text).not.toContain('evil.example');
    const verified = await t.app.inject({ method: 'POST', url: '/api/auth/verify', payload: { token: link![1] } });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user).toMatchObject({ email: 'mail@example.com', name: 'Mae', emailVerified: true });
  });
});
