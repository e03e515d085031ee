import { like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CAMPAIGN_MESSAGES, errorResponseSchema, notificationResponseSchema } from '@tp/shared';
import { signedInClient, useSignedInTestApp } from '../../test/kit';
import { emailOutbox } from '../../plugins/mail/mail.tables';
import { rateLimits } from '../../plugins/rate-limit/rate-limit.tables';
import { campaigns } from './campaigns.tables';

/** POST /api/email/send/notification: whom it may reach and how often (decision 0033). */
describe('notifications', () => {
  const t = useSignedInTestApp({ NOTIFICATIONS_PER_DAY: '2' });
  const notify = (to: string, subject = 'Your order shipped') =>
    t.client.post('/api/email/send/notification', { to, subject, data: { message: 'On its way.' } });

  it('refuses an address that is neither the user’s own nor a contact’s: 403 naming to, nothing sent or counted', async () => {
    // another user's contact is not this user's
    const bob = await signedInClient(t.app);
    expect((await bob.post('/api/contacts', { email: 'bobs-client@example.com' })).statusCode).toBe(201);
    for (const to of ['stranger@example.com', 'bobs-client@example.com', bob.user.email]) {
      const res = await notify(to);
      expect(res.statusCode, to).toBe(403);
      const body = errorResponseSchema.parse(res.json());
      expect(body).toMatchObject({ error: CAMPAIGN_MESSAGES.notificationRecipient, code: 'RECIPIENT_NOT_ALLOWED' });
      expect(body.details).toEqual([{ field: 'to', message: CAMPAIGN_MESSAGES.notificationRecipient }]);
    }
    expect(await t.app.deps.db.select().from(campaigns)).toEqual([]);
    expect(await t.app.deps.db.select().from(emailOutbox)).toEqual([]);
    expect(await t.app.deps.db.select().from(rateLimits).where(like(rateLimits.key, 'notification:%'))).toEqual([]);
  });

  it('sends to the user’s own address and to a contact, NOTIFICATIONS_PER_DAY in 24 hours, then 429', async () => {
    expect((await t.client.post('/api/contacts', { email: 'Client@Example.com' })).statusCode).toBe(201);
    const own = await notify(t.client.user.email.toUpperCase(), 'To myself');
    expect(own.statusCode).toBe(200);
    expect(notificationResponseSchema.parse(own.json()).data.status).toBe('queued');
    const contact = await notify('client@example.com', 'To a client');
    expect(contact.statusCode).toBe(200);

    const third = await notify('client@example.com', 'One too many');
    expect(third.statusCode).toBe(429);
    expect(errorResponseSchema.parse(third.json()).error).toBe(CAMPAIGN_MESSAGES.notificationLimitReached);
    const retryAfter = Number(third.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(23 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    // the counter is a row of the database, shared by every instance
    const [counter] = await t.app.deps.db.select().from(rateLimits).where(like(rateLimits.key, 'notification:%'));
    expect(counter).toMatchObject({ key: `notification:${t.client.user.id}`, count: 3 });
    const made = await t.app.deps.db.select({ kind: campaigns.kind, subject: campaigns.subject }).from(campaigns);
    expect(made.sort((a, b) => a.subject.localeCompare(b.subject))).toEqual([
      { kind: 'notification', subject: 'To a client' },
      { kind: 'notification', subject: 'To myself' },
    ]);
  });
});
