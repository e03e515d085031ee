import { beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { CONTENT_MESSAGES, signedUrlResponseSchema, type UploadResponse } from '@tp/shared';
import { useTestApp, signedInClient, type SignedInClient } from '../../test/kit';
import { contentFiles } from './content.tables';
import { makePng, uploaded, waitForFileRow } from './content-test-kit';
import { signedQuery } from './signed-url';

const pathOf = (url: string) => {
  const parsed = new URL(url, 'http://localhost:3000');
  return parsed.pathname + parsed.search;
};

describe('who may read and change a file', () => {
  let ada: SignedInClient;
  let bob: SignedInClient;
  let secret: UploadResponse;

  const t = useTestApp();
  beforeAll(async () => {
    ada = await signedInClient(t.app);
    bob = await signedInClient(t.app);
    secret = await uploaded(ada, { fileName: 'margins.png', content: await makePng(500, 500) }, { tags: 'secret' });
    await waitForFileRow(t.app, secret.file.id, (row) => row.thumbnailState === 'done');
  });

  it('answers 404 to another user on every call naming a private file (and changes nothing)', async () => {
    const id = secret.file.id;
    const json = { accept: 'application/json' };
    const answers = {
      info: await bob.get(`/api/content/access/${id}`, { headers: json }),
      bytes: await bob.get(`/api/content/access/${id}`),
      thumbnail: await bob.get(`/api/content/access/${id}/thumbnail`),
      download: await bob.get(`/api/content/download/${id}`),
      legacy: await bob.get(`/api/v1/content/${id}`),
      makePublic: await bob.put(`/api/content/access/${id}/public`, { isPublic: true }),
      sign: await bob.post(`/api/content/access/${id}/signed`, { expiresIn: 3600 }),
      remove: await bob.delete(`/api/content/files/${id}`),
      share: await bob.post('/api/email/send/content-share', {
        to: 'buyer@example.com',
        subject: 'Shared Files: margins.png',
        files: [{ id, name: 'margins.png', url: 'x', size: 1, type: 'image/png' }],
      }),
    };
    for (const [call, res] of Object.entries(answers)) {
      if (call === 'legacy') {
        expect(res.statusCode, call).toBe(301);
        continue;
      }
      expect(res.statusCode, call).toBe(404);
      expect(res.body, call).not.toContain('margins');
    }
    const [row] = await t.app.deps.db.select().from(contentFiles).where(eq(contentFiles.id, id));
    expect(row).toMatchObject({ isPublic: false, name: 'margins.png' });
    expect(await t.app.deps.storage.head(row!.storageKey)).not.toBeNull();
  });

  it('keeps another user’s private files out of their lists, stats and search', async () => {
    const lists = [
      (await bob.get('/api/content/files')).json().files,
      (await bob.get('/api/content/files/session')).json().files,
      (await bob.get('/api/content/public')).json().publicFiles,
      await (await bob.post('/api/content/search', { query: 'secret' })).json(),
    ];
    for (const list of lists) expect(list).toEqual([]);
    expect((await bob.get('/api/content/files/stats')).json().stats.totalFiles).toBe(0);
  });

  it('answers 404 to anyone without a token or link, and 401 to a bad token', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/content/access/${secret.file.id}` });
    expect(anonymous.statusCode).toBe(404);
    const badToken = await t.app.inject({
      method: 'GET',
      url: `/api/content/access/${secret.file.id}`,
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(badToken.statusCode).toBe(401);
    const notAnId = await t.app.inject({ method: 'GET', url: '/api/content/access/..%2F..%2Fetc' });
    expect(notAnId.statusCode).toBe(400);
  });

  it('lets the owner read with the bearer token (the API client) or the signed links of the answers', async () => {
    const info = await ada.get(`/api/content/access/${secret.file.id}`, { headers: { accept: 'application/json' } });
    expect(info.statusCode).toBe(200);
    const bytes = await ada.get(`/api/content/access/${secret.file.id}`);
    expect(bytes.headers['content-type']).toBe('image/png');
    const listed = (await ada.get('/api/content/files')).json().files[0];
    const thumbnail = await t.app.inject({ method: 'GET', url: listed.thumbnailUrl });
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    // each blob its own validator: a cached thumbnail never answers for the file, nor the reverse
    expect(thumbnail.headers.etag).toMatch(/^"[0-9a-f-]{36}"$/);
    expect(thumbnail.headers.etag).not.toBe(bytes.headers.etag);
    // the same link for the whole hour: a refreshed list does not download every thumbnail again
    const relisted = (await ada.get('/api/content/files')).json().files[0];
    expect(relisted.thumbnailUrl).toBe(listed.thumbnailUrl);
  });

  it('opens a signed link for anyone until it expires, then answers 403', async () => {
    const res = await ada.post(`/api/content/access/${secret.file.id}/signed`, { expiresIn: 60 });
    const { signedUrl } = signedUrlResponseSchema.parse(res.json());
    const open = () => t.app.inject({ method: 'GET', url: pathOf(signedUrl) });
    expect((await open()).statusCode).toBe(200);

    const later = vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 61_000);
    try {
      const expired = await open();
      expect(expired.statusCode).toBe(403);
      expect(expired.json()).toMatchObject({ error: CONTENT_MESSAGES.linkExpired, code: 'LINK_EXPIRED' });
    } finally {
      later.mockRestore();
    }
  });

  it('answers 403 to a tampered link', async () => {
    const { signedUrl } = (await ada.post(`/api/content/access/${secret.file.id}/signed`)).json();
    const url = new URL(signedUrl);
    const signature = url.searchParams.get('signature')!;
    const expires = Number(url.searchParams.get('expires'));
    const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
    const other = await uploaded(ada, { fileName: 'other.txt', content: Buffer.from('other') });
    const tampered = [
      `?expires=${expires}&signature=${flipped}`,
      `?expires=${expires + 3600}&signature=${signature}`,
      `?expires=${expires}`,
      `?signature=${signature}`,
      // a real signature of another file
      `?${signedQuery(t.app.deps.config.auth.secret, other.file.id, expires)}`,
      // signed with another secret
      `?${signedQuery('another-secret-that-is-long-enough-for-hs256', secret.file.id, expires)}`,
    ];
    for (const query of tampered) {
      for (const path of [`/api/content/access/${secret.file.id}`, `/api/content/download/${secret.file.id}`]) {
        const res = await t.app.inject({ method: 'GET', url: `${path}${query}` });
        expect(res.statusCode, `${path}${query}`).toBe(403);
        expect(res.json().code).toBe('INVALID_SIGNATURE');
      }
    }
  });

  it('carries the link’s signature into the JSON answer of a signed reader, and into nothing else', async () => {
    const { signedUrl } = (await ada.post(`/api/content/access/${secret.file.id}/signed`)).json();
    const query = new URL(signedUrl).search;
    const res = await t.app.inject({
      method: 'GET',
      url: pathOf(signedUrl),
      headers: { accept: 'application/json' },
    });
    const info = res.json();
    expect(info.file.url).toBe(`/api/content/access/${secret.file.id}${query}`);
    expect(info.file.downloadUrl).toBe(`/api/content/download/${secret.file.id}${query}`);
  });

  it('answers 404 to a valid link once its file is deleted', async () => {
    const doomed = await uploaded(ada, { fileName: 'doomed.txt', content: Buffer.from('bye') });
    const { signedUrl } = (await ada.post(`/api/content/access/${doomed.file.id}/signed`)).json();
    await ada.delete(`/api/content/files/${doomed.file.id}`);
    expect((await t.app.inject({ method: 'GET', url: pathOf(signedUrl) })).statusCode).toBe(404);
  });

  it('never shows another user’s public file in a search, a list or the gallery: only its link opens it', async () => {
    const text = 'Price list, autumn: Arabica AA 4.20 USD/lb. Buyer: Lisbon Traders. LC 4471-220.';
    const prices = await uploaded(
      ada,
      { fileName: 'price-list.txt', content: Buffer.from(text) },
      { isPublic: 'true', tags: 'prices' },
    );
    await waitForFileRow(t.app, prices.file.id, (row) => row.textState === 'done');
    for (const query of ['price list', 'Lisbon', '4471-220', 'prices']) {
      expect((await bob.post('/api/content/search', { query })).json(), query).toEqual([]);
    }
    expect((await ada.post('/api/content/search', { query: 'Lisbon' })).json()).toMatchObject([{ id: prices.file.id }]);
    expect((await bob.get('/api/content/public')).json()).toEqual({ publicFiles: [], count: 0 });
    expect((await bob.get('/api/content/files?search=price')).json().files).toEqual([]);
    expect((await bob.get('/api/content/files?category=document')).json().files).toEqual([]);
    expect((await bob.get('/api/content/files/stats')).json().stats.totalFiles).toBe(0);
    // holding the link is what opens it
    expect((await bob.get(new URL(prices.urls.publicUrl).pathname)).body).toBe(text);
  });

  it('lets anyone read a public file, and only its owner change it', async () => {
    const open = await uploaded(ada, { fileName: 'brochure.txt', content: Buffer.from('open') }, { isPublic: 'true' });
    const id = open.file.id;
    expect((await bob.get(`/api/content/access/${id}`)).body).toBe('open');
    expect((await t.app.inject({ method: 'GET', url: `/api/content/download/${id}` })).body).toBe('open');
    expect((await bob.put(`/api/content/access/${id}/public`, { isPublic: false })).statusCode).toBe(404);
    expect((await bob.post(`/api/content/access/${id}/signed`)).statusCode).toBe(404);
    expect((await bob.delete(`/api/content/files/${id}`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/content/access/${id}` })).statusCode).toBe(200);
  });
});
