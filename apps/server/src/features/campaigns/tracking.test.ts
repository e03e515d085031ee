import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { SignedInClient } from '../../test/kit';
import { useSignedInTestApp } from '../../test/kit';
import { emailOutbox } from '../../plugins/mail/mail.tables';
import { campaignEvents, campaignRecipients } from './campaigns.tables';
import { createCampaign, draft, getCampaign, listWithContacts, waitForCampaign } from './campaigns-test-kit';
import { TRACKING_PAGE_CSP } from './tracking-pages';

const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const SCANNER = 'Mozilla/5.0 (compatible; GoogleImageProxy)';

/** Click-tracking links (decision 0033), the open pixel, and what each answers. */
describe('tracked links', () => {
  const t = useSignedInTestApp();

  /** Sends a one-recipient campaign with this message and answers the links of the message as written. */
  async function sent(client: SignedInClient, message: string, to = 'reader@example.com') {
    const list = await listWithContacts(client, `list-${Math.random()}`, [to]);
    const campaign = await createCampaign(client, draft([list], { message }));
    await waitForCampaign(client, campaign.id, (c) => c.status === 'sent');
    const [row] = await t.app.deps.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));
    const path = (pattern: RegExp) => pattern.exec(row!.html)![0].replace('http://localhost:3000', '');
    return {
      campaign,
      pixel: path(/http:\/\/localhost:3000\/api\/email\/track\/open\/[\w.-]+/),
      click: (index: number) => path(new RegExp(`http://localhost:3000/api/email/track/click/[\\w.-]+/${index}`)),
      /** Moves the message's writing (and delivery) this far into the past. */
      age: (interval: string) =>
        t.app.deps.db
          .update(emailOutbox)
          .set({ createdAt: sql`now() - ${interval}::interval`, sentAt: sql`now() - ${interval}::interval` })
          .where(eq(emailOutbox.id, row!.id)),
    };
  }
  const get = (url: string, agent = BROWSER) => t.app.inject({ url, headers: { 'user-agent': agent } });

  it('counts opens and clicks of people once each and machines apart; only signed links count', async () => {
    const { campaign, pixel, click, age } = await sent(
      t.client,
      'Prices: https://example.com/prices?season=spring&x=1',
    );

    // a scanner right after delivery
    const scanned = await get(pixel, SCANNER);
    expect(scanned.statusCode).toBe(200);
    expect(scanned.headers['content-type']).toBe('image/gif');
    expect((await get(click(0))).statusCode).toBe(200); // within seconds of delivery: a machine
    expect(await getCampaign(t.client, campaign.id)).toMatchObject({
      opens: 0,
      clicks: 0,
      machineOpens: 1,
      machineClicks: 1,
    });

    // a person, an hour later: two opens and a click count as one open and one click
    await age('1 hour');
    expect((await get(pixel)).statusCode).toBe(200);
    expect((await get(pixel)).statusCode).toBe(200);
    expect((await get(click(0))).statusCode).toBe(200);
    expect(await getCampaign(t.client, campaign.id)).toMatchObject({
      opens: 1,
      clicks: 1,
      machineOpens: 1,
      machineClicks: 1,
    });

    // another index under the same signature, a forged signature, an altered pixel: nothing counted
    expect((await get(click(0).replace(/\/0$/, '/1'))).statusCode).toBe(404);
    expect((await get(`${click(0).slice(0, -6)}AAAAA/0`)).statusCode).toBe(404);
    expect((await get(pixel.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')))).statusCode).toBe(404);
    expect(await t.app.deps.db.select().from(campaignEvents)).toHaveLength(5);
  });

  it('never redirects to another site, even one the sender mailed to themselves: it says where the link leads', async () => {
    const target = 'https://evil.test/login?next=%2Fhome&a=1';
    const { click } = await sent(t.client, `Sign in again: ${target}`, t.client.user.email);
    const res = await get(`${click(0)}?url=https://other.test`);
    expect(res.statusCode).toBe(200);
    expect(res.headers.location).toBeUndefined();
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toBe(TRACKING_PAGE_CSP);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatch(/^<!DOCTYPE html><html lang="en">/);
    expect(res.body).toContain('<h1>You are leaving Trading Portal for evil.test</h1>');
    // Continue is a real link to the message's URL, and nothing leads to what the request added
    expect(res.body).toContain('<a class="button" href="https://evil.test/login?next=%2Fhome&amp;a=1"');
    expect(res.body).toContain('prefers-color-scheme:light');
    expect(res.body).not.toContain('other.test');
    expect(res.body).not.toContain('<script');
  });

  it('names the host a link really leads to: a look-alike in its ASCII spelling, not the user part before @', async () => {
    const { click } = await sent(t.client, 'One https://localhost:3000@evil.test/x and two https://exаmple.test/y');
    expect((await get(click(0))).body).toContain('You are leaving Trading Portal for evil.test</h1>');
    expect((await get(click(1))).body).toContain('You are leaving Trading Portal for xn--exmple-4nf.test</h1>');
  });

  it('redirects a link to a page of this site (the sender’s files, the app)', async () => {
    const { click } = await sent(t.client, 'Your dashboard: http://localhost:3000/trades?tab=open');
    const res = await get(click(0));
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('http://localhost:3000/trades?tab=open');
  });

  it('stops working 90 days after the message was written: a page with the target as text, nothing counted', async () => {
    const { campaign, click, age } = await sent(t.client, 'Prices: https://example.com/prices');
    await age('89 days');
    expect((await get(click(0))).statusCode).toBe(200);
    await age('90 days 1 minute');
    const res = await get(click(0));
    expect(res.statusCode).toBe(410);
    expect(res.headers.location).toBeUndefined();
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<h1>This link has expired</h1>');
    expect(res.body).toContain('work for 90 days');
    expect(res.body).toContain('<p class="target">https://example.com/prices</p>');
    expect(res.body).not.toContain('href="https://example.com');
    expect((await getCampaign(t.client, campaign.id)).clicks).toBe(1);
    expect(await t.app.deps.db.select().from(campaignEvents)).toHaveLength(1);
  });

  it('answers a forged, cut-short or message-less link with a page that names no target', async () => {
    const { click } = await sent(t.client, 'Prices: https://example.com/prices');
    const invalid = async (url: string) => {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.body, url).toContain('<h1>This link is not valid</h1>');
      expect(res.body, url).not.toContain('example.com');
    };
    await invalid(`${click(0).slice(0, -6)}AAAAA/0`);
    await invalid(click(0).replace(/[\w-]{10}\/0$/, '/0'));
    await invalid(click(0).replace(/\/0$/, '/x'));
    // a signed link is bound to the recipient's written message: without one it leads nowhere
    await t.app.deps.db.update(campaignRecipients).set({ outboxId: null });
    await invalid(click(0));
    expect(await t.app.deps.db.select().from(campaignEvents)).toEqual([]);
  });

  it('serves the open pixel loadable from web mail’s origin; every other answer stays same-origin', async () => {
    const { pixel, click } = await sent(t.client, 'Prices: https://example.com/prices');
    expect((await get(pixel)).headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect((await get(click(0))).headers['cross-origin-resource-policy']).toBe('same-origin');
    expect((await t.client.get('/api/campaigns')).headers['cross-origin-resource-policy']).toBe('same-origin');
    expect((await t.app.inject({ url: '/' })).headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});
