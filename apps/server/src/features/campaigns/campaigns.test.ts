import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  CAMPAIGN_MESSAGES,
  IDEMPOTENCY_MESSAGES,
  bulkCampaignResponseSchema,
  campaignResponseSchema,
  campaignsResponseSchema,
  contactsResponseSchema,
  emailTemplatesResponseSchema,
  errorResponseSchema,
  notificationResponseSchema,
  unsubscribeInfoSchema,
} from '@tp/shared';
import {
  buildTestApp,
  useTestApp,
  signedInClient,
  startTestSmtp,
  type SignedInClient,
  type TestSmtp,
} from '../../test/kit';
import { emailOutbox } from '../../plugins/mail/mail.tables';
import { campaignRecipients, campaigns, emailSuppressions } from './campaigns.tables';
import {
  addresses,
  campaignRow,
  createCampaign,
  draft,
  getCampaign,
  listWithContacts,
  waitForCampaign,
} from './campaigns-test-kit';
import { executeRows } from '../../db/client';
import { startScheduledCampaign } from './campaigns.service';

type Mail = TestSmtp['messages'][number];
const toOf = (mail: Mail) => (Array.isArray(mail.to) ? mail.to : [mail.to]).map((a) => a?.text ?? '').join(',');
const header = (mail: Mail, name: string) =>
  mail.headerLines
    .find((h) => h.key === name.toLowerCase())
    ?.line.slice(name.length + 1)
    .trim() ?? '';

describe('sending a campaign over SMTP', () => {
  let smtp: TestSmtp;
  let ada: SignedInClient;
  let base: string;

  beforeAll(async () => {
    smtp = await startTestSmtp({ rejectRecipient: (address) => address.startsWith('gone-') });
  });
  afterAll(async () => {
    await smtp.close();
  });
  const suite = useTestApp(() => ({
    SMTP_URL: smtp.url,
    MAIL_RATE_PER_SECOND: '0',
    BOUNCE_WEBHOOK_SECRET: 'bounce-secret-of-enough-length',
  }));
  beforeAll(async () => {
    // tracking and unsubscribe links are followed over real HTTP, as a mail client would
    base = await suite.app.listen({ host: '127.0.0.1', port: 0 });
    ada = await signedInClient(suite.app);
  });

  it('sends one message per contact with the list headers, and ends sent with delivered and failed counts', async () => {
    const emails = [...addresses('spring', 12), 'gone-away@example.com'];
    const list = await listWithContacts(ada, 'traders', emails);
    const created = await createCampaign(ada, draft([list]));
    expect(created).toMatchObject({ status: 'sending', recipients: 13, isImmediate: true });
    const done = await waitForCampaign(ada, created.id, (c) => c.status === 'sent');
    expect(done).toMatchObject({ delivered: 12, failed: 1, pending: 0, recipients: 13 });
    expect(done.sentAt).not.toBeNull();

    const got = smtp.messages.filter((m) => m.subject === 'Our spring prices');
    expect(got.map(toOf).sort()).toEqual(addresses('spring', 12));
    const mail = got[0]!;
    expect(header(mail, 'List-Unsubscribe')).toMatch(
      /^<http:\/\/localhost:3000\/api\/unsubscribe\/[\w-]{22}\.[\w-]{22}>$/,
    );
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(header(mail, 'List-Id')).toBe(`<${ada.user.id}.campaigns.localhost>`);
    expect(mail.replyTo?.value[0]?.address).toBe(ada.user.email);
    expect(mail.html).toContain('/api/email/track/open/');
    expect(mail.html).not.toContain('tp.invalid');
    expect(mail.text).toContain('/api/email/track/click/');
    // every recipient its own message id: the outbox row of that recipient
    expect(new Set(got.map((m) => m.messageId)).size).toBe(12);
    // the bodies sent are those of each recipient's outbox row (made twice, written then sent): a resend sends the same
    const rows = await suite.app.deps.db
      .select({ to: emailOutbox.toAddress, html: emailOutbox.html, text: emailOutbox.text })
      .from(emailOutbox)
      .where(inArray(emailOutbox.toAddress, addresses('spring', 12)));
    expect(rows).toHaveLength(12);
    for (const row of rows) {
      const sent = got.find((m) => toOf(m) === row.to)!;
      expect(sent.html).toBe(row.html);
      expect(sent.text?.trim()).toBe(row.text.trim());
    }

    const history = campaignsResponseSchema.parse((await ada.get('/api/campaigns')).json()).data;
    expect(history[0]).toMatchObject({ id: created.id, status: 'sent', recipients: 13, opens: 0, clicks: 0 });
  });

  it('unsubscribes only on POST (one-click, RFC 8058); later campaigns of that sender skip the address', async () => {
    const list = await listWithContacts(ada, 'unsub', ['leaver@example.com', 'stayer@example.com']);
    const first = await createCampaign(ada, draft([list], { subject: 'First issue' }));
    await waitForCampaign(ada, first.id, (c) => c.status === 'sent');
    const mail = smtp.messages.find((m) => m.subject === 'First issue' && toOf(m) === 'leaver@example.com')!;
    const oneClick = /<(.+)>/.exec(header(mail, 'List-Unsubscribe'))![1]!.replace('http://localhost:3000', base);

    // GET (a scanner, or the page loading) changes nothing
    const info = await fetch(oneClick, { headers: { accept: 'application/json' } });
    expect(unsubscribeInfoSchema.parse(await info.json()).data).toEqual({
      email: 'l***@example.com',
      senderName: ada.user.name,
      campaignName: 'Spring price list',
      unsubscribed: false,
    });
    const browserGet = await fetch(oneClick, { redirect: 'manual', headers: { accept: 'text/html' } });
    expect(browserGet.status).toBe(303);
    expect(browserGet.headers.get('location')).toMatch(/^http:\/\/localhost:3000\/unsubscribe\//);
    expect(await suite.app.deps.db.select().from(emailSuppressions)).toEqual([]);

    const posted = await fetch(oneClick, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(posted.status).toBe(200);
    expect(
      (await fetch(oneClick, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status,
    ).toBe(200);
    expect((await getCampaign(ada, first.id)).unsubscribes).toBe(1);
    const contacts = contactsResponseSchema.parse((await ada.get(`/api/contacts?list=${list}`)).json()).data;
    expect(contacts.find((c) => c.email === 'leaver@example.com')?.status).toBe('unsubscribed');

    const second = await createCampaign(ada, draft([list], { subject: 'Second issue' }));
    expect(second.recipients).toBe(1);
    await waitForCampaign(ada, second.id, (c) => c.status === 'sent');
    expect(smtp.messages.filter((m) => m.subject === 'Second issue').map(toOf)).toEqual(['stayer@example.com']);
    expect(
      (await fetch(`${base}/api/unsubscribe/${'A'.repeat(22)}.${'B'.repeat(22)}`, { method: 'POST' })).status,
    ).toBe(404);
  });

  it('blocks hard-bounced and complaining addresses for that sender, through the authenticated webhook', async () => {
    const list = await listWithContacts(ada, 'bounces', ['hard@example.com', 'soft@example.com', 'angry@example.com']);
    const sent = await createCampaign(ada, draft([list], { subject: 'Bounce check' }));
    await waitForCampaign(ada, sent.id, (c) => c.status === 'sent');
    const hardMail = smtp.messages.find((m) => m.subject === 'Bounce check' && toOf(m) === 'hard@example.com')!;
    const hook = (body: unknown, secret?: string) =>
      suite.app.inject({
        method: 'POST',
        url: '/api/email/webhooks/bounce',
        payload: body as object,
        headers: secret ? { authorization: `Bearer ${secret}` } : {},
      });
    expect((await hook({ email: 'hard@example.com', type: 'hard' })).statusCode).toBe(401);
    expect((await hook({ email: 'hard@example.com', type: 'hard' }, 'bounce-secret-of-enough-lengtX')).statusCode).toBe(
      401,
    );
    const secret = 'bounce-secret-of-enough-length';
    expect(
      (await hook({ email: 'hard@example.com', type: 'hard', messageId: hardMail.messageId }, secret)).json(),
    ).toEqual({
      data: { blocked: 1, recorded: 1 },
    });
    expect((await hook({ email: 'soft@example.com', type: 'soft' }, secret)).json()).toEqual({
      data: { blocked: 0, recorded: 1 },
    });
    expect((await hook({ email: 'angry@example.com', type: 'complaint' }, secret)).json()).toEqual({
      data: { blocked: 1, recorded: 1 },
    });
    expect(
      errorResponseSchema.parse((await hook({ email: 'x', type: 'hard' }, secret)).json()).details?.[0]?.field,
    ).toBe('email');
    expect((await getCampaign(ada, sent.id)).bounces).toBe(3);

    const again = await createCampaign(ada, draft([list], { subject: 'After bounces' }));
    expect(again.recipients).toBe(1);
    await waitForCampaign(ada, again.id, (c) => c.status === 'sent');
    expect(smtp.messages.filter((m) => m.subject === 'After bounces').map(toOf)).toEqual(['soft@example.com']);
  });

  it('sends the bulk-campaign and notification calls as campaigns, reporting each address', async () => {
    await suite.app.deps.db
      .insert(emailSuppressions)
      .values({ userId: ada.user.id, email: 'opted-out@example.com', reason: 'unsubscribed' });
    const bulk = await ada.post('/api/email/send/bulk-campaign', {
      recipients: [
        'b1@example.com',
        { email: 'b2@example.com', name: 'Bee' },
        'B1@example.com',
        'opted-out@example.com',
      ],
      subject: 'Bulk hello',
      data: { message: 'Hello from the bulk call' },
    });
    expect(bulk.statusCode).toBe(200);
    const { campaignId, results } = bulkCampaignResponseSchema.parse(bulk.json()).data;
    expect(results).toEqual([
      { email: 'b1@example.com', status: 'queued' },
      { email: 'b2@example.com', status: 'queued' },
      { email: 'b1@example.com', status: 'duplicate' },
      { email: 'opted-out@example.com', status: 'unsubscribed' },
    ]);
    await waitForCampaign(ada, campaignId, (c) => c.status === 'sent');
    expect(
      smtp.messages
        .filter((m) => m.subject === 'Bulk hello')
        .map(toOf)
        .sort(),
    ).toEqual(['b1@example.com', 'b2@example.com']);

    // a notification goes only to the user's own address or a contact (notifications.test.ts)
    for (const email of ['n@example.com', 'opted-out@example.com']) {
      expect((await ada.post('/api/contacts', { email })).statusCode).toBe(201);
    }
    const note = await ada.post('/api/email/send/notification', {
      to: 'n@example.com',
      subject: 'Your order shipped',
      template: 'announcement',
      data: { message: 'On its way.' },
    });
    const sent = notificationResponseSchema.parse(note.json()).data;
    expect(sent.status).toBe('queued');
    const mail = await smtp.waitForMessage((m) => m.subject === 'Your order shipped');
    expect(mail.text).toContain('On its way.');
    const refused = await ada.post('/api/email/send/notification', { to: 'opted-out@example.com', subject: 'Again' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(CAMPAIGN_MESSAGES.noAddressable);
    // notifications are not campaigns of the history
    expect(campaignsResponseSchema.parse((await ada.get('/api/campaigns')).json()).data.map((c) => c.id)).not.toContain(
      sent.campaignId,
    );
  });

  it('an Idempotency-Key makes a doubled or retried POST create and send one campaign; another body with it is 422', async () => {
    const list = await listWithContacts(ada, 'four', addresses('twice', 4));
    const twice = draft([list], { subject: 'Sent once' });
    const key = { headers: { 'idempotency-key': 'compose-7f3a' } };
    const before = campaignsResponseSchema.parse((await ada.get('/api/campaigns')).json()).data.length;
    // a double click: both requests in flight at once
    const [first, second] = await Promise.all([
      ada.post('/api/campaigns', twice, key),
      ada.post('/api/campaigns', twice, key),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    const id = campaignResponseSchema.parse(first.json()).data.id;
    expect(campaignResponseSchema.parse(second.json()).data.id).toBe(id);
    expect([first.headers['idempotent-replayed'], second.headers['idempotent-replayed']]).toContain('true');
    // a retry after the campaign went out answers it again
    await waitForCampaign(ada, id, (c) => c.status === 'sent');
    const retry = await ada.post('/api/campaigns', twice, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(campaignResponseSchema.parse(retry.json()).data).toMatchObject({ id, status: 'sent', delivered: 4 });

    const history = campaignsResponseSchema.parse((await ada.get('/api/campaigns')).json()).data;
    expect(history).toHaveLength(before + 1);
    expect(
      smtp.messages
        .filter((m) => m.subject === 'Sent once')
        .map(toOf)
        .sort(),
    ).toEqual(addresses('twice', 4));

    const other = await ada.post('/api/campaigns', { ...twice, subject: 'Another subject' }, key);
    expect(other.statusCode).toBe(422);
    expect(errorResponseSchema.parse(other.json())).toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      error: IDEMPOTENCY_MESSAGES.keyReused,
    });
    // keys are per user; without a key every POST is a campaign of its own
    const bob = await signedInClient(suite.app);
    const theirs = await bob.post('/api/campaigns', draft([await listWithContacts(bob, 'b', ['b@example.com'])]), key);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    await createCampaign(ada, draft([list], { isImmediate: false }));
    await createCampaign(ada, draft([list], { isImmediate: false }));
    expect(campaignsResponseSchema.parse((await ada.get('/api/campaigns')).json()).data).toHaveLength(before + 3);
  });

  it('counts a scheduled campaign’s and a draft’s recipients as its lists reach them now, not 0', async () => {
    const list = await listWithContacts(ada, 'later', addresses('later', 3));
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await createCampaign(ada, draft([list], { isImmediate: false, scheduledFor: inAnHour }));
    const kept = await createCampaign(ada, draft([list], { isImmediate: false }));
    expect([scheduled.status, scheduled.recipients, kept.status, kept.recipients]).toEqual([
      'scheduled',
      3,
      'draft',
      3,
    ]);
    const recipients = async () => {
      const history = campaignsResponseSchema.parse((await ada.get('/api/campaigns')).json()).data;
      return [scheduled.id, kept.id].map((id) => history.find((c) => c.id === id)?.recipients);
    };
    expect(await recipients()).toEqual([3, 3]);
    // a contact added to the list, one unsubscribed: the count follows, as sending will
    await ada.post('/api/contacts', { email: 'later-new@example.com', lists: [list] });
    await suite.app.deps.db
      .insert(emailSuppressions)
      .values({ userId: ada.user.id, email: addresses('later', 1)[0]!, reason: 'unsubscribed' });
    expect(await recipients()).toEqual([3, 3]);
    expect((await getCampaign(ada, scheduled.id)).recipients).toBe(3);
    await ada.post('/api/contacts', { email: 'later-two@example.com', lists: [list] });
    expect(await recipients()).toEqual([4, 4]);
    // once cancelled it goes to nobody
    await ada.post(`/api/campaigns/${scheduled.id}/cancel`);
    expect(await recipients()).toEqual([0, 4]);
  });

  it('counts waiting campaigns over overlapping lists each address once, as the compose count and the detail do', async () => {
    const shared = addresses('both', 1);
    const onlyA = addresses('only-a', 3);
    const onlyB = addresses('only-b', 2);
    const a = await listWithContacts(ada, 'overlap a', [...onlyA, ...shared]);
    const b = await listWithContacts(ada, 'overlap b', [...shared, ...onlyB]);
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
    const both = await createCampaign(ada, draft([a, b], { isImmediate: false }));
    const justB = await createCampaign(ada, draft([b], { isImmediate: false, scheduledFor: inAnHour }));
    const justA = await createCampaign(ada, draft([a, a], { isImmediate: false }));
    const ids = [both.id, justB.id, justA.id];
    const history = async () => {
      const items = campaignsResponseSchema.parse((await ada.get('/api/campaigns')).json()).data;
      return ids.map((id) => items.find((c) => c.id === id)?.recipients);
    };
    const composeCount = async (lists: string[]) =>
      (
        (await ada.get(`/api/contact-lists/recipients?lists=${lists.join(',')}`)).json() as {
          data: { recipients: number };
        }
      ).data.recipients;
    const oneByOne = async () => Promise.all(ids.map(async (id) => (await getCampaign(ada, id)).recipients));

    expect(await history()).toEqual([6, 3, 4]);
    // another sender's suppression of an address is not this sender's
    const bob = await signedInClient(suite.app);
    await suite.app.deps.db
      .insert(emailSuppressions)
      .values({ userId: bob.user.id, email: shared[0]!, reason: 'complaint' });
    expect(await history()).toEqual([6, 3, 4]);
    // the address in both lists unsubscribes from this sender: gone from all three, once
    await suite.app.deps.db
      .insert(emailSuppressions)
      .values({ userId: ada.user.id, email: shared[0]!, reason: 'unsubscribed' });
    expect(await history()).toEqual([5, 2, 3]);
    expect(await oneByOne()).toEqual([5, 2, 3]);
    expect([await composeCount([a, b]), await composeCount([b]), await composeCount([a])]).toEqual([5, 2, 3]);
  });

  it('lists the composer’s templates with a preview each, Custom Message first', async () => {
    const body = emailTemplatesResponseSchema.parse((await suite.app.inject({ url: '/api/email/templates' })).json());
    const campaign = body.templates.filter((t) => t.kind === 'campaign');
    expect(campaign.map((t) => [t.id, t.name])).toEqual([
      ['campaign', 'Custom Message'],
      ['newsletter', 'Newsletter'],
      ['market-update', 'Market Update'],
      ['announcement', 'Announcement'],
    ]);
    for (const template of campaign) {
      expect(template.preview?.html).toContain('spring price list');
      expect(template.preview?.html).not.toContain('tp.invalid');
      expect(template.preview?.text).toContain('Unsubscribe');
    }
    expect(body.templates.map((t) => t.id)).toEqual(expect.arrayContaining(['contact-message', 'newsletter-confirm']));
  });
});

describe('campaign rules', () => {
  let smtp: TestSmtp | undefined;
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    await smtp?.close();
    app = undefined;
    smtp = undefined;
  });

  it('answers the spec’s message naming each missing field; another user’s lists and campaigns are 404', async () => {
    app = await buildTestApp();
    const ada = await signedInClient(app);
    const bob = await signedInClient(app);
    const res = await ada.post('/api/campaigns', { name: ' ', message: 'hi', selectedLists: [] });
    expect(res.statusCode).toBe(400);
    const body = errorResponseSchema.parse(res.json());
    expect(body.error).toBe(CAMPAIGN_MESSAGES.draftIncomplete);
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.details?.map((d) => d.field).sort()).toEqual(['name', 'selectedLists', 'subject']);

    const list = await listWithContacts(ada, 'mine', ['x@example.com']);
    const theirs = await bob.post('/api/campaigns', draft([list]));
    expect(theirs.statusCode).toBe(404);
    expect(errorResponseSchema.parse(theirs.json()).details).toEqual([
      { field: 'selectedLists.0', message: CAMPAIGN_MESSAGES.listNotFound },
    ]);

    const saved = await createCampaign(ada, draft([list], { isImmediate: false }));
    expect(saved.status).toBe('draft');
    for (const path of ['', '/cancel', '/pause', '/resume', '/send']) {
      const answer = path
        ? await bob.post(`/api/campaigns/${saved.id}${path}`)
        : await bob.get(`/api/campaigns/${saved.id}`);
      expect(answer.statusCode).toBe(404);
    }
    expect((await bob.patch(`/api/campaigns/${saved.id}`, { selectedLists: [list] })).statusCode).toBe(404);
    expect(campaignsResponseSchema.parse((await bob.get('/api/campaigns')).json()).data).toEqual([]);
    expect((await ada.post(`/api/campaigns/${saved.id}/pause`)).statusCode).toBe(409);
    const attached = await ada.post('/api/campaigns', draft([list], { attachedFiles: ['file-1'] }));
    expect(attached.statusCode).toBe(404);
    expect(errorResponseSchema.parse(attached.json()).details?.[0]?.field).toBe('attachedFiles.0');
    const past = await ada.post(
      '/api/campaigns',
      draft([list], { isImmediate: false, scheduledFor: '2020-01-01T00:00:00Z' }),
    );
    expect(errorResponseSchema.parse(past.json()).details?.[0]?.field).toBe('scheduledFor');
  });

  it('flags a waiting campaign whose list was deleted, and refuses to send it (400 naming the list); a scheduled one is held', async () => {
    app = await buildTestApp();
    const ada = await signedInClient(app);
    const kept = await listWithContacts(ada, 'kept', addresses('kept', 2));
    const doomed = await listWithContacts(ada, 'doomed', addresses('doomed', 3));
    const sent = await createCampaign(ada, draft([doomed], { name: 'Sent before' }));
    const saved = await createCampaign(ada, draft([kept, doomed], { name: 'Draft', isImmediate: false }));
    const at = new Date(Date.now() + 3_600_000);
    const scheduled = await createCampaign(
      ada,
      draft([kept, doomed], { name: 'Scheduled', isImmediate: false, scheduledFor: at.toISOString() }),
    );
    expect(saved.deletedLists).toEqual([]);
    expect((await ada.delete(`/api/contact-lists/${doomed}`)).statusCode).toBe(204);

    const history = campaignsResponseSchema.parse((await ada.get('/api/campaigns')).json()).data;
    expect(Object.fromEntries(history.map((c) => [c.name, c.deletedLists]))).toEqual({
      'Sent before': [],
      Draft: [doomed],
      Scheduled: [doomed],
    });
    expect(await getCampaign(ada, saved.id)).toMatchObject({ deletedLists: [doomed], recipients: 2 });
    expect((await getCampaign(ada, sent.id)).deletedLists).toEqual([]);

    const refused = await ada.post(`/api/campaigns/${saved.id}/send`);
    expect(refused.statusCode).toBe(400);
    expect(errorResponseSchema.parse(refused.json())).toEqual({
      success: false,
      error: CAMPAIGN_MESSAGES.listDeleted,
      code: 'LIST_DELETED',
      details: [{ field: 'selectedLists.1', message: CAMPAIGN_MESSAGES.listDeleted }],
    });
    expect(await getCampaign(ada, saved.id)).toMatchObject({ status: 'draft', startedAt: null, pending: 0 });
    const rows = await app.deps.db
      .select()
      .from(campaignRecipients)
      .where(inArray(campaignRecipients.campaignId, [saved.id, scheduled.id]));
    expect(rows).toEqual([]);

    // its time comes: it is not sent to the one list left, it waits, flagged, for the user
    expect(await startScheduledCampaign(app.deps, scheduled.id, new Date(at.getTime() + 1_000))).toBe(
      'awaiting_confirmation',
    );
    expect(await getCampaign(ada, scheduled.id)).toMatchObject({
      status: 'scheduled',
      awaitingConfirmation: true,
      deletedLists: [doomed],
      startedAt: null,
    });
    const stillRefused = await ada.post(`/api/campaigns/${scheduled.id}/send`);
    expect(stillRefused.statusCode).toBe(400);
    expect(errorResponseSchema.parse(stillRefused.json()).code).toBe('LIST_DELETED');

    // the user picks another list: the flag goes, and it sends to the lists it names now
    const other = await listWithContacts(ada, 'other', addresses('other', 4));
    const gone = await ada.patch(`/api/campaigns/${scheduled.id}`, { selectedLists: [kept, doomed] });
    expect(gone.statusCode).toBe(404);
    expect(errorResponseSchema.parse(gone.json()).details).toEqual([
      { field: 'selectedLists.1', message: CAMPAIGN_MESSAGES.listNotFound },
    ]);
    const none = await ada.patch(`/api/campaigns/${scheduled.id}`, { selectedLists: [] });
    expect(errorResponseSchema.parse(none.json()).details).toEqual([
      { field: 'selectedLists', message: CAMPAIGN_MESSAGES.pickList },
    ]);
    const changed = await ada.patch(`/api/campaigns/${scheduled.id}`, { selectedLists: [kept, other] });
    expect(changed.statusCode).toBe(200);
    expect(campaignResponseSchema.parse(changed.json()).data).toMatchObject({
      status: 'scheduled',
      awaitingConfirmation: true,
      selectedLists: [kept, other],
      deletedLists: [],
      recipients: 6,
    });
    const started = await ada.post(`/api/campaigns/${scheduled.id}/send`);
    expect(campaignResponseSchema.parse(started.json()).data).toMatchObject({ status: 'sending', recipients: 6 });
    expect((await ada.patch(`/api/campaigns/${scheduled.id}`, { selectedLists: [kept] })).statusCode).toBe(409);
    expect((await ada.patch(`/api/campaigns/${sent.id}`, { selectedLists: [kept] })).statusCode).toBe(409);
  });

  it('refuses a campaign past the daily recipient quota, whole, and keeps nothing of it', async () => {
    app = await buildTestApp({ CAMPAIGN_DAILY_RECIPIENT_QUOTA: '5' });
    const ada = await signedInClient(app);
    const three = await listWithContacts(ada, 'three', addresses('q', 3));
    await createCampaign(ada, draft([three]));
    const res = await ada.post('/api/campaigns', draft([three], { name: 'Second' }));
    expect(res.statusCode).toBe(429);
    expect(errorResponseSchema.parse(res.json())).toMatchObject({ code: 'QUOTA_EXCEEDED' });
    expect(res.json().error).toContain('2 of 5 recipients left');
    expect(campaignsResponseSchema.parse((await ada.get('/api/campaigns')).json()).data).toHaveLength(1);
    // another user has a quota of their own
    const bob = await signedInClient(app);
    await createCampaign(bob, draft([await listWithContacts(bob, 'b', addresses('b', 5))]));
  });

  it('pauses without losing its place and resumes with the recipients not yet sent, each once', async () => {
    smtp = await startTestSmtp();
    app = await buildTestApp({ SMTP_URL: smtp.url, MAIL_RATE_PER_SECOND: '4', MAIL_CONCURRENCY: '2' });
    const ada = await signedInClient(app);
    const emails = addresses('paced', 24);
    const list = await listWithContacts(ada, 'paced', emails);
    const campaign = await createCampaign(ada, draft([list], { subject: 'Paced' }));
    await smtp.waitForMessage(() => smtp!.messages.length >= 4, 20_000);
    const paused = await ada.post(`/api/campaigns/${campaign.id}/pause`);
    expect(paused.json().data.status).toBe('paused');
    // what was claimed before the pause goes out; then nothing more
    const claimedUnsent = async () => {
      const [pending] = await executeRows<{ n: number }>(
        app!.deps.db,
        sql`
        select count(*)::int as n from ${campaignRecipients} r join ${emailOutbox} o on o.id = r.outbox_id
        where r.campaign_id = ${campaign.id} and o.status = 'pending'`,
      );
      return pending!.n;
    };
    const settled = await vi.waitFor(
      async () => {
        const now = await getCampaign(ada, campaign.id);
        expect({ claimedUnsent: await claimedUnsent(), delivered: now.delivered }).toEqual({
          claimedUnsent: 0,
          delivered: smtp!.messages.length,
        });
        return now;
      },
      { timeout: 30_000, interval: 100 },
    );
    const sentWhilePaused = smtp.messages.length;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(smtp.messages.length).toBe(sentWhilePaused);
    expect(settled.status).toBe('paused');
    expect(sentWhilePaused).toBeLessThan(24);

    expect((await ada.post(`/api/campaigns/${campaign.id}/resume`)).json().data.status).toBe('sending');
    const done = await waitForCampaign(ada, campaign.id, (c) => c.status === 'sent', 60_000);
    expect(done.delivered).toBe(24);
    expect(smtp.messages.map(toOf).sort()).toEqual(emails);
  }, 90_000);

  it('starts a scheduled campaign at its time, and one overdue past the grace waits for confirmation', async () => {
    smtp = await startTestSmtp();
    app = await buildTestApp({ SMTP_URL: smtp.url, MAIL_RATE_PER_SECOND: '0' });
    const ada = await signedInClient(app);
    const list = await listWithContacts(ada, 'scheduled', ['sched@example.com']);
    const at = new Date(Date.now() + 2_000);
    const scheduled = await createCampaign(
      ada,
      draft([list], { isImmediate: false, scheduledFor: at.toISOString().replace('Z', '+00:00'), subject: 'On time' }),
    );
    expect(scheduled).toMatchObject({ status: 'scheduled', scheduledFor: at.toISOString() });
    const done = await waitForCampaign(ada, scheduled.id, (c) => c.status === 'sent', 30_000);
    expect(new Date(done.startedAt!).getTime()).toBeGreaterThanOrEqual(at.getTime());

    // a campaign due while the server was down, two hours ago
    const late = await createCampaign(
      ada,
      draft([list], {
        isImmediate: false,
        scheduledFor: new Date(Date.now() + 3_600_000).toISOString(),
        subject: 'Late',
      }),
    );
    await app.close();
    await app.deps.db
      .update(campaigns)
      .set({ scheduledFor: sql`now() - interval '2 hours'` })
      .where(eq(campaigns.id, late.id));
    app = await buildTestApp({ SMTP_URL: smtp.url, MAIL_RATE_PER_SECOND: '0' }, { reset: false });
    const client = await signedInClient(app, ada.user);
    const waiting = await waitForCampaign(client, late.id, (c) => c.awaitingConfirmation);
    expect(waiting.status).toBe('scheduled');
    expect(smtp.messages.filter((m) => m.subject === 'Late')).toEqual([]);
    const confirmed = await client.post(`/api/campaigns/${late.id}/send`);
    expect(confirmed.json().data).toMatchObject({ status: 'sending', awaitingConfirmation: false });
    await smtp.waitForMessage((m) => m.subject === 'Late');
    // a scheduled one can be cancelled; a sent one cannot
    const other = await createCampaign(
      client,
      draft([list], { isImmediate: false, scheduledFor: new Date(Date.now() + 3_600_000).toISOString() }),
    );
    expect((await client.post(`/api/campaigns/${other.id}/cancel`)).json().data.status).toBe('cancelled');
    expect((await client.post(`/api/campaigns/${scheduled.id}/cancel`)).statusCode).toBe(409);
  }, 60_000);

  it('retries a recipient the relay defers (451) with backoff, and counts it delivered once it goes', async () => {
    smtp = await startTestSmtp({
      deferRecipient: (address, attempt) => address === 'grey@example.com' && attempt === 1,
    });
    app = await buildTestApp({ SMTP_URL: smtp.url, MAIL_RATE_PER_SECOND: '0' });
    const ada = await signedInClient(app);
    const list = await listWithContacts(ada, 'greylisted', ['grey@example.com', 'plain@example.com']);
    const campaign = await createCampaign(ada, draft([list], { subject: 'Deferred' }));
    const done = await waitForCampaign(ada, campaign.id, (c) => c.status === 'sent', 60_000);
    expect(done).toMatchObject({ delivered: 2, failed: 0 });
    expect(smtp.messages.map(toOf).sort()).toEqual(['grey@example.com', 'plain@example.com']);
    const [grey] = await app.deps.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'grey@example.com'));
    expect(grey).toMatchObject({ status: 'sent', attempts: 2 });
  }, 60_000);

  it('a shutdown mid-campaign leaves it sending with the rest unsent; the next start finishes it, each recipient once', async () => {
    smtp = await startTestSmtp();
    const env = { SMTP_URL: smtp.url, MAIL_RATE_PER_SECOND: '4', MAIL_CONCURRENCY: '1' };
    app = await buildTestApp(env);
    const ada = await signedInClient(app);
    const emails = addresses('restart', 16);
    const list = await listWithContacts(ada, 'restart', emails);
    const campaign = await createCampaign(ada, draft([list], { subject: 'Across a restart' }));
    await smtp.waitForMessage(() => smtp!.messages.length >= 2, 20_000);
    await app.close();
    const stopped = await campaignRow(app, campaign.id);
    expect(stopped.status).toBe('sending');
    expect(smtp.messages.length).toBeLessThan(16);

    app = await buildTestApp(env, { reset: false });
    const done = await waitForCampaign(
      await signedInClient(app, ada.user),
      campaign.id,
      (c) => c.status === 'sent',
      60_000,
    );
    expect(done.delivered).toBe(16);
    expect(smtp.messages.map(toOf).sort()).toEqual(emails);
  }, 90_000);

  it('creates one recipient row per address even when several pumps run at once', async () => {
    app = await buildTestApp({ MAIL_RATE_PER_SECOND: '0', MAIL_CONCURRENCY: '8' });
    const ada = await signedInClient(app);
    const list = await listWithContacts(ada, 'many', addresses('dev', 60));
    const campaign = await createCampaign(ada, draft([list]));
    await waitForCampaign(ada, campaign.id, (c) => c.status === 'sent');
    const rows = await app.deps.db
      .select()
      .from(campaignRecipients)
      .where(eq(campaignRecipients.campaignId, campaign.id));
    expect(rows).toHaveLength(60);
    expect(new Set(rows.map((r) => r.outboxId)).size).toBe(60);
    expect((await campaignRow(app, campaign.id)).deliveredCount).toBe(60);
  });
});
