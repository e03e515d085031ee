import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Html } from '@react-email/html';
import { Text } from '@react-email/text';
import { emailHealthResponseSchema, healthResponseSchema } from '@tp/shared';
import { buildTestApp, getTestBoss, startTestSmtp, waitForOutboxRow, type TestSmtp } from '../../test/kit';
import { freePort } from '../../test/server-process';

const note = (to: string) => ({
  to,
  subject: 'Relay check',
  template: 'relay-check',
  react: (
    <Html>
      <Text>Hello</Text>
    </Html>
  ),
});

describe('the SMTP relay’s state in the health answers', () => {
  beforeAll(() => getTestBoss());
  let app: FastifyInstance | undefined;
  let smtp: TestSmtp | undefined;
  afterEach(async () => {
    await app?.close();
    await smtp?.close();
    app = undefined;
    smtp = undefined;
  });

  const health = async () => healthResponseSchema.parse((await app!.inject({ url: '/api/health' })).json());
  const emailHealth = async () =>
    emailHealthResponseSchema.parse((await app!.inject({ url: '/api/email/health' })).json());

  it('reports mail "error" while the relay cannot be reached, and the app itself stays up', async () => {
    app = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${await freePort()}` });
    const res = await app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(healthResponseSchema.parse(res.json())).toMatchObject({ status: 'ok', database: 'ok', mail: 'error' });
    expect(await emailHealth()).toMatchObject({ transport: 'smtp', status: 'error' });
  });

  it('reports "ok" for a relay that answers, checked in the background rather than on every request', async () => {
    smtp = await startTestSmtp();
    app = await buildTestApp({ SMTP_URL: smtp.url });
    expect((await health()).mail).toBe('ok');
    const afterFirst = smtp.connections();
    for (let i = 0; i < 5; i += 1) expect((await health()).mail).toBe('ok');
    expect(smtp.connections()).toBe(afterFirst);
  });

  it('turns "error" as soon as a delivery finds the relay gone, and "ok" when one gets through', async () => {
    smtp = await startTestSmtp();
    const url = smtp.url;
    app = await buildTestApp({ SMTP_URL: url });
    expect((await health()).mail).toBe('ok');
    await smtp.close();
    const { id } = await app.deps.mail.send(app.deps.db, note('gone@example.com'));
    await waitForOutboxRow(app, id, (row) => row.lastError !== null);
    expect((await health()).mail).toBe('error');

    // the relay is back on the same port: the retried delivery goes out and the state follows
    smtp = await startTestSmtp(Number(new URL(url).port));
    await waitForOutboxRow(app, id, (row) => row.status === 'sent', 60_000);
    expect((await health()).mail).toBe('ok');
  }, 90_000);

  it('says "dev" without a relay', async () => {
    app = await buildTestApp();
    expect((await health()).mail).toBe('dev');
    expect(await emailHealth()).toMatchObject({ transport: 'dev', status: 'ok' });
  });
});
