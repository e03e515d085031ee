import { createHash } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { BlobStorage } from './blob-storage';
import { createLocalStorage } from './local-driver';
import { createS3Storage, type S3StorageOptions } from './s3-driver';
import { startTestS3Server, TEST_BUCKET, TEST_CREDENTIALS, type TestS3Server } from './s3-test-server';
import { tempDir } from '../../test/temp-dirs';

/** Test kit: a storage of each driver over a fresh store, and bodies made on the fly. */

export interface StorageHarness {
  storage: BlobStorage;
  /** Everything the driver keeps in its store: blobs, temp files, unfinished multipart uploads. */
  leftovers(): Promise<string[]>;
  close(): Promise<void>;
}

export async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

export const newLocalRoot = () => path.join(tempDir('tp-files-'), 'files');

export async function openLocalHarness(): Promise<StorageHarness & { root: string }> {
  const root = newLocalRoot();
  const storage = await createLocalStorage({ root });
  return {
    root,
    storage,
    leftovers: () => filesUnder(root),
    close: () => rm(path.dirname(root), { recursive: true, force: true }),
  };
}

export const testS3Options = (endpoint: string, bucket = TEST_BUCKET): S3StorageOptions => ({
  bucket,
  region: 'us-east-1',
  endpoint,
  forcePathStyle: true,
  credentials: TEST_CREDENTIALS,
});

export async function openS3Harness(): Promise<StorageHarness & { server: TestS3Server }> {
  const server = await startTestS3Server();
  const storage = await createS3Storage(testS3Options(server.endpoint));
  const client = new S3Client(testS3Options(server.endpoint));
  const leftovers = async () => {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: TEST_BUCKET }));
    const keys = (listed.Contents ?? []).map((object) => object.Key ?? '');
    const uploads = (await server.openUploads()).map((id) => `unfinished upload ${id}`);
    return [...keys, ...uploads].sort();
  };
  return {
    server,
    storage,
    leftovers,
    close: async () => {
      client.destroy();
      await storage.close();
      await server.close();
    },
  };
}

export const MiB = 1024 * 1024;
const CHUNK = 64 * 1024;

/** Deterministic bytes, produced chunk by chunk (never held whole); each chunk carries its index. */
export function patternStream(size: number, options: { failAfter?: number } = {}): Readable {
  return Readable.from(
    (function* () {
      for (let offset = 0, index = 0; offset < size; offset += CHUNK, index += 1) {
        if (options.failAfter !== undefined && offset >= options.failAfter) throw new Error('the client went away');
        yield patternChunk(index, Math.min(CHUNK, size - offset));
      }
    })(),
    { objectMode: false },
  );
}

function patternChunk(index: number, length: number): Buffer {
  const chunk = Buffer.alloc(length, index % 251);
  if (length >= 4) chunk.writeUInt32BE(index, 0);
  return chunk;
}

export function patternDigest(size: number): string {
  const hash = createHash('sha256');
  for (let offset = 0, index = 0; offset < size; offset += CHUNK, index += 1) {
    hash.update(patternChunk(index, Math.min(CHUNK, size - offset)));
  }
  return hash.digest('hex');
}

export async function digestOf(stream: Readable): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), bytes };
}
