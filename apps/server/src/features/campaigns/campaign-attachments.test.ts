import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGN_MESSAGES, errorResponseSchema } from '@tp/shared';
import { useTestApp, signedInClient, startTestSmtp, type SignedInClient, type TestSmtp } from '../../test/kit';
import { userActivity } from '../activity/activity.tables';
import { uploaded } from '../content/content-test-kit';
import { createCampaign, draft, getCampaign, listWithContacts, waitForCampaign } from './campaigns-test-kit';

const text = (name: string, content: string) => ({
  fileName: name,
  content: Buffer.from(content),
  contentType: 'text/plain',
});

describe('campaign attachments and activity', () => {
  let smtp: TestSmtp;
  let ada: SignedInClient;
  let bob: SignedInClient;
  let base: string;

  beforeAll(async () => {
    smtp = await startTestSmtp();
  });
  afterAll(async () => {
    await smtp.close();
  });
  const t = useTestApp(() => ({ SMTP_URL: smtp.url, MAIL_RATE_PER_SECOND: '0' }));
  beforeAll(async () => {
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    ada = await signedInClient(t.app);
    bob = await signedInClient(t.app);
  });

  it('refuses files that are not the sender’s own with a 404 naming each entry, and keeps nothing', async () => {
    const list = await listWithContacts(ada, 'attach-refused', ['one@example.com']);
    const mine = await uploaded(ada, text('mine.txt', 'price list'));
    const theirs = await uploaded(bob, text('theirs.txt', 'not yours'));
    const res = await ada.post(
      '/api/campaigns',
      draft([list], { attachedFiles: [mine.file.id, theirs.file.id, 'not-an-id'] }),
    );
    expect(res.statusCode).toBe(404);
    const body = errorResponseSchema.parse(res.json());
    expect(body.error).toBe(CAMPAIGN_MESSAGES.attachmentNotFound);
    expect(body.details).toEqual([
      { field: 'attachedFiles.1', message: CAMPAIGN_MESSAGES.attachmentNotFound },
      { field: 'attachedFiles.2', message: CAMPAIGN_MESSAGES.attachmentNotFound },
    ]);
    expect((await ada.get('/api/campaigns')).json().data).toEqual([]);

    const bulk = await ada.post('/api/email/send/bulk-campaign', {
      recipients: ['two@example.com'],
      subject: 'Bulk with a stranger’s file',
      attachments: [theirs.file.id],
    });
    expect(bulk.statusCode).toBe(404);
    expect(errorResponseSchema.parse(bulk.json()).details?.[0]?.field).toBe('attachments.0');
  });

  it('sends the files as links: a public file’s permanent link, a private one signed for 7 days, each downloading the file', async () => {
    const list = await listWithContacts(ada, 'attach-sent', ['reader@example.com']);
    const secret = await uploaded(ada, text('private-prices.txt', 'private price list'));
    const open = await uploaded(ada, text('public-brochure.txt', 'public brochure'));
    expect((await ada.put(`/api/content/access/${open.file.id}/public`, { isPublic: true })).statusCode).toBe(200);

    const before = Date.now();
    const campaign = await createCampaign(
      ada,
      draft([list], { subject: 'With files', attachedFiles: [secret.file.id, open.file.id, secret.file.id] }),
    );
    expect(campaign.attachedFiles).toEqual([secret.file.id, open.file.id]);
    await waitForCampaign(ada, campaign.id, (c) => c.status === 'sent');
    const mail = smtp.messages.find((m) => m.subject === 'With files')!;
    const html = String(mail.html);
    expect(html).toContain('private-prices.txt');
    expect(html).toContain('public-brochure.txt');

    // the files' links go through click tracking (links 0 and 1: the files, in order)
    const follow = async (index: number) => {
      const click = new RegExp(`http://localhost:3000/api/email/track/click/[\\w.-]+/${index}`).exec(html)![0];
      const res = await fetch(click.replace('http://localhost:3000', base), { redirect: 'manual' });
      expect(res.status).toBe(302);
      return new URL(res.headers.get('location')!);
    };
    const signed = await follow(0);
    expect(signed.pathname).toBe(`/api/content/access/${secret.file.id}`);
    const expires = Number(signed.searchParams.get('expires')) * 1000;
    expect(expires - before).toBeGreaterThanOrEqual(7 * 24 * 3_600_000 - 60_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(7 * 24 * 3_600_000);
    const download = await fetch(`${base}${signed.pathname}${signed.search}`);
    expect(download.status).toBe(200);
    expect(await download.text()).toBe('private price list');

    const permanent = await follow(1);
    expect(permanent.search).toBe('');
    expect(await (await fetch(`${base}${permanent.pathname}`)).text()).toBe('public brochure');
    // the private file is not readable without the signature
    expect((await fetch(`${base}${signed.pathname}`)).status).not.toBe(200);
  });

  it('does not send a campaign whose file was deleted after the draft was saved', async () => {
    const list = await listWithContacts(ada, 'attach-deleted', ['late@example.com']);
    const file = await uploaded(ada, text('soon-gone.txt', 'gone'));
    const saved = await createCampaign(ada, draft([list], { isImmediate: false, attachedFiles: [file.file.id] }));
    expect((await ada.delete(`/api/content/files/${file.file.id}`)).statusCode).toBeLessThan(300);
    const res = await ada.post(`/api/campaigns/${saved.id}/send`);
    expect(res.statusCode).toBe(400);
    expect(errorResponseSchema.parse(res.json()).error).toBe(`${CAMPAIGN_MESSAGES.attachmentDeleted}: soon-gone.txt`);
    expect((await getCampaign(ada, saved.id)).status).toBe('draft');
  });

  it('records campaign_sent once, in the transaction that marks the campaign sent; not for a notification', async () => {
    const carl = await signedInClient(t.app);
    const list = await listWithContacts(carl, 'activity', ['a@example.com', 'b@example.com']);
    const campaign = await createCampaign(carl, draft([list], { subject: 'Counted' }));
    const sent = await waitForCampaign(carl, campaign.id, (c) => c.status === 'sent');
    const events = await t.app.deps.db
      .select()
      .from(userActivity)
      .where(and(eq(userActivity.userId, carl.user.id), eq(userActivity.kind, 'campaign_sent')));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ key: `campaign:${campaign.id}`, xp: 25 });
    expect(events[0]!.occurredAt.toISOString()).toBe(sent.sentAt);

    const note = await carl.post('/api/email/send/notification', { to: 'a@example.com', subject: 'Just a note' });
    expect(note.statusCode).toBe(200);
    const noteId = note.json().data.campaignId as string;
    await waitForCampaign(carl, noteId, (c) => c.status === 'sent');
    const after = await t.app.deps.db
      .select()
      .from(userActivity)
      .where(and(eq(userActivity.userId, carl.user.id), eq(userActivity.kind, 'campaign_sent')));
    expect(after).toHaveLength(1);
  });
});
