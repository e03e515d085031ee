import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  CONTACT_SUBJECT,
  CONTACT_SUCCESS_MESSAGE,
  SUBSCRIBE_ALREADY_CONFIRMED_MESSAGE,
  SUBSCRIBE_BAD_TOKEN_MESSAGE,
  SUBSCRIBE_CONFIRMED_MESSAGE,
  SUBSCRIBE_PENDING_MESSAGE,
  confirmSubscriptionResponseSchema,
  emailActionResponseSchema,
  emailHealthResponseSchema,
  emailTemplatesResponseSchema,
  errorResponseSchema,
} from '@tp/shared';
import { useTestApp, startTestSmtp } from '../../test/kit';
import { contactMessages, emailOutbox, newsletterSubscriptions, oneTimeTokens } from '../../db/schema';
import { hashToken } from '../../plugins/tokens/one-time-tokens';

type Smtp = Awaited<ReturnType<typeof startTestSmtp>>;
type Mail = Smtp['messages'][number];

const SUPPORT = 'help@portal.test';
const visitor = { name: 'Ada Exporter', email: 'Ada@Example.com', message: 'Which plan fits a team of four?' };
const addressOf = (field: Mail['to'] | Mail['replyTo']) =>
  (Array.isArray(field) ? field.map((a) => a.text).join(', ') : (field?.text ?? '')).toLowerCase();

function post(app: FastifyInstance, url: string, payload: unknown, remoteAddress = '203.0.113.10') {
  return app.inject({ method: 'POST', url, payload: payload as object, remoteAddress });
}

describe('e-mail service over a real SMTP server', () => {
  let smtp: Smtp;

  beforeAll(async () => {
    smtp = await startTestSmtp();
  });
  afterAll(async () => {
    await smtp.close();
  });
  const suite = useTestApp(() => ({ SMTP_URL: smtp.url, SUPPORT_EMAIL: SUPPORT }));

  it('stores a contact message, then mails it to support with the spec subject and Reply-To the visitor', async () => {
    const res = await post(suite.app, '/api/email/send/contact', { ...visitor, source: 'landing' });
    expect(res.statusCode).toBe(200);
    expect(emailActionResponseSchema.parse(res.json())).toEqual({ success: true, message: CONTACT_SUCCESS_MESSAGE });

    const [row] = await suite.app.deps.db.select().from(contactMessages);
    expect(row).toMatchObject({
      name: 'Ada Exporter',
      email: 'ada@example.com',
      subject: CONTACT_SUBJECT,
      message: visitor.message,
      source: 'landing',
      ipAddress: '203.0.113.10',
    });
    expect(row!.outboxId).toBeTruthy();

    const mail = await smtp.waitForMessage((m) => addressOf(m.replyTo).includes('ada@example.com'), 15_000);
    expect(mail.subject).toBe(CONTACT_SUBJECT);
    expect(addressOf(mail.to)).toContain(SUPPORT);
    expect(mail.text).toContain(visitor.message);
    expect(mail.text).toContain('Ada Exporter');
  });

  it('answers 400 naming each bad field, and stores nothing', async () => {
    const cases: [unknown, string[]][] = [
      [{ email: 'ada@example.com', message: 'hi' }, ['name']],
      [{ name: 'Ada', email: 'not-an-address', message: 'hi' }, ['email']],
      [{ name: '   ', email: 'ada@example.com', message: '' }, ['name', 'message']],
      [{ name: 'Ada', email: 'ada@example.com', message: 'x'.repeat(5_001) }, ['message']],
    ];
    for (const [payload, fields] of cases) {
      const res = await post(suite.app, '/api/email/send/contact', payload, '203.0.113.20');
      expect(res.statusCode).toBe(400);
      const body = errorResponseSchema.parse(res.json());
      expect(body.details?.map((d) => d.field).sort()).toEqual([...fields].sort());
    }
    const notJson = await suite.app.inject({
      method: 'POST',
      url: '/api/email/send/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
      remoteAddress: '203.0.113.20',
    });
    expect(notJson.statusCode).toBe(400);
    expect(
      await suite.app.deps.db.select().from(contactMessages).where(eq(contactMessages.ipAddress, '203.0.113.20')),
    ).toEqual([]);
  });

  it('subscribes with double opt-in: pending until the e-mailed token is confirmed by a POST, once', async () => {
    const res = await post(
      suite.app,
      '/api/email/subscribe',
      { email: 'Reader@Example.com', name: 'Rea' },
      '203.0.113.30',
    );
    expect(res.statusCode).toBe(200);
    expect(emailActionResponseSchema.parse(res.json())).toEqual({ success: true, message: SUBSCRIBE_PENDING_MESSAGE });
    const [pending] = await suite.app.deps.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, 'reader@example.com'));
    expect(pending).toMatchObject({ status: 'pending', lists: ['general'], name: 'Rea', confirmedAt: null });

    const mail = await smtp.waitForMessage((m) => addressOf(m.to).includes('reader@example.com'), 15_000);
    const link = /http:\/\/localhost:3000\/newsletter\/confirm\?token=([\w-]+)/.exec(mail.text ?? '');
    expect(link).not.toBeNull();
    const token = link![1]!;
    // only a hash of the token is stored
    const tokens = await suite.app.deps.db
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.purpose, 'newsletter_confirm'));
    expect(tokens.map((t) => t.tokenHash)).toEqual([hashToken(token)]);
    expect(JSON.stringify(tokens)).not.toContain(token);

    const confirmed = await post(suite.app, '/api/email/subscribe/confirm', { token }, '203.0.113.30');
    expect(confirmed.statusCode).toBe(200);
    expect(confirmSubscriptionResponseSchema.parse(confirmed.json())).toEqual({
      success: true,
      message: SUBSCRIBE_CONFIRMED_MESSAGE,
      email: 'reader@example.com',
      lists: ['general'],
    });
    const [row] = await suite.app.deps.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, 'reader@example.com'));
    expect(row?.status).toBe('confirmed');
    expect(row?.confirmedAt).toBeInstanceOf(Date);

    // the link opened again says so, rather than calling a used link invalid
    const again = await post(suite.app, '/api/email/subscribe/confirm', { token }, '203.0.113.30');
    expect(again.statusCode).toBe(200);
    expect(confirmSubscriptionResponseSchema.parse(again.json())).toEqual({
      success: true,
      message: SUBSCRIBE_ALREADY_CONFIRMED_MESSAGE,
      email: 'reader@example.com',
      lists: ['general'],
    });
    // once the reader has left, the old link confirms nothing and says it is no longer valid
    await suite.app.deps.db
      .update(newsletterSubscriptions)
      .set({ status: 'unsubscribed' })
      .where(eq(newsletterSubscriptions.email, 'reader@example.com'));
    const afterLeaving = await post(suite.app, '/api/email/subscribe/confirm', { token }, '203.0.113.30');
    expect(afterLeaving.statusCode).toBe(400);
    expect(errorResponseSchema.parse(afterLeaving.json())).toMatchObject({
      error: SUBSCRIBE_BAD_TOKEN_MESSAGE,
      code: 'INVALID_TOKEN',
    });
  });

  it('adds lists to a confirmed subscription only after the new confirmation', async () => {
    await post(suite.app, '/api/email/subscribe', { email: 'multi@example.com' }, '203.0.113.40');
    const first = await smtp.waitForMessage((m) => addressOf(m.to).includes('multi@example.com'), 15_000);
    const token1 = /token=([\w-]+)/.exec(first.text ?? '')![1]!;
    await post(suite.app, '/api/email/subscribe/confirm', { token: token1 }, '203.0.113.40');

    // already subscribed to general: no new e-mail, same answer
    const before = smtp.messages.length;
    const same = await post(
      suite.app,
      '/api/email/subscribe',
      { email: 'multi@example.com', lists: ['general'] },
      '203.0.113.40',
    );
    expect(same.json()).toEqual({ success: true, message: SUBSCRIBE_PENDING_MESSAGE });

    await post(
      suite.app,
      '/api/email/subscribe',
      { email: 'multi@example.com', lists: ['market-insights'] },
      '203.0.113.40',
    );
    const second = await smtp.waitForMessage(
      (m) => addressOf(m.to).includes('multi@example.com') && m !== first,
      15_000,
    );
    expect(smtp.messages.length).toBe(before + 1);
    const token2 = /token=([\w-]+)/.exec(second.text ?? '')![1]!;
    const res = await post(suite.app, '/api/email/subscribe/confirm', { token: token2 }, '203.0.113.40');
    expect(confirmSubscriptionResponseSchema.parse(res.json()).lists).toEqual(['general', 'market-insights']);
  });

  it('refuses unknown lists, bad addresses and malformed tokens with 400 naming the field', async () => {
    const badList = await post(
      suite.app,
      '/api/email/subscribe',
      { email: 'x@example.com', lists: ['crypto'] },
      '203.0.113.50',
    );
    expect(badList.statusCode).toBe(400);
    expect(errorResponseSchema.parse(badList.json()).details?.[0]?.field).toBe('lists.0');
    const badEmail = await post(suite.app, '/api/email/subscribe', { email: 'nope' }, '203.0.113.50');
    expect(errorResponseSchema.parse(badEmail.json()).details?.[0]?.field).toBe('email');
    const shortToken = await post(suite.app, '/api/email/subscribe/confirm', { token: 'abc' }, '203.0.113.50');
    expect(shortToken.statusCode).toBe(400);
    expect(errorResponseSchema.parse(shortToken.json()).details?.[0]?.field).toBe('token');
    const unknown = await post(suite.app, '/api/email/subscribe/confirm', { token: 'z'.repeat(43) }, '203.0.113.50');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'INVALID_TOKEN' });
  });

  // last: its ten e-mails queue behind the others
  it('limits contact messages to 10 per hour per address', async () => {
    for (let i = 0; i < 10; i += 1) {
      const res = await post(
        suite.app,
        '/api/email/send/contact',
        { ...visitor, message: `note ${i}` },
        '198.51.100.7',
      );
      expect(res.statusCode).toBe(200);
    }
    const limited = await post(suite.app, '/api/email/send/contact', visitor, '198.51.100.7');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, error: 'Too many requests. Please try again later.' });
    const other = await post(suite.app, '/api/email/send/contact', visitor, '198.51.100.8');
    expect(other.statusCode).toBe(200);
  });

  it('reports its health and lists its templates', async () => {
    const health = await suite.app.inject({ method: 'GET', url: '/api/email/health' });
    expect(health.statusCode).toBe(200);
    expect(emailHealthResponseSchema.parse(health.json())).toMatchObject({
      success: true,
      status: 'ok',
      transport: 'smtp',
    });
    const templates = await suite.app.inject({ method: 'GET', url: '/api/email/templates' });
    const body = emailTemplatesResponseSchema.parse(templates.json());
    expect(body.success).toBe(true);
    expect(body.templates.map((t) => t.id)).toEqual(expect.arrayContaining(['contact-message', 'newsletter-confirm']));
  });
});

describe('contact messages while SMTP is down', () => {
  let deadUrl: string;
  beforeAll(async () => {
    // a port nothing listens on: every delivery attempt fails
    const smtp = await startTestSmtp();
    deadUrl = smtp.url;
    await smtp.close();
  });
  const suite = useTestApp(() => ({ SMTP_URL: deadUrl, SUPPORT_EMAIL: SUPPORT }));

  it('still accepts the message: it is stored and its e-mail waits in the outbox', async () => {
    const res = await post(suite.app, '/api/email/send/contact', visitor, '192.0.2.1');
    expect(res.statusCode).toBe(200);
    const [row] = await suite.app.deps.db.select().from(contactMessages);
    expect(row?.message).toBe(visitor.message);
    const [outbox] = await suite.app.deps.db.select().from(emailOutbox).where(eq(emailOutbox.id, row!.outboxId!));
    expect(outbox).toMatchObject({ toAddress: SUPPORT, subject: CONTACT_SUBJECT });
    expect(outbox?.status).not.toBe('sent');
    expect(outbox?.html).toContain(visitor.message);
    // the service's health counts it in the backlog
    const health = emailHealthResponseSchema.parse((await suite.app.inject({ url: '/api/email/health' })).json());
    expect(health.outbox).toEqual({ pending: 1, failed: 0 });
  });
});
