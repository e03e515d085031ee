import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { connect } from 'node:net';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  CONTENT_MESSAGES,
  errorResponseSchema,
  fileTooLargeMessage,
  quotaExceededMessage,
  UPLOAD_LIMITS,
} from '@tp/shared';
import { useTestApp, signedInClient, type SignedInClient } from '../../test/kit';
import { filesUnder, patternDigest, patternStream, testS3Options } from '../../plugins/storage/storage-test-kit';
import {
  startTestS3Server,
  TEST_BUCKET,
  TEST_CREDENTIALS,
  type TestS3Server,
} from '../../plugins/storage/s3-test-server';
import { contentFiles, contentOwnerStats } from './content.tables';
import { SANDBOX_CSP } from './disposition';
import {
  makeExecutable,
  makePdf,
  makePng,
  multipartBody,
  multipartHeaders,
  upload,
  uploaded,
  waitForFileRow,
} from './content-test-kit';

const LIMIT = UPLOAD_LIMITS.contentManagerMaxBytes;

/** The user's file ids (their rows change under the background jobs of earlier uploads). */
async function rowsOf(app: FastifyInstance, client: SignedInClient) {
  const rows = await app.deps.db
    .select({ id: contentFiles.id, name: contentFiles.name })
    .from(contentFiles)
    .where(eq(contentFiles.ownerUserId, client.user.id));
  return rows.sort((a, b) => a.id.localeCompare(b.id));
}

/** The HTTP/1.1 answers (status and body, by Content-Length) complete in what a raw socket received. */
function parseAnswers(bytes: Buffer): { status: number; body: string }[] {
  const answers: { status: number; body: string }[] = [];
  let rest = bytes.toString('latin1');
  for (;;) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) return answers;
    const head = rest.slice(0, end);
    const length = Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1] ?? 0);
    if (rest.length < end + 4 + length) return answers;
    answers.push({ status: Number(head.split(' ')[1]), body: rest.slice(end + 4, end + 4 + length) });
    rest = rest.slice(end + 4 + length);
  }
}

const digestOfBody = (body: Buffer) => createHash('sha256').update(body).digest('hex');

describe('upload over the real route into local storage', () => {
  let ada: SignedInClient;
  // uploaded files and temp files (thumbnails come and go with the jobs of earlier uploads)
  const leftovers = async () =>
    (await filesUnder(t.app.deps.config.storage.localDir)).filter((file) => !file.startsWith('thumbnails'));

  const t = useTestApp();
  beforeAll(async () => {
    ada = await signedInClient(t.app);
  });

  it('takes a file of exactly 26,214,400 bytes and serves it back whole', async () => {
    const answer = await uploaded(ada, { fileName: 'catalogue.bin', content: patternStream(LIMIT) });
    expect(answer.file.size).toBe(LIMIT);
    const back = await t.app.inject({ method: 'GET', url: answer.file.downloadUrl });
    expect(back.rawPayload.length).toBe(LIMIT);
    expect(digestOfBody(back.rawPayload)).toBe(patternDigest(LIMIT));
  });

  it('refuses one byte more with 413 and leaves nothing behind: no row, no blob, no temp file', async () => {
    const rowsBefore = await rowsOf(t.app, ada);
    const filesBefore = await leftovers();
    const res = await upload(ada, { fileName: 'catalogue.bin', content: patternStream(LIMIT + 1) });
    expect(res.statusCode).toBe(413);
    expect(errorResponseSchema.parse(res.json())).toEqual({
      success: false,
      error: fileTooLargeMessage(),
      code: 'PAYLOAD_TOO_LARGE',
    });
    expect(await rowsOf(t.app, ada)).toEqual(rowsBefore);
    expect(await leftovers()).toEqual(filesBefore);
    expect(filesBefore.filter((file) => file.startsWith('.tmp'))).toEqual([]);
  });

  it('refuses a body that announces more than the limit before reading any of it', async () => {
    const res = await ada.post('/api/content/upload', multipartBody([]), {
      headers: { ...multipartHeaders(), 'content-length': String(LIMIT * 4) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe(fileTooLargeMessage());
    // far more than any upload: nothing of it is read, the connection ends with the answer
    expect(res.headers.connection).toBe('close');
  });

  it('over a real socket, a client that sends the whole body before reading gets the 413 on a connection still usable', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const body = Buffer.concat(
      await multipartBody([
        {
          name: 'file',
          fileName: 'catalogue.bin',
          contentType: 'application/octet-stream',
          content: patternStream(LIMIT + 1),
        },
      ]).toArray(),
    );
    const socket = connect({ port: Number(port), host: '127.0.0.1' });
    await once(socket, 'connect');
    const received: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    const failures: Error[] = [];
    socket.on('error', (error) => failures.push(error));
    const request = (method: string, path: string, length: number, contentType?: string) =>
      `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${ada.token}\r\n` +
      (contentType ? `Content-Type: ${contentType}\r\n` : '') +
      `Content-Length: ${length}\r\n\r\n`;
    socket.write(request('POST', '/api/content/upload', body.length, multipartHeaders()['content-type']));
    // as a browser does: every byte of the body first, in chunks as the socket takes them
    for (let offset = 0; offset < body.length && failures.length === 0; offset += 256 * 1024) {
      if (!socket.write(body.subarray(offset, offset + 256 * 1024))) {
        await Promise.race([once(socket, 'drain'), once(socket, 'close')]);
      }
    }
    expect(failures).toEqual([]);
    const answerOf = async (count: number) => {
      await vi.waitFor(() => expect(parseAnswers(Buffer.concat(received)).length).toBeGreaterThanOrEqual(count), {
        timeout: 10_000,
      });
      return parseAnswers(Buffer.concat(received))[count - 1]!;
    };
    const refused = await answerOf(1);
    expect(refused.status).toBe(413);
    expect(JSON.parse(refused.body)).toEqual({
      success: false,
      error: fileTooLargeMessage(),
      code: 'PAYLOAD_TOO_LARGE',
    });
    // the rest was read to its end: the same connection takes the next request
    socket.write(request('GET', '/api/content/recent-searches', 0));
    expect((await answerOf(2)).status).toBe(200);
    expect(failures).toEqual([]);
    socket.destroy();
  });

  it('reads the type from the bytes: a renamed executable is no PDF, and is only ever downloaded', async () => {
    const { file } = await uploaded(ada, {
      fileName: 'invoice.pdf',
      content: makeExecutable(),
      contentType: 'application/pdf',
    });
    expect(file).toMatchObject({ name: 'invoice.pdf', type: 'application/x-msdownload', category: 'other' });
    const opened = await t.app.inject({ method: 'GET', url: file.url });
    expect(opened.headers['content-type']).toBe('application/x-msdownload');
    expect(opened.headers['content-disposition']).toBe('attachment; filename="invoice.pdf"');
    expect(opened.headers['content-security-policy']).toBe(SANDBOX_CSP);
  });

  it('serves an uploaded web page or SVG as a sandboxed attachment, never as a page of this site', async () => {
    const page = await uploaded(ada, {
      fileName: 'offer.html',
      content: Buffer.from('<!doctype html><script>alert(document.cookie)</script>'),
      contentType: 'text/html',
    });
    const svg = await uploaded(ada, {
      fileName: 'logo.svg',
      content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>'),
    });
    for (const { file } of [page, svg]) {
      const res = await t.app.inject({ method: 'GET', url: file.url });
      expect(res.headers['content-disposition']).toMatch(/^attachment;/);
      expect(res.headers['content-security-policy']).toBe(SANDBOX_CSP);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    expect([page.file.type, svg.file.type]).toEqual(['text/html', 'image/svg+xml']);
  });

  it('names non-ASCII file names the RFC 6266 way', async () => {
    const { file } = await uploaded(ada, { fileName: 'facture été.txt', content: Buffer.from('prix') });
    const res = await t.app.inject({ method: 'GET', url: file.downloadUrl });
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="facture _t_.txt"; filename*=UTF-8''facture%20%C3%A9t%C3%A9.txt`,
    );
  });

  it('takes the text fields before or after the file', async () => {
    const res = await ada.post(
      '/api/content/upload',
      multipartBody([
        { name: 'description', value: 'Front page' },
        { name: 'file', fileName: 'front.png', contentType: 'image/png', content: await makePng(4, 4) },
        { name: 'tags', value: 'brochure, 2026' },
        { name: 'isPublic', value: 'true' },
      ]),
      { headers: multipartHeaders() },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().file).toMatchObject({
      description: 'Front page',
      tags: ['brochure', '2026'],
      isPublic: true,
      category: 'image',
    });
  });

  it('names the bad field and keeps nothing when the fields are wrong or the file is missing', async () => {
    const rowsBefore = await rowsOf(t.app, ada);
    const filesBefore = await leftovers();
    const badTags = await upload(ada, { fileName: 'a.txt', content: Buffer.from('a') }, { tags: 'x'.repeat(51) });
    expect(badTags.statusCode).toBe(400);
    expect(badTags.json().details).toEqual([{ field: 'tags.0', message: CONTENT_MESSAGES.tagTooLong }]);
    const badFlag = await upload(ada, { fileName: 'a.txt', content: Buffer.from('a') }, { isPublic: 'maybe' });
    expect(badFlag.json().details[0].field).toBe('isPublic');

    const noFile = await ada.post('/api/content/upload', multipartBody([{ name: 'description', value: 'x' }]), {
      headers: multipartHeaders(),
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toMatchObject({
      error: CONTENT_MESSAGES.fileRequired,
      code: 'VALIDATION_FAILED',
      details: [{ field: 'file' }],
    });

    const notMultipart = await ada.post('/api/content/upload', { file: 'x' });
    expect(notMultipart.statusCode).toBe(415);
    expect(await rowsOf(t.app, ada)).toEqual(rowsBefore);
    expect(await leftovers()).toEqual(filesBefore);
  });

  it('refuses an empty file with 400 naming the file, and keeps nothing', async () => {
    const rowsBefore = await rowsOf(t.app, ada);
    const filesBefore = await leftovers();
    const res = await upload(ada, { fileName: 'empty.txt', content: Buffer.alloc(0) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      error: CONTENT_MESSAGES.fileEmpty,
      code: 'VALIDATION_FAILED',
      details: [{ field: 'file', message: CONTENT_MESSAGES.fileEmpty }],
    });
    expect(await rowsOf(t.app, ada)).toEqual(rowsBefore);
    expect(await leftovers()).toEqual(filesBefore);
  });
});

describe('the storage quota', () => {
  const QUOTA = 100_000;
  const t = useTestApp({ CONTENT_QUOTA_BYTES: String(QUOTA) });

  const bytes = (size: number) => Buffer.alloc(size, 'a');

  it('refuses an upload past the quota with a clear error, keeping nothing, until files are deleted', async () => {
    const ada = await signedInClient(t.app);
    const first = await uploaded(ada, { fileName: 'first.txt', content: bytes(60_000) });
    const filesBefore = await filesUnder(t.app.deps.config.storage.localDir);

    const second = await upload(ada, { fileName: 'second.txt', content: bytes(60_000) });
    expect(second.statusCode).toBe(413);
    expect(second.json()).toEqual({ success: false, error: quotaExceededMessage(QUOTA), code: 'QUOTA_EXCEEDED' });
    expect(second.json().error).toBe(
      'Storage quota exceeded: your files may use at most 97.7 KB in all. Delete some files to make room.',
    );
    expect((await rowsOf(t.app, ada)).map((row) => row.name)).toEqual(['first.txt']);
    expect(await filesUnder(t.app.deps.config.storage.localDir)).toEqual(filesBefore);

    // exactly up to the quota is fine
    await uploaded(ada, { fileName: 'fits.txt', content: bytes(QUOTA - 60_000) });
    const full = await upload(ada, { fileName: 'one-more.txt', content: bytes(1) });
    expect(full.json().code).toBe('QUOTA_EXCEEDED');

    await ada.delete(`/api/content/files/${first.file.id}`);
    await uploaded(ada, { fileName: 'after-delete.txt', content: bytes(60_000) });
  });

  it('lets only one of two uploads racing for the last room through', async () => {
    const bob = await signedInClient(t.app);
    const results = await Promise.all([
      upload(bob, { fileName: 'a.txt', content: bytes(60_000) }),
      upload(bob, { fileName: 'b.txt', content: bytes(60_000) }),
    ]);
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 413]);
    const [stats] = await t.app.deps.db
      .select()
      .from(contentOwnerStats)
      .where(eq(contentOwnerStats.ownerUserId, bob.user.id));
    expect(stats).toMatchObject({ fileCount: 1, totalBytes: 60_000 });
  });

  it('is per user', async () => {
    const carol = await signedInClient(t.app);
    const dave = await signedInClient(t.app);
    await uploaded(carol, { fileName: 'c.txt', content: bytes(90_000) });
    await uploaded(dave, { fileName: 'd.txt', content: bytes(90_000) });
  });
});

describe('upload over the real route into S3 storage (s3rver)', () => {
  let server: TestS3Server;
  let ada: SignedInClient;
  let client: S3Client;
  const leftovers = async () => {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: TEST_BUCKET }));
    const keys = (listed.Contents ?? []).map((object) => object.Key ?? '');
    return [...keys, ...(await server.openUploads())].sort();
  };

  beforeAll(async () => {
    server = await startTestS3Server();
  });
  afterAll(async () => {
    client.destroy();
    await server.close();
  });
  const t = useTestApp(() => ({
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: server.endpoint,
    S3_BUCKET: TEST_BUCKET,
    S3_ACCESS_KEY_ID: TEST_CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: TEST_CREDENTIALS.secretAccessKey,
  }));
  beforeAll(async () => {
    ada = await signedInClient(t.app);
    // the store's own listing (objects and unfinished multipart uploads), through a second client
    client = new S3Client(testS3Options(server.endpoint));
  });

  it('stores, thumbnails, serves (with ranges) and deletes a file', async () => {
    expect(t.app.deps.storage.driver).toBe('s3');
    const { file } = await uploaded(ada, { fileName: 'crate.png', content: await makePng(600, 300) });
    const row = await waitForFileRow(t.app, file.id, (r) => r.thumbnailState !== 'pending');
    expect(row.thumbnailState).toBe('done');
    expect(await leftovers()).toEqual([row.storageKey, row.thumbnailKey].sort());

    const range = await t.app.inject({ method: 'GET', url: file.url, headers: { range: 'bytes=0-7' } });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const listed = (await ada.get('/api/content/files')).json().files[0];
    const thumbnail = await t.app.inject({ method: 'GET', url: listed.thumbnailUrl });
    expect(thumbnail.headers['content-type']).toBe('image/webp');

    await ada.delete(`/api/content/files/${file.id}`);
    expect(await leftovers()).toEqual([]);
  });

  it('takes exactly 26,214,400 bytes and refuses one more, leaving no object and no unfinished upload', async () => {
    const exact = await uploaded(ada, { fileName: 'exact.bin', content: patternStream(LIMIT) });
    const before = await leftovers();
    const res = await upload(ada, { fileName: 'over.bin', content: patternStream(LIMIT + 1) });
    expect(res.statusCode).toBe(413);
    expect(await leftovers()).toEqual(before);
    expect((await rowsOf(t.app, ada)).map((row) => row.id)).toEqual([exact.file.id]);
  });

  it('finds a word inside a PDF stored in S3', async () => {
    const { file } = await uploaded(ada, { fileName: 'coa.pdf', content: makePdf(['Certificate of origin: Santos']) });
    await waitForFileRow(t.app, file.id, (r) => r.textState === 'done');
    const found = await ada.post('/api/content/search', { query: 'santos' });
    expect(found.json().map((r: { id: string }) => r.id)).toEqual([file.id]);
  });
});
