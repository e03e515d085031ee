import { createServer } from 'node:net';
import { Readable } from 'node:stream';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { describe, expect, it, vi } from 'vitest';
import { createBlobKey, TooLargeError } from './blob-storage';
import { createS3Storage } from './s3-driver';
import { describeStorageContract, patternStream } from './storage-contract';
import { startTestS3Server, TEST_BUCKET, TEST_CREDENTIALS } from './s3-test-server';

const s3Options = (endpoint: string, bucket = TEST_BUCKET) => ({
  bucket,
  region: 'us-east-1',
  endpoint,
  forcePathStyle: true,
  credentials: TEST_CREDENTIALS,
});

describeStorageContract('s3', async () => {
  const server = await startTestS3Server();
  const storage = createS3Storage(s3Options(server.endpoint));
  const client = new S3Client({ ...s3Options(server.endpoint), region: 'us-east-1' });
  const leftovers = async () => {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: TEST_BUCKET }));
    const keys = (listed.Contents ?? []).map((object) => object.Key ?? '');
    const uploads = (await server.openUploads()).map((id) => `unfinished upload ${id}`);
    return [...keys, ...uploads].sort();
  };
  return {
    storage,
    leftovers,
    close: async () => {
      client.destroy();
      await storage.close();
      await server.close();
    },
  };
});

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('s3 storage health', () => {
  it('reports an error for a missing bucket', async () => {
    const server = await startTestS3Server();
    const storage = createS3Storage(s3Options(server.endpoint, 'no-such-bucket'));
    try {
      expect(await storage.health()).toBe('error');
    } finally {
      await storage.close();
      await server.close();
    }
  });

  it('reports an error when the store cannot be reached', async () => {
    const storage = createS3Storage({ ...s3Options(`http://127.0.0.1:${await closedPort()}`) });
    try {
      expect(await storage.health()).toBe('error');
    } finally {
      await storage.close();
    }
  });
});

describe('s3 storage multipart cleanup', () => {
  it('aborts the multipart upload it had begun when the body turns out too large', async () => {
    const server = await startTestS3Server();
    const storage = createS3Storage(s3Options(server.endpoint));
    const MiB = 1024 * 1024;
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
      await storage.close();
      await server.close();
    }
  });
});
