import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileTooLargeMessage, UPLOAD_LIMITS } from '@tp/shared';
import { TooLargeError, type BlobStorage } from '../../plugins/storage';
import {
  digestOf,
  MiB,
  openLocalHarness,
  openS3Harness,
  patternDigest,
  patternStream,
  type StorageHarness,
} from '../../plugins/storage/storage-test-kit';
import { makeExecutable, makePdf, multipartBody, multipartHeaders } from './content-test-kit';
import { storeUpload, uploadPartLimits } from './upload-pipeline';

const LIMIT = UPLOAD_LIMITS.contentManagerMaxBytes;
/** The route the content feature will have, reduced to the pipeline: multipart in, storage out. */
async function uploadApp(storage: BlobStorage, busboyFileSize?: number): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(multipart);
  app.post('/upload', async (request, reply) => {
    const limits = { ...uploadPartLimits(LIMIT), ...(busboyFileSize ? { fileSize: busboyFileSize } : {}) };
    const part = await request.file({ limits });
    if (!part) return reply.code(400).send({ error: 'no file' });
    try {
      return await storeUpload(storage, { stream: part.file, fileName: part.filename }, { maxBytes: LIMIT });
    } catch (error) {
      if (error instanceof TooLargeError) return reply.code(413).send({ error: fileTooLargeMessage(error.maxBytes) });
      throw error;
    }
  });
  return app;
}

const upload = (app: FastifyInstance, fileName: string, contentType: string, content: Readable) =>
  app.inject({
    method: 'POST',
    url: '/upload',
    headers: multipartHeaders(),
    payload: multipartBody([{ name: 'file', fileName, contentType, content }]),
  });

describe.each([
  ['local', openLocalHarness],
  ['s3', openS3Harness],
] as const)('upload pipeline into %s storage', (_driver, open) => {
  let harness: StorageHarness;
  let app: FastifyInstance;
  beforeAll(async () => {
    harness = await open();
    app = await uploadApp(harness.storage);
  });
  afterAll(async () => {
    await app.close();
    await harness.close();
  });

  it('takes a file of exactly 26,214,400 bytes and stores every one of them', async () => {
    const res = await upload(app, 'catalogue.bin', 'application/octet-stream', patternStream(LIMIT));
    expect(res.statusCode).toBe(200);
    const stored = res.json();
    expect(stored).toMatchObject({ name: 'catalogue.bin', size: LIMIT });
    expect(await digestOf((await harness.storage.get(stored.key)).body)).toEqual({
      sha256: patternDigest(LIMIT),
      bytes: LIMIT,
    });
  });

  it('refuses one byte more with 413, leaving nothing in storage', async () => {
    const before = await harness.leftovers();
    const res = await upload(app, 'catalogue.bin', 'application/octet-stream', patternStream(LIMIT + 1));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'File size exceeds 25MB limit' });
    expect(await harness.leftovers()).toEqual(before);
  });

  it('stores the type found in the bytes, not the one claimed: a renamed executable is no PDF', async () => {
    const res = await upload(app, 'invoice.pdf', 'application/pdf', Readable.from([makeExecutable()]));
    const stored = res.json();
    expect(stored).toMatchObject({ name: 'invoice.pdf', mime: 'application/x-msdownload', category: 'other' });
  });

  it('keeps the user’s file name out of storage: a generated key, a cleaned display name', async () => {
    const res = await upload(app, '../../etc/passwd.pdf', 'application/pdf', Readable.from([makePdf(['Price list'])]));
    const stored = res.json();
    expect(stored).toMatchObject({ name: 'passwd.pdf', mime: 'application/pdf', category: 'document' });
    expect(stored.key).toMatch(/^files\/[0-9a-f]{2}\/[0-9a-f-]{36}$/);
    expect((await harness.leftovers()).join('\n')).not.toContain('passwd');
  });
});

describe('upload pipeline failures', () => {
  let harness: StorageHarness;
  beforeAll(async () => {
    harness = await openLocalHarness();
  });
  afterAll(() => harness.close());

  it('refuses a file that busboy cut at its own limit, though the stream ended normally', async () => {
    // a route whose multipart limit equals the maximum: busboy truncates at exactly LIMIT bytes
    const app = await uploadApp(harness.storage, LIMIT);
    try {
      const before = await harness.leftovers();
      const res = await upload(app, 'big.bin', 'application/octet-stream', patternStream(LIMIT + 1));
      expect(res.statusCode).toBe(413);
      expect(await harness.leftovers()).toEqual(before);
    } finally {
      await app.close();
    }
  });

  it('leaves nothing behind and lets go of the source when the client goes away mid-upload', async () => {
    const before = await harness.leftovers();
    const stream = patternStream(3 * MiB, { failAfter: 2 * MiB });
    await expect(storeUpload(harness.storage, { stream, fileName: 'half.bin' })).rejects.toThrow(
      'the client went away',
    );
    expect(stream.destroyed).toBe(true);
    expect(await harness.leftovers()).toEqual(before);
  });

  it('sniffs a file smaller than the sniffing window, and an empty one', async () => {
    const small = await storeUpload(harness.storage, {
      stream: Readable.from([Buffer.from('sku,price\nA-1,9.50\n')]),
      fileName: 'prices.csv',
    });
    expect(small).toMatchObject({ mime: 'text/csv', category: 'document', size: 19 });
    const empty = await storeUpload(harness.storage, { stream: Readable.from([]), fileName: 'empty.txt' });
    expect(empty).toMatchObject({ size: 0, mime: 'text/plain' });
  });
});
