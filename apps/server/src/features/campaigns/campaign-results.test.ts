import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignRecipientsResponseSchema, errorResponseSchema, type CampaignRecipientResult } from '@tp/shared';
import { signedInClient, startTestSmtp, useTestApp, type SignedInClient, type TestSmtp } from '../../test/kit';
import { emailOutbox } from '../../plugins/mail/mail.tables';
import { users } from '../users/users.tables';
import { createCampaign, createList, draft, waitForCampaign } from './campaigns-test-kit';

type Mail = TestSmtp['messages'][number];
const toOf = (mail: Mail) => (Array.isArray(mail.to) ? mail.to : [mail.to]).map((a) => a?.text ?? '').join(',');
const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const SCANNER = 'Mozilla/5.0 (compatible; GoogleImageProxy)';

/**
 * One campaign to five contacts, then what happened to each: a person opened (after a scanner
 * did), a person clicked (a scanner clicked first), one bounced, one unsubscribed, and one was
 * refused by the relay. Names begin with what a spreadsheet would read as a formula.
 */
const CONTACTS = [
  { email: 'a-opened@example.com', name: '=HYPERLINK("http://evil.example","Click")' },
  { email: 'b-clicked@example.com', name: '+44 Trading' },
  { email: 'c-bounced@example.com', name: '-Cotton Mill' },
  { email: 'd-left@example.com', name: '@Coffee' },
  { email: 'gone-away@example.com', name: 'Zoë Ltd' },
];

describe('a campaign’s results per recipient', () => {
  let smtp: TestSmtp;
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
  let ada: SignedInClient;
  let campaignId: string;

  const request = (url: string, userAgent: string, method: 'GET' | 'POST' = 'GET') =>
    suite.app.inject({ method, url: url.replace('http://localhost:3000', ''), headers: { 'user-agent': userAgent } });
  const linkIn = (address: string, pattern: RegExp) => {
    const mail = smtp.messages.find((m) => toOf(m) === address)!;
    return pattern.exec(String(mail.html))![0];
  };
  const page = async (query = '') => {
    const res = await ada.get(`/api/campaigns/${campaignId}/recipients${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return campaignRecipientsResponseSchema.parse(res.json());
  };

  beforeAll(async () => {
    ada = await signedInClient(suite.app);
    await suite.app.deps.db.update(users).set({ timezone: 'Asia/Kolkata' }).where(eq(users.id, ada.user.id));
    const list = await createList(ada, 'buyers');
    for (const contact of CONTACTS) await ada.post('/api/contacts', { ...contact, lists: [list] });
    campaignId = (await createCampaign(ada, draft([list]))).id;
    await waitForCampaign(ada, campaignId, (c) => c.status === 'sent');

    const pixel = /http:\/\/localhost:3000\/api\/email\/track\/open\/[\w.-]+/;
    const click = /http:\/\/localhost:3000\/api\/email\/track\/click\/[\w.-]+\/0/;
    // scanners (known by their agent, however late they come) are machines; people come an hour later.
    // The link leads off the site, so a click answers the page naming where it leads (200).
    expect((await request(linkIn('a-opened@example.com', pixel), SCANNER)).statusCode).toBe(200);
    expect((await request(linkIn('b-clicked@example.com', click), SCANNER)).statusCode).toBe(200);
    await suite.app.deps.db.update(emailOutbox).set({ sentAt: sql`now() - interval '1 hour'` });
    expect((await request(linkIn('a-opened@example.com', pixel), BROWSER)).statusCode).toBe(200);
    expect((await request(linkIn('b-clicked@example.com', click), BROWSER)).statusCode).toBe(200);
    const unsubscribe = /http:\/\/localhost:3000\/unsubscribe\/([\w.-]+)/.exec(
      smtp.messages.find((m) => toOf(m) === 'd-left@example.com')!.text ?? '',
    )![1]!;
    expect((await request(`/api/unsubscribe/${unsubscribe}`, BROWSER, 'POST')).statusCode).toBe(200);
    const bounced = await suite.app.inject({
      method: 'POST',
      url: '/api/email/webhooks/bounce',
      headers: { authorization: 'Bearer bounce-secret-of-enough-length' },
      payload: { email: 'c-bounced@example.com', type: 'hard' },
    });
    expect(bounced.statusCode).toBe(200);
  });

  it('lists who was sent, delivered, bounced, opened, clicked and unsubscribed, machines marked apart', async () => {
    const { data, pagination } = await page();
    expect(pagination).toEqual({ page: 1, limit: 50, total: 5, hasNext: false, hasPrev: false });
    const byEmail = new Map(data.map((r) => [r.email, r]));
    expect(data.map((r) => r.email)).toEqual(CONTACTS.map((c) => c.email));
    const none = { bounce: null, bouncedAt: null, unsubscribedAt: null, clicks: 0, machineClicks: 0 };
    expect(byEmail.get('a-opened@example.com')).toMatchObject<Partial<CampaignRecipientResult>>({
      name: CONTACTS[0]!.name,
      delivery: 'delivered',
      opens: 1,
      machineOpens: 1,
      clickedAt: null,
      ...none,
    });
    expect(byEmail.get('a-opened@example.com')?.openedAt).toEqual(expect.any(String));
    expect(byEmail.get('b-clicked@example.com')).toMatchObject({
      delivery: 'delivered',
      clicks: 1,
      machineClicks: 1,
      opens: 0,
      machineOpens: 0,
      openedAt: expect.any(String), // a person's click counts as an open
      clickedAt: expect.any(String),
    });
    expect(byEmail.get('c-bounced@example.com')).toMatchObject({
      delivery: 'delivered',
      bounce: 'hard',
      bouncedAt: expect.any(String),
    });
    expect(byEmail.get('d-left@example.com')).toMatchObject({ unsubscribedAt: expect.any(String), opens: 0 });
    expect(byEmail.get('gone-away@example.com')).toMatchObject({ delivery: 'failed', deliveredAt: null });
    expect(byEmail.get('a-opened@example.com')?.deliveredAt).toEqual(expect.any(String));
  });

  it('pages in address order, and filters by what happened', async () => {
    const second = await page('?limit=2&page=2');
    expect(second.data.map((r) => r.email)).toEqual(['c-bounced@example.com', 'd-left@example.com']);
    expect(second.pagination).toEqual({ page: 2, limit: 2, total: 5, hasNext: true, hasPrev: true });
    const emails = async (filter: string) => (await page(`?filter=${filter}`)).data.map((r) => r.email);
    expect(await emails('opened')).toEqual(['a-opened@example.com', 'b-clicked@example.com']);
    expect(await emails('clicked')).toEqual(['b-clicked@example.com']);
    expect(await emails('bounced')).toEqual(['c-bounced@example.com']);
    expect(await emails('unsubscribed')).toEqual(['d-left@example.com']);
    expect(await emails('failed')).toEqual(['gone-away@example.com']);
    expect((await ada.get(`/api/campaigns/${campaignId}/recipients?filter=everyone`)).statusCode).toBe(400);
  });

  it('exports every recipient as CSV a spreadsheet opens: UTF-8 with BOM, ISO times in the user’s zone, formulas neutralised', async () => {
    const res = await ada.get(`/api/campaigns/${campaignId}/recipients/export`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Spring price list - recipients.csv"');
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = bytes.toString('utf8');
    expect(csv).toContain('\r\n');
    const rows = parse(csv, { bom: true, columns: true }) as Array<Record<string, string>>;
    expect(rows.map((r) => r.Email)).toEqual(CONTACTS.map((c) => c.email));
    // a cell a spreadsheet would run as a formula starts with an apostrophe; other text is as it was
    expect(rows.map((r) => r.Name)).toEqual([
      `'${CONTACTS[0]!.name}`,
      "'+44 Trading",
      "'-Cotton Mill",
      "'@Coffee",
      'Zoë Ltd',
    ]);
    const opened = rows[0]!;
    expect(opened).toMatchObject({ Delivery: 'delivered', Opens: '1', 'Machine opens': '1', Clicks: '0' });
    expect(opened['First opened at']).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+05:30$/);
    const { data } = await page();
    expect(new Date(opened['First opened at']!).getTime()).toBe(
      Math.floor(new Date(data[0]!.openedAt!).getTime() / 1000) * 1000,
    );
    expect(rows[2]).toMatchObject({ Bounce: 'hard', 'Bounced at': expect.stringMatching(/\+05:30$/) });
    expect(rows[3]!['Unsubscribed at']).toMatch(/\+05:30$/);
    expect(rows[4]).toMatchObject({ Delivery: 'failed', 'Delivered at': '', 'First opened at': '' });
  });

  it('is the owner’s only: another user’s campaign, or none, is 404 for the page and the export', async () => {
    const bob = await signedInClient(suite.app);
    for (const path of ['recipients', 'recipients/export']) {
      const theirs = await bob.get(`/api/campaigns/${campaignId}/${path}`);
      expect(theirs.statusCode).toBe(404);
      expect(errorResponseSchema.parse(theirs.json()).error).toBe('Campaign not found');
      expect((await ada.get(`/api/campaigns/${crypto.randomUUID()}/${path}`)).statusCode).toBe(404);
      expect((await suite.app.inject({ url: `/api/campaigns/${campaignId}/${path}` })).statusCode).toBe(401);
    }
  });
});
