import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BlobNotFoundError,
  createBlobKey,
  InvalidKeyError,
  InvalidRangeError,
  TooLargeError,
  type BlobStorage,
} from './blob-storage';
import { digestOf, MiB, patternDigest, patternStream, type StorageHarness } from './storage-test-kit';

/** Test kit: the behaviour every storage driver must show, run once per driver. */

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The harness a contract group runs against, opened once per driver. */
interface ContractSubject {
  readonly storage: BlobStorage;
  /** Runs `act` and shows the store holds exactly what it held before; answers the error it threw. */
  expectNothingLeftBy(act: () => Promise<unknown>): Promise<unknown>;
}

export function describeStorageContract(driver: string, open: () => Promise<StorageHarness>): void {
  describe(`${driver} storage: the BlobStorage contract`, () => {
    let harness: StorageHarness;
    beforeAll(async () => {
      harness = await open();
    });
    afterAll(() => harness.close());
    const subject: ContractSubject = {
      get storage() {
        return harness.storage;
      },
      async expectNothingLeftBy(act) {
        const before = await harness.leftovers();
        const error = await act().then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(await harness.leftovers()).toEqual(before);
        return error;
      },
    };
    describeReadsAndWrites(subject);
    describeLimitsAndKeys(subject);
  });
}

function describeReadsAndWrites(subject: ContractSubject): void {
  let storage: BlobStorage;
  beforeAll(() => {
    storage = subject.storage;
  });

  it('stores a body and reads it back with its size', async () => {
    const key = createBlobKey('files');
    const body = Readable.from([Buffer.from('hello, '), Buffer.from('exporters')]);
    await expect(storage.put(key, body, { contentType: 'text/plain', maxBytes: 100 })).resolves.toEqual({ size: 16 });
    expect(await storage.head(key)).toEqual({ size: 16 });
    const read = await storage.get(key);
    expect({ size: read.size, range: read.range }).toEqual({ size: 16, range: undefined });
    expect((await readAll(read.body)).toString()).toBe('hello, exporters');
  });

  it('reads a byte range, reporting the whole size', async () => {
    const key = createBlobKey('files');
    await storage.put(key, Readable.from([Buffer.from('0123456789')]), { contentType: 'video/mp4', maxBytes: 10 });
    const read = await storage.get(key, { range: { start: 2, end: 5 } });
    expect({ size: read.size, range: read.range }).toEqual({ size: 10, range: { start: 2, end: 5 } });
    expect((await readAll(read.body)).toString()).toBe('2345');
    const last = await storage.get(key, { range: { start: 9, end: 9 } });
    expect((await readAll(last.body)).toString()).toBe('9');
  });

  it('refuses a range outside the blob, naming the size', async () => {
    const key = createBlobKey('files');
    await storage.put(key, Readable.from([Buffer.from('0123456789')]), { contentType: 'audio/mpeg', maxBytes: 10 });
    for (const range of [
      { start: 10, end: 12 },
      { start: 5, end: 10 },
    ]) {
      const error = await storage.get(key, { range }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InvalidRangeError);
      expect((error as InvalidRangeError).size).toBe(10);
    }
    await expect(storage.get(key, { range: { start: 4, end: 3 } })).rejects.toBeInstanceOf(InvalidRangeError);
  });

  it('stores an empty body', async () => {
    const key = createBlobKey('files');
    await expect(storage.put(key, Readable.from([]), { contentType: 'text/plain', maxBytes: 10 })).resolves.toEqual({
      size: 0,
    });
    expect(await storage.head(key)).toEqual({ size: 0 });
    expect((await readAll((await storage.get(key)).body)).length).toBe(0);
  });

  it('streams a body of several multipart parts intact', async () => {
    const key = createBlobKey('files');
    const size = 12 * MiB + 12_345;
    await expect(
      storage.put(key, patternStream(size), { contentType: 'application/pdf', maxBytes: 25 * MiB }),
    ).resolves.toEqual({ size });
    expect(await digestOf((await storage.get(key)).body)).toEqual({ sha256: patternDigest(size), bytes: size });
  });
}

function describeLimitsAndKeys(subject: ContractSubject): void {
  const { expectNothingLeftBy } = subject;
  let storage: BlobStorage;
  beforeAll(() => {
    storage = subject.storage;
  });

  it('takes a body of exactly maxBytes, and refuses one byte more leaving nothing behind', async () => {
    for (const maxBytes of [1_000, 6 * MiB]) {
      const exact = createBlobKey('files');
      await expect(
        storage.put(exact, patternStream(maxBytes), { contentType: 'image/png', maxBytes }),
      ).resolves.toEqual({
        size: maxBytes,
      });
      const over = createBlobKey('files');
      const error = await expectNothingLeftBy(() =>
        storage.put(over, patternStream(maxBytes + 1), { contentType: 'image/png', maxBytes }),
      );
      expect(error).toBeInstanceOf(TooLargeError);
      expect((error as TooLargeError).maxBytes).toBe(maxBytes);
      expect(await storage.head(over)).toBeNull();
    }
  });

  it('leaves nothing behind when the source fails mid-way, and passes its error on', async () => {
    for (const failAfter of [0, 6 * MiB]) {
      const key = createBlobKey('files');
      const error = await expectNothingLeftBy(() =>
        storage.put(key, patternStream(8 * MiB, { failAfter }), { contentType: 'image/png', maxBytes: 25 * MiB }),
      );
      expect((error as Error).message).toBe('the client went away');
      expect(await storage.head(key)).toBeNull();
    }
  });

  it('answers a missing blob: head null, get BlobNotFoundError, delete succeeds', async () => {
    const key = createBlobKey('files');
    expect(await storage.head(key)).toBeNull();
    await expect(storage.get(key)).rejects.toBeInstanceOf(BlobNotFoundError);
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it('deletes a blob and everything kept with it', async () => {
    const key = createBlobKey('files');
    const error = await expectNothingLeftBy(async () => {
      await storage.put(key, Readable.from([Buffer.from('bye')]), { contentType: 'text/plain', maxBytes: 3 });
      expect(await storage.head(key)).not.toBeNull();
      await storage.delete(key);
    });
    expect(error).toBeUndefined();
    await expect(storage.get(key)).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  it('refuses keys that are not generated keys, on every call', async () => {
    const bad = [
      '../outside',
      '/etc/passwd',
      'files/../../x',
      'files//x',
      'files/.tmp',
      'Files/X',
      'files\\x',
      '',
      'a/b/c/d/e',
    ];
    for (const key of bad) {
      await expect(
        storage.put(key, Readable.from([Buffer.from('x')]), { contentType: 'text/plain', maxBytes: 1 }),
      ).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(storage.head(key)).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidKeyError);
    }
  });

  it('reports itself healthy', async () => {
    expect(await storage.health()).toBe('ok');
  });
}
