import { describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SHARED_LINK_MESSAGES, sharedLinksResponseSchema, type ContentFile } from '@tp/shared';
import { useTestApp, signedInClient, type SignedInClient } from '../../test/kit';
import { emailOutbox } from '../../db/schema';
import { contentFiles, contentSharedLinkDownloads, contentSharedLinks } from './content.tables';
import { uploaded } from './content-test-kit';

const DAY_MS = 86_400_000;
const PRICES = 'Price list, autumn: Arabica AA 4.20 USD/lb. Buyer: Lisbon Traders. LC 4471-220.';

function share(client: SignedInClient, files: ContentFile[], body: Record<string, unknown> = {}) {
  return client.post('/api/email/send/content-share', {
    to: 'buyer@lisbon-traders.pt',
    subject: 'Shared Files: price-list.txt',
    files: files.map(({ id, name, url, size, type }) => ({ id, name, url, size, type })),
    ...body,
  });
}

/** The path and query of the link to `name` in the newest e-mail to `to`, read from the outbox. */
async function linkIn(app: FastifyInstance, to: string, name: string): Promise<string> {
  const [mail] = await app.deps.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, to))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  const match = new RegExp(`href="([^"]+)"[^>]*>${name.replace(/\./g, '\\.')}<`).exec(mail?.html ?? '');
  if (!match) throw new Error(`no link to ${name} in an e-mail to ${to}`);
  const url = new URL(match[1]!.replace(/&amp;/g, '&'));
  return url.pathname + url.search;
}

const linksOf = (app: FastifyInstance, fileId: string) =>
  app.deps.db.select().from(contentSharedLinks).where(eq(contentSharedLinks.fileId, fileId));

describe('shared links', () => {
  const t = useTestApp();
  const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    t.app.inject({ method, url, headers });

  it('checks a whole share before changing anything: addresses, days, files', async () => {
    const ada = await signedInClient(t.app);
    const bob = await signedInClient(t.app);
    const { file } = await uploaded(ada, { fileName: 'price-list.txt', content: Buffer.from(PRICES) });
    const bobs = await uploaded(bob, { fileName: 'bob.txt', content: Buffer.from('bob') });
    const refusals = [
      [{ to: 'buyer@' }, 400, 'to'],
      [{ to: 'buyer@lisbon-traders.pt\r\nBcc: x@evil.test' }, 400, 'to'],
      [{ expiresInDays: 0 }, 400, 'expiresInDays'],
      [{ expiresInDays: 31 }, 400, 'expiresInDays'],
      [{ expiresInDays: 2.5 }, 400, 'expiresInDays'],
      [{ expiresInDays: '7' }, 400, 'expiresInDays'],
    ] as const;
    for (const [body, status, field] of refusals) {
      const res = await share(ada, [file], { ...body, makePublic: true });
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().details[0].field, JSON.stringify(body)).toBe(field);
    }
    expect((await share(ada, [file], { expiresInDays: 31 })).json().details[0].message).toBe(
      SHARED_LINK_MESSAGES.daysOutOfRange,
    );
    // one file of another user's spoils the share: none of it happens
    expect((await share(ada, [file, bobs.file], { makePublic: true })).statusCode).toBe(404);

    const rows = await t.app.deps.db.select().from(contentFiles);
    expect(rows.map((row) => [row.name, row.isPublic]).sort()).toEqual([
      ['bob.txt', false],
      ['price-list.txt', false],
    ]);
    expect(await t.app.deps.db.select().from(contentSharedLinks)).toEqual([]);
    expect(await t.app.deps.db.select().from(emailOutbox)).toEqual([]);

    // valid: made public, one link stored, one e-mail written, together
    expect((await share(ada, [file], { makePublic: true })).statusCode).toBe(200);
    expect((await t.app.deps.db.select().from(contentFiles).where(eq(contentFiles.id, file.id)))[0]!.isPublic).toBe(
      true,
    );
    expect(await linksOf(t.app, file.id)).toHaveLength(1);
    expect(await t.app.deps.db.select().from(emailOutbox)).toHaveLength(1);
  });

  it('live for the days chosen; counts each download from the first byte, when and never who', async () => {
    const ada = await signedInClient(t.app);
    const { file } = await uploaded(ada, { fileName: 'price-list.txt', content: Buffer.from(PRICES) });
    const started = Date.now();
    await share(ada, [file], { to: 'day@buyer.test', expiresInDays: 1 });
    await share(ada, [file], { to: 'month@buyer.test', expiresInDays: 30 });
    const link = await linkIn(t.app, 'day@buyer.test', 'price-list.txt');

    // a private file: its own address stays closed, the shared link opens it
    expect((await get(`/api/content/access/${file.id}`)).statusCode).toBe(404);
    expect((await get(link)).body).toBe(PRICES);
    expect((await get(link, { range: 'bytes=0-9' })).statusCode).toBe(206);
    // not downloads: a later range, HEAD, a revalidation
    expect((await get(link, { range: 'bytes=10-' })).statusCode).toBe(206);
    const head = await get(link, {}, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect((await get(link, { 'if-none-match': head.headers.etag as string })).statusCode).toBe(304);

    const listed = sharedLinksResponseSchema.parse((await ada.get('/api/content/shared-links')).json());
    expect(listed.total).toBe(2);
    expect(listed.links.map((l) => [l.recipient, l.fileName, l.downloads])).toEqual([
      ['month@buyer.test', 'price-list.txt', 0],
      ['day@buyer.test', 'price-list.txt', 2],
    ]);
    const [month, day] = listed.links;
    expect(Date.parse(day!.expiresAt) - started).toBeGreaterThan(DAY_MS - 60_000);
    expect(Date.parse(day!.expiresAt) - started).toBeLessThan(DAY_MS + 60_000);
    expect(Date.parse(month!.expiresAt) - started).toBeGreaterThan(30 * DAY_MS - 60_000);
    expect(month!.lastDownloadAt).toBeNull();
    expect(Date.parse(day!.lastDownloadAt!)).toBeGreaterThanOrEqual(started - 1_000);

    const downloads = await t.app.deps.db
      .select()
      .from(contentSharedLinkDownloads)
      .where(eq(contentSharedLinkDownloads.linkId, day!.id));
    expect(downloads).toHaveLength(2);
    // what a download keeps: its link and its time, nothing about the reader
    expect(Object.keys(downloads[0]!).sort()).toEqual(['downloadedAt', 'id', 'linkId']);

    const bob = await signedInClient(t.app);
    expect((await bob.get('/api/content/shared-links')).json()).toEqual({ links: [], total: 0 });
  });

  it('stops a revoked link at once with 410 and a page saying so, never the file', async () => {
    const ada = await signedInClient(t.app);
    const bob = await signedInClient(t.app);
    const { file } = await uploaded(ada, { fileName: 'price-list.txt', content: Buffer.from(PRICES) });
    await share(ada, [file], { to: 'revoke@buyer.test', makePublic: true });
    const link = await linkIn(t.app, 'revoke@buyer.test', 'price-list.txt');
    const [{ id }] = (await ada.get('/api/content/shared-links')).json().links;

    expect((await bob.delete(`/api/content/shared-links/${id}`)).statusCode).toBe(404);
    expect((await get(link)).statusCode).toBe(200);
    const revoked = await ada.delete(`/api/content/shared-links/${id}`);
    expect(revoked.json()).toEqual({ success: true, message: SHARED_LINK_MESSAGES.revoked });

    const json = await get(link);
    expect(json.statusCode).toBe(410);
    expect(json.json()).toEqual({ success: false, error: SHARED_LINK_MESSAGES.linkRevoked, code: 'LINK_REVOKED' });
    const page = await get(link, { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' });
    expect(page.statusCode).toBe(410);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain('<h1>Link turned off</h1>');
    expect(page.body).toContain('This link was turned off by the person who sent it.');
    expect(page.body).not.toContain('Arabica');
    expect((await get(link, { range: 'bytes=0-9' })).statusCode).toBe(410);

    expect((await ada.get('/api/content/shared-links')).json()).toEqual({ links: [], total: 0 });
    expect((await ada.delete(`/api/content/shared-links/${id}`)).statusCode).toBe(200);
    // the file itself is untouched: still public by its own address
    expect((await get(`/api/content/access/${file.id}`)).body).toBe(PRICES);
  });

  it('answers 410 once a link expires, and 404 for an unknown token or a deleted file', async () => {
    const ada = await signedInClient(t.app);
    const { file } = await uploaded(ada, { fileName: 'price-list.txt', content: Buffer.from(PRICES) });
    await share(ada, [file], { to: 'late@buyer.test' });
    await share(ada, [file], { to: 'gone@buyer.test' });
    const late = await linkIn(t.app, 'late@buyer.test', 'price-list.txt');
    const gone = await linkIn(t.app, 'gone@buyer.test', 'price-list.txt');
    await t.app.deps.db
      .update(contentSharedLinks)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(and(eq(contentSharedLinks.fileId, file.id), eq(contentSharedLinks.recipient, 'late@buyer.test')));

    const expired = await get(late);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ code: 'LINK_EXPIRED', error: SHARED_LINK_MESSAGES.linkExpired });
    expect((await get(late, { accept: 'text/html' })).body).toContain('<h1>Link expired</h1>');
    expect((await ada.get('/api/content/shared-links')).json().links).toHaveLength(1);

    const unknown = await get('/api/content/shared?token=nope', { accept: 'text/html' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('<h1>Link not found</h1>');
    expect((await get('/api/content/shared')).statusCode).toBe(400);

    expect((await ada.delete(`/api/content/files/${file.id}`)).statusCode).toBe(200);
    expect((await get(gone)).json()).toMatchObject({ code: 'NOT_FOUND', error: SHARED_LINK_MESSAGES.linkNotFound });
    expect(await linksOf(t.app, file.id)).toEqual([]);
  });
});
