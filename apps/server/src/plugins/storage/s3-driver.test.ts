import { Readable } from 'node:stream';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { describe, expect, it, vi } from 'vitest';
import { freePort } from '../../test/server-process';
import { createBlobKey, TooLargeError } from './blob-storage';
import { createS3Storage } from './s3-driver';
import { describeStorageContract } from './storage-contract';
import { startTestS3Server, TEST_BUCKET } from './s3-test-server';
import { MiB, openS3Harness, patternStream, testS3Options } from './storage-test-kit';

describeStorageContract('s3', openS3Harness);

describe('s3 storage objects', () => {
  it('stores the content type it is given as the object’s Content-Type', async () => {
    const { server, storage, close } = await openS3Harness();
    const client = new S3Client(testS3Options(server.endpoint));
    try {
      const key = createBlobKey('files');
      await storage.put(key, Readable.from([Buffer.from('%PDF-1.7')]), { contentType: 'application/pdf', maxBytes: 8 });
      const object = await client.send(new HeadObjectCommand({ Bucket: TEST_BUCKET, Key: key }));
      expect({ type: object.ContentType, size: object.ContentLength }).toEqual({ type: 'application/pdf', size: 8 });
    } finally {
      client.destroy();
      await close();
    }
  });
});

describe('s3 storage health', () => {
  it('reports an error for a missing bucket', async () => {
    const server = await startTestS3Server();
    const storage = await createS3Storage(testS3Options(server.endpoint, 'no-such-bucket'));
    try {
      expect(await storage.health()).toBe('error');
    } finally {
      await storage.close();
      await server.close();
    }
  });

  it('reports an error when the store cannot be reached', async () => {
    const storage = await createS3Storage(testS3Options(`http://127.0.0.1:${await freePort()}`));
    try {
      expect(await storage.health()).toBe('error');
    } finally {
      await storage.close();
    }
  });
});

describe('s3 storage multipart cleanup', () => {
  it('aborts the multipart upload it had begun when the body turns out too large', async () => {
    const { server, storage, close } = await openS3Harness();
    let uploadsSeen = 0;
    const source = Readable.from(
      (async function* () {
        yield* patternStream(6 * MiB);
        // the first 5 MiB part has gone out: the store now holds an unfinished upload
        await vi.waitFor(async () => expect(await server.openUploads()).toHaveLength(1), { timeout: 10_000 });
        uploadsSeen = 1;
        yield* patternStream(2 * MiB);
      })(),
    );
    try {
      const key = createBlobKey('files');
      await expect(storage.put(key, source, { contentType: 'video/mp4', maxBytes: 7 * MiB })).rejects.toBeInstanceOf(
        TooLargeError,
      );
      expect(uploadsSeen).toBe(1);
      expect(await server.openUploads()).toEqual([]);
      expect(await storage.head(key)).toBeNull();
    } finally {
      await close();
    }
  });
});
