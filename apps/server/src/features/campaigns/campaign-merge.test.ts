import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  MERGE_FIELD_MESSAGES,
  campaignPreviewResponseSchema,
  campaignsResponseSchema,
  errorResponseSchema,
} from '@tp/shared';
import {
  resetDatabase,
  signedInClient,
  startTestSmtp,
  useTestApp,
  type SignedInClient,
  type TestSmtp,
} from '../../test/kit';
import { emailSuppressions } from './campaigns.tables';
import { createCampaign, createList, draft, waitForCampaign } from './campaigns-test-kit';

type Mail = TestSmtp['messages'][number];
const toOf = (mail: Mail) => (Array.isArray(mail.to) ? mail.to : [mail.to]).map((a) => a?.text ?? '').join(',');

const SCRIPT_NAME = '<script>alert("hi")</script>';

/** A list holding these contacts (address and name each). */
async function listOf(client: SignedInClient, name: string, contacts: Array<{ email: string; name: string }>) {
  const list = await createList(client, name);
  for (const contact of contacts) {
    const res = await client.post('/api/contacts', { ...contact, lists: [list] });
    if (res.statusCode !== 201) throw new Error(`add contact ${res.statusCode}: ${res.body}`);
  }
  return list;
}

const personalised = {
  subject: 'Prices for {{name|you}}',
  template: 'newsletter',
  message: 'Dear {{ name | partner }},\n\nWe write to {{email}}.\n\nThe prices: https://example.com/prices\n\nAda',
};

describe('personalisation: each recipient’s name and address merged into the subject and message', () => {
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
  });
  afterAll(async () => {
    await smtp.close();
  });
  const suite = useTestApp(() => ({ SMTP_URL: smtp.url, MAIL_RATE_PER_SECOND: '0' }));
  let ada: SignedInClient;
  beforeEach(async () => {
    await resetDatabase(suite.app.deps.connection);
    smtp.messages.length = 0;
    ada = await signedInClient(suite.app);
  });

  it('sends every contact their own message: the name escaped in HTML and plain in text, the fallback for no name', async () => {
    const list = await listOf(ada, 'buyers', [
      { email: 'script@example.com', name: SCRIPT_NAME },
      { email: 'noname@example.com', name: '' },
      { email: 'grace@example.com', name: 'Grace Hopper' },
    ]);
    const campaign = await createCampaign(ada, draft([list], personalised));
    await waitForCampaign(ada, campaign.id, (c) => c.status === 'sent');
    const mailTo = (address: string) => smtp.messages.find((m) => toOf(m) === address)!;

    const script = mailTo('script@example.com');
    expect(script.subject).toBe(`Prices for ${SCRIPT_NAME}`);
    expect(script.html).toContain('Dear &lt;script&gt;alert(&quot;hi&quot;)&lt;/script&gt;,');
    expect(script.html).not.toContain('<script>');
    expect(script.text).toContain(`Dear ${SCRIPT_NAME},`);
    expect(script.text).toContain('We write to script@example.com.');

    const noName = mailTo('noname@example.com');
    expect(noName.subject).toBe('Prices for you');
    expect(noName.html).toContain('Dear partner,');
    expect(noName.text).toContain('Dear partner,');
    // the newsletter's heading is the subject, merged too (the text part writes it in capitals)
    expect(noName.html).toMatch(/<h1[^>]*>Prices for you<\/h1>/);
    expect(noName.text).toContain('PRICES FOR YOU');

    const grace = mailTo('grace@example.com');
    expect(grace.subject).toBe('Prices for Grace Hopper');
    expect(grace.html).toContain('We write to grace@example.com.');
    for (const mail of smtp.messages) {
      expect(`${mail.subject} ${String(mail.html)} ${mail.text}`).not.toMatch(/\{\{|tp-merge/i);
    }
  });

  it('refuses an unknown field with a 400 naming it and the field it is in; nothing is created or sent', async () => {
    const list = await listOf(ada, 'buyers', [{ email: 'a@example.com', name: 'A' }]);
    const refused = async (path: string, body: Record<string, unknown>) => {
      const res = await ada.post(path, body);
      expect(res.statusCode).toBe(400);
      return errorResponseSchema.parse(res.json());
    };
    const inMessage = await refused('/api/campaigns', draft([list], { message: 'Dear {{company}},' }));
    expect(inMessage.details).toEqual([{ field: 'message', message: MERGE_FIELD_MESSAGES.unknown('company') }]);
    expect(inMessage.error).toContain('{{company}}');
    const inSubject = await refused('/api/campaigns', draft([list], { subject: 'News for {{ Company | you }}' }));
    expect(inSubject.details).toEqual([{ field: 'subject', message: MERGE_FIELD_MESSAGES.unknown('company') }]);
    const unclosed = await refused('/api/campaigns', draft([list], { message: 'Dear {{name},' }));
    expect(unclosed.details?.[0]).toMatchObject({ field: 'message', message: expect.stringContaining('{{name},') });
    const inLink = await refused('/api/campaigns', draft([list], { message: 'See https://example.com/?to={{email}}' }));
    expect(inLink.details).toEqual([{ field: 'message', message: MERGE_FIELD_MESSAGES.inLink('email') }]);
    const bulk = await refused('/api/email/send/bulk-campaign', {
      recipients: ['b@example.com'],
      subject: 'Hello',
      data: { message: 'Dear {{firstname}}' },
    });
    expect(bulk.details).toEqual([{ field: 'data.message', message: MERGE_FIELD_MESSAGES.unknown('firstname') }]);

    expect(campaignsResponseSchema.parse((await ada.get('/api/campaigns')).json()).data).toEqual([]);
    expect(smtp.messages).toEqual([]);
  });
});

describe('POST /api/campaigns/preview', () => {
  const suite = useTestApp();
  let ada: SignedInClient;
  beforeEach(async () => {
    await resetDatabase(suite.app.deps.connection);
    ada = await signedInClient(suite.app);
  });
  const preview = async (body: Record<string, unknown>) => {
    const res = await ada.post('/api/campaigns/preview', body);
    expect(res.statusCode, res.body).toBe(200);
    return campaignPreviewResponseSchema.parse(res.json()).data;
  };

  it('answers the real message for a real recipient of the chosen lists, stepping through them in address order', async () => {
    const buyers = await listOf(ada, 'buyers', [
      { email: 'carol@example.com', name: 'Carol' },
      { email: 'alice@example.com', name: SCRIPT_NAME },
    ]);
    const mills = await listOf(ada, 'mills', [
      { email: 'bob@example.com', name: '' },
      { email: 'left@example.com', name: 'Left' },
    ]);
    // one who unsubscribed is not a recipient (a send would skip them), nor is an address in two lists twice
    await suite.app.deps.db
      .insert(emailSuppressions)
      .values({ userId: ada.user.id, email: 'left@example.com', reason: 'unsubscribed' });
    await ada.post('/api/contacts', { email: 'carol@example.com', name: 'Carol', lists: [mills] });
    const body = { ...personalised, selectedLists: [buyers, mills] };

    const first = await preview(body);
    expect(first).toMatchObject({
      recipient: { email: 'alice@example.com', name: SCRIPT_NAME },
      position: 0,
      recipients: 3,
      subject: `Prices for ${SCRIPT_NAME}`,
    });
    expect(first.html).toContain('Dear &lt;script&gt;alert(&quot;hi&quot;)&lt;/script&gt;,');
    expect(first.html).not.toContain('<script>');
    expect(first.text).toContain(`Dear ${SCRIPT_NAME},`);
    expect(first.text).toContain('The prices: https://example.com/prices');

    const second = await preview({ ...body, recipient: 1 });
    expect(second).toMatchObject({
      recipient: { email: 'bob@example.com', name: '' },
      position: 1,
      subject: 'Prices for you',
    });
    expect(second.text).toContain('Dear partner,');
    expect(second.text).toContain('We write to bob@example.com.');
    // past the end: the last one
    const last = await preview({ ...body, recipient: 40 });
    expect(last).toMatchObject({ recipient: { email: 'carol@example.com' }, position: 2, recipients: 3 });
  });

  it('answers the message with its fallbacks and no recipient when the lists reach nobody, or none is chosen', async () => {
    const empty = await createList(ada, 'empty');
    const nobody = await preview({ ...personalised, selectedLists: [empty] });
    expect(nobody).toMatchObject({ recipient: null, recipients: 0, position: 0, subject: 'Prices for you' });
    expect(nobody.text).toContain('Dear partner,');
    expect(await preview({ ...personalised, selectedLists: [] })).toMatchObject({ recipient: null, recipients: 0 });
  });

  it('refuses an unknown field naming it, and another user’s list as not found', async () => {
    const unknown = await ada.post('/api/campaigns/preview', { subject: 'For {{company}}', message: '' });
    expect(unknown.statusCode).toBe(400);
    expect(errorResponseSchema.parse(unknown.json()).details).toEqual([
      { field: 'subject', message: MERGE_FIELD_MESSAGES.unknown('company') },
    ]);
    const bob = await signedInClient(suite.app);
    const theirs = await listOf(bob, 'theirs', [{ email: 'x@example.com', name: 'X' }]);
    const other = await ada.post('/api/campaigns/preview', { ...personalised, selectedLists: [theirs] });
    expect(other.statusCode).toBe(404);
    expect(errorResponseSchema.parse(other.json()).details?.[0]?.field).toBe('selectedLists.0');
    expect((await suite.app.inject({ method: 'POST', url: '/api/campaigns/preview', payload: {} })).statusCode).toBe(
      401,
    );
  });
});
