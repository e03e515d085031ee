import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import {
  CONTENT_MESSAGES,
  contentHealthResponseSchema,
  deleteFileResponseSchema,
  fileInfoResponseSchema,
  fileStatsResponseSchema,
  listFilesResponseSchema,
  meResponseSchema,
  publicFilesResponseSchema,
  sessionFilesResponseSchema,
  signedUrlResponseSchema,
  toggleVisibilityResponseSchema,
} from '@tp/shared';
import { useTestApp, createUser, signedInClient } from '../../test/kit';
import { userActivity } from '../activity/activity.tables';
import { contentFiles, contentOwnerStats } from './content.tables';
import { makePdf, makePng, uploaded } from './content-test-kit';

const text = (content: string) => Buffer.from(content, 'utf8');

/** Moves a file's upload time into the past (the period filters read it). */
async function backdate(app: FastifyInstance, id: string, days: number) {
  await app.deps.db
    .update(contentFiles)
    .set({ createdAt: sql`now() - make_interval(days => ${days})` })
    .where(eq(contentFiles.id, id));
}

describe('content hub: the library of one user', () => {
  const t = useTestApp();

  it('answers an upload with the file, where to read it now, and its permanent links', async () => {
    const ada = await signedInClient(t.app);
    const answer = await uploaded(
      ada,
      { fileName: 'price list.csv', content: text('sku,price\nA-1,9.50\n') },
      { description: 'Autumn prices', tags: 'prices, autumn', isPublic: 'false' },
    );
    const { file } = answer;
    expect(file).toMatchObject({
      name: 'price list.csv',
      size: 19,
      type: 'text/csv',
      category: 'document',
      isPublic: false,
      description: 'Autumn prices',
      tags: ['prices', 'autumn'],
      views: 0,
    });
    // a private file opens in a browser only through a signed link, here for its owner
    expect(answer.access).toEqual({ isPublic: false, url: file.url });
    expect(file.url).toMatch(new RegExp(`^/api/content/access/${file.id}\\?expires=\\d+&signature=[\\w-]{43}$`));
    expect(file.downloadUrl).toMatch(new RegExp(`^/api/content/download/${file.id}\\?expires=`));
    expect(answer.urls).toEqual({
      publicUrl: `http://localhost:3000/api/content/access/${file.id}`,
      downloadUrl: `http://localhost:3000/api/content/download/${file.id}`,
      legacyUrl: `http://localhost:3000/api/v1/content/${file.id}`,
    });

    const opened = await t.app.inject({ method: 'GET', url: file.url });
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toBe('sku,price\nA-1,9.50\n');

    // the dashboard's Upload Content goal, recorded in the upload's transaction (decision 0020)
    const events = await t.app.deps.db.select().from(userActivity).where(eq(userActivity.userId, ada.user.id));
    expect(events.map((e) => [e.kind, e.key])).toEqual([['file_uploaded', `file:${file.id}`]]);
  });

  it('lists files with paging, period, category, search and sort, counting this session apart', async () => {
    const user = await createUser(t.app);
    const earlier = await signedInClient(t.app, user);
    const now = await signedInClient(t.app, user);
    const old = await uploaded(earlier, { fileName: 'old-contract.pdf', content: makePdf(['Contract']) });
    await backdate(t.app, old.file.id, 40);
    const lastWeek = await uploaded(earlier, { fileName: 'certificate.txt', content: text('certificate of origin') });
    await backdate(t.app, lastWeek.file.id, 3);
    const image = await uploaded(now, { fileName: 'crate.png', content: await makePng(40, 20) });
    const big = await uploaded(now, { fileName: 'ledger.txt', content: text('x'.repeat(5_000)) });

    const all = listFilesResponseSchema.parse((await now.get('/api/content/files')).json());
    expect(all.files.map((f) => f.name)).toEqual(['ledger.txt', 'crate.png', 'certificate.txt', 'old-contract.pdf']);
    expect(all).toMatchObject({
      pagination: { page: 1, limit: 20, total: 4, hasNext: false, hasPrev: false },
      sessionCount: 2,
      historicalCount: 2,
      count: 4,
    });

    const page2 = listFilesResponseSchema.parse((await now.get('/api/content/files?page=2&limit=3')).json());
    expect(page2.files.map((f) => f.name)).toEqual(['old-contract.pdf']);
    expect(page2.pagination).toEqual({ page: 2, limit: 3, total: 4, hasNext: false, hasPrev: true });
    const capped = listFilesResponseSchema.parse((await now.get('/api/content/files?limit=500')).json());
    expect(capped.pagination.limit).toBe(100);

    const names = async (query: string) =>
      listFilesResponseSchema.parse((await now.get(`/api/content/files?${query}`)).json()).files.map((f) => f.name);
    expect(await names('period=today')).toEqual(['ledger.txt', 'crate.png']);
    expect(await names('period=week')).toEqual(['ledger.txt', 'crate.png', 'certificate.txt']);
    expect(await names('period=month')).toEqual(['ledger.txt', 'crate.png', 'certificate.txt']);
    expect(await names('category=image')).toEqual(['crate.png']);
    expect(await names('search=CERTIF')).toEqual(['certificate.txt']);
    expect(await names('search=100%25')).toEqual([]);
    expect(await names('sort=name')).toEqual(['certificate.txt', 'crate.png', 'ledger.txt', 'old-contract.pdf']);
    expect((await names('sort=size'))[0]).toBe(big.file.name);
    expect(image.file.category).toBe('image');

    const bad = await now.get('/api/content/files?period=year&sort=views');
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['period', 'sort']);
  });

  it('lists the uploads of this sign-in session, and the stats', async () => {
    const user = await createUser(t.app);
    const before = await signedInClient(t.app, user);
    const current = await signedInClient(t.app, user);
    await uploaded(before, { fileName: 'a.txt', content: text('alpha') });
    await uploaded(current, { fileName: 'b.txt', content: text('bravo!') });
    await uploaded(current, { fileName: 'c.png', content: await makePng(8, 8) });

    const session = sessionFilesResponseSchema.parse((await current.get('/api/content/files/session')).json());
    expect(session.files.map((f) => f.name)).toEqual(['c.png', 'b.txt']);
    expect(session).toMatchObject({ count: 2, message: '2 files uploaded in this session' });

    const { stats } = fileStatsResponseSchema.parse((await current.get('/api/content/files/stats')).json());
    expect(stats).toMatchObject({
      sessionUploads: 2,
      totalFiles: 3,
      categories: { image: 1, document: 2, video: 0, audio: 0, other: 0 },
    });
    expect(stats.totalSize).toBe(5 + 6 + session.files[0]!.size);
    expect(stats.recentActivity.map((a) => a.name)).toEqual(['c.png', 'b.txt', 'a.txt']);
  });

  it('makes a file public and private again; a public file opens for anyone with its link, and is listed only to its owner', async () => {
    const ada = await signedInClient(t.app);
    const bob = await signedInClient(t.app);
    const { file } = await uploaded(ada, { fileName: 'catalogue.pdf', content: makePdf(['Catalogue']) });

    const toPublic = await ada.put(`/api/content/access/${file.id}/public`, { isPublic: true });
    expect(toggleVisibilityResponseSchema.parse(toPublic.json())).toMatchObject({
      file: { id: file.id, isPublic: true, url: `/api/content/access/${file.id}` },
      message: CONTENT_MESSAGES.madePublic,
    });
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/content/access/${file.id}` });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.headers['content-type']).toBe('application/pdf');

    const listed = publicFilesResponseSchema.parse((await ada.get('/api/content/public')).json());
    expect(listed).toMatchObject({ publicFiles: [{ id: file.id, isPublic: true }], count: 1 });
    expect((await bob.get('/api/content/public')).json()).toEqual({ publicFiles: [], count: 0 });
    expect((await t.app.inject({ method: 'GET', url: '/api/content/public' })).statusCode).toBe(401);

    const toPrivate = await ada.put(`/api/content/access/${file.id}/public`, { isPublic: false });
    expect(toPrivate.json().message).toBe(CONTENT_MESSAGES.madePrivate);
    expect((await t.app.inject({ method: 'GET', url: `/api/content/access/${file.id}` })).statusCode).toBe(404);
    const after = publicFilesResponseSchema.parse((await ada.get('/api/content/public')).json());
    expect(after.publicFiles).toEqual([]);

    const bad = await ada.put(`/api/content/access/${file.id}/public`, { isPublic: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('isPublic');
  });

  it('answers GET /access/{id} with JSON when asked for it, else with the bytes', async () => {
    const ada = await signedInClient(t.app);
    const answer = await uploaded(ada, { fileName: 'note.txt', content: text('hello buyer') });
    const json = await ada.get(`/api/content/access/${answer.file.id}`, { headers: { accept: 'application/json' } });
    expect(json.statusCode).toBe(200);
    expect(fileInfoResponseSchema.parse(json.json())).toEqual(answer);

    const bytes = await ada.get(`/api/content/access/${answer.file.id}`, { headers: { accept: '*/*' } });
    expect(bytes.body).toBe('hello buyer');
    expect(bytes.headers).toMatchObject({
      'content-type': 'text/plain; charset=utf-8',
      'content-disposition': 'inline; filename="note.txt"',
      'x-content-type-options': 'nosniff',
      'accept-ranges': 'bytes',
      etag: expect.stringMatching(/^"[0-9a-f-]{36}"$/),
    });
    const again = await ada.get(`/api/content/access/${answer.file.id}`, {
      headers: { 'if-none-match': bytes.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);

    const download = await t.app.inject({ method: 'GET', url: answer.file.downloadUrl });
    expect(download.headers['content-disposition']).toBe('attachment; filename="note.txt"');
    expect(download.body).toBe('hello buyer');
  });

  it('makes browsers revalidate a file on every use, so one deleted or made private is gone at once', async () => {
    const ada = await signedInClient(t.app);
    const { file } = await uploaded(ada, { fileName: 'offer.txt', content: text('offer') }, { isPublic: 'true' });
    const url = `/api/content/access/${file.id}`;
    const first = await t.app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = first.headers.etag as string;

    const revalidate = (target = url) =>
      t.app.inject({ method: 'GET', url: target, headers: { 'if-none-match': etag } });
    const unchanged = await revalidate();
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect(unchanged.headers).toMatchObject({ etag, 'cache-control': 'private, no-cache' });
    const weak = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': `"other", W/${etag}` } });
    expect(weak.statusCode).toBe(304);
    expect((await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': '"other"' } })).statusCode).toBe(200);
    const download = await revalidate(`/api/content/download/${file.id}`);
    expect(download.statusCode).toBe(304);

    // made private: the revalidation is refused, not confirmed, for anyone but its owner
    await ada.put(`${url}/public`, { isPublic: false });
    expect((await revalidate()).statusCode).toBe(404);
    const owners = await ada.get(url, { headers: { 'if-none-match': etag } });
    expect(owners.statusCode).toBe(304);

    await ada.put(`${url}/public`, { isPublic: true });
    expect((await revalidate()).statusCode).toBe(304);
    await ada.delete(`/api/content/files/${file.id}`);
    expect((await revalidate()).statusCode).toBe(404);
  });

  it('serves byte ranges (a video player seeking) and answers 416 outside the file', async () => {
    const ada = await signedInClient(t.app);
    const { file } = await uploaded(ada, { fileName: 'digits.txt', content: text('0123456789') });
    const get = (range: string, method: 'GET' | 'HEAD' = 'GET') =>
      t.app.inject({ method, url: file.url, headers: { range } });

    const middle = await get('bytes=2-5');
    expect(middle.statusCode).toBe(206);
    expect(middle.body).toBe('2345');
    expect(middle.headers).toMatchObject({ 'content-range': 'bytes 2-5/10', 'content-length': '4' });
    expect((await get('bytes=7-')).body).toBe('789');
    expect((await get('bytes=-3')).body).toBe('789');
    expect((await get('bytes=8-100')).headers['content-range']).toBe('bytes 8-9/10');
    const outside = await get('bytes=10-12');
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe('bytes */10');
    expect(outside.json()).toEqual({
      success: false,
      error: 'The requested range is not satisfiable',
      code: 'RANGE_NOT_SATISFIABLE',
    });
    // several ranges at once are answered with the whole file
    expect((await get('bytes=0-1,4-5')).statusCode).toBe(200);

    const head = await get('', 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe('10');
    expect(head.body).toBe('');
  });

  it('counts a view per opening of a file (not per range or thumbnail) for the file and its owner', async () => {
    const ada = await signedInClient(t.app);
    const { file } = await uploaded(ada, { fileName: 'film.txt', content: text('frames'.repeat(100)) });
    await t.app.inject({ method: 'GET', url: file.url });
    await t.app.inject({ method: 'GET', url: file.url, headers: { range: 'bytes=0-99' } });
    await t.app.inject({ method: 'GET', url: file.url, headers: { range: 'bytes=100-199' } });
    await t.app.inject({ method: 'HEAD', url: file.url });
    await t.app.inject({ method: 'GET', url: file.downloadUrl });
    await ada.get(`/api/content/access/${file.id}`, { headers: { accept: 'application/json' } });

    const listed = listFilesResponseSchema.parse((await ada.get('/api/content/files')).json());
    expect(listed.files[0]?.views).toBe(3);
    const me = meResponseSchema.parse((await ada.get('/api/auth/me')).json());
    expect(me.user).toMatchObject({ contentCount: 1, viewCount: 3 });
    // the sidebar's Files and Views on the dashboard read the same totals
    expect((await ada.get('/api/me/activity')).json().counts).toMatchObject({ files: 1, views: 3 });
  });

  it('signs a link for one of your files: an hour by default, up to seven days', async () => {
    const ada = await signedInClient(t.app);
    const { file } = await uploaded(ada, { fileName: 'bl.txt', content: text('bill of lading') });
    const started = Date.now();
    const byDefault = signedUrlResponseSchema.parse((await ada.post(`/api/content/access/${file.id}/signed`)).json());
    const expiresIn = (new Date(byDefault.expiresAt).getTime() - started) / 1000;
    expect(expiresIn).toBeGreaterThan(3_595);
    expect(expiresIn).toBeLessThanOrEqual(3_601);
    const url = new URL(byDefault.signedUrl);
    expect(url.origin + url.pathname).toBe(`http://localhost:3000/api/content/access/${file.id}`);
    const opened = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(opened.body).toBe('bill of lading');

    const week = await ada.post(`/api/content/access/${file.id}/signed`, { expiresIn: 604_800 });
    expect(week.statusCode).toBe(200);
    const tooLong = await ada.post(`/api/content/access/${file.id}/signed`, { expiresIn: 604_801 });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().details[0].field).toBe('expiresIn');
  });

  it('deletes a file: its row, its bytes and its weight in the quota', async () => {
    const ada = await signedInClient(t.app);
    const { file } = await uploaded(ada, { fileName: 'draft.txt', content: text('draft') });
    const [row] = await t.app.deps.db.select().from(contentFiles).where(eq(contentFiles.id, file.id));
    expect(await t.app.deps.storage.head(row!.storageKey)).not.toBeNull();

    const res = await ada.delete(`/api/content/files/${file.id}`);
    expect(deleteFileResponseSchema.parse(res.json())).toEqual({
      success: true,
      message: CONTENT_MESSAGES.fileDeleted,
    });
    expect(await t.app.deps.db.select().from(contentFiles).where(eq(contentFiles.id, file.id))).toEqual([]);
    expect(await t.app.deps.storage.head(row!.storageKey)).toBeNull();
    const [stats] = await t.app.deps.db
      .select()
      .from(contentOwnerStats)
      .where(eq(contentOwnerStats.ownerUserId, ada.user.id));
    expect(stats).toMatchObject({ fileCount: 0, totalBytes: 0 });
    expect((await t.app.inject({ method: 'GET', url: file.url })).statusCode).toBe(404);
    expect((await ada.delete(`/api/content/files/${file.id}`)).statusCode).toBe(404);
  });

  it('redirects the legacy link to the access route, keeping a signature', async () => {
    const ada = await signedInClient(t.app);
    const { file, urls } = await uploaded(ada, { fileName: 'old.txt', content: text('legacy') });
    const query = file.url.slice(file.url.indexOf('?'));
    const res = await t.app.inject({ method: 'GET', url: `${new URL(urls.legacyUrl).pathname}${query}` });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(file.url);
  });

  it('reports its health', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/content/health' });
    expect(res.statusCode).toBe(200);
    expect(contentHealthResponseSchema.parse(res.json())).toEqual({
      status: 'ok',
      database: 'ok',
      storage: 'ok',
      driver: 'local',
    });
  });

  it('needs a signed-in user for everything but reading files and health', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const share = {
      to: 'buyer@example.com',
      subject: 'Shared Files: a.txt',
      files: [{ id, name: 'a.txt', url: 'x', size: 1, type: 'text/plain' }],
    };
    // (Fastify validates a body before the preHandler that signs in: these bodies are valid)
    const calls: Array<[string, string, object?]> = [
      ['POST', '/api/content/upload'],
      ['GET', '/api/content/files'],
      ['GET', '/api/content/files/session'],
      ['GET', '/api/content/files/stats'],
      ['GET', '/api/content/public'],
      ['DELETE', `/api/content/files/${id}`],
      ['PUT', `/api/content/access/${id}/public`, { isPublic: true }],
      ['POST', `/api/content/access/${id}/signed`],
      ['POST', '/api/content/search', { query: 'invoice' }],
      ['GET', '/api/content/recent-searches'],
      ['POST', '/api/content/recent-searches', { query: 'invoice', resultsCount: 0 }],
      ['POST', '/api/email/send/content-share', share],
      ['GET', '/api/content/shared-links'],
      ['DELETE', `/api/content/shared-links/${id}`],
    ];
    for (const [method, url, payload] of calls) {
      const res = await t.app.inject({ method: method as 'GET', url, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
