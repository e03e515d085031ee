import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { rateLimits } from '../../db/schema';
import { buildTestApp } from '../../test/helpers';
import { startTestSmtp, type TestSmtp } from '../../test/smtp';

describe('auth bodies (property-based)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  const anyJson = fc.oneof(
    fc.jsonValue(),
    fc.record(
      {
        email: fc.oneof(fc.string(), fc.emailAddress(), fc.integer(), fc.constant(null)),
        name: fc.oneof(fc.string(), fc.integer(), fc.array(fc.string())),
        mode: fc.oneof(fc.constantFrom('signin', 'signup'), fc.string()),
        redirectTo: fc.oneof(fc.string(), fc.webUrl(), fc.constant('/dashboard')),
        token: fc.oneof(fc.string(), fc.base64String(), fc.integer()),
        rememberMe: fc.oneof(fc.boolean(), fc.string()),
      },
      { requiredKeys: [] },
    ),
  );

  for (const url of ['/api/auth/magic-link', '/api/auth/verify']) {
    it(`never answers ${url} with a 5xx, and names the field of every 400`, async () => {
      await fc.assert(
        fc.asyncProperty(anyJson, async (body) => {
          await app.database.db.delete(rateLimits);
          const res = await app.inject({ method: 'POST', url, payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
          expect(res.statusCode).toBeLessThan(500);
          if (res.statusCode === 400 && res.json().code === 'VALIDATION_FAILED') {
            expect(res.json().details.length).toBeGreaterThan(0);
          }
        }),
        { numRuns: 60 },
      );
    });
  }
});

describe('magic link over a real SMTP server', () => {
  let app: FastifyInstance;
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    app = await buildTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://portal.example.com' });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  it('e-mails a link to PUBLIC_URL (never the Host header) that signs the user in', async () => {
    const requested = await app.inject({
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
    const verified = await app.inject({ method: 'POST', url: '/api/auth/verify', payload: { token: link![1] } });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user).toMatchObject({ email: 'mail@example.com', name: 'Mae', emailVerified: true });
  });
});
