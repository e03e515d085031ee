import { mkdir, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createBlobKey } from './blob-storage';
import { createLocalStorage } from './local-driver';
import { describeStorageContract } from './storage-contract';
import { filesUnder, MiB, newLocalRoot, openLocalHarness, patternStream } from './storage-test-kit';

describeStorageContract('local', openLocalHarness);

describe('local storage on disk', () => {
  it('keeps a blob at its generated key and nothing else: no side file, no temp file', async () => {
    const root = newLocalRoot();
    const storage = await createLocalStorage({ root });
    const key = createBlobKey('files');
    await storage.put(key, Readable.from([Buffer.from('%PDF-1.7')]), { contentType: 'application/pdf', maxBytes: 8 });
    const blob = path.join(...key.split('/'));
    expect(await filesUnder(root)).toEqual([blob]);
    expect((await stat(path.join(root, key))).mode & 0o777).toBe(0o600);
  });

  it('deletes a blob together with the content-type file earlier versions kept beside it', async () => {
    const root = newLocalRoot();
    const storage = await createLocalStorage({ root });
    const key = createBlobKey('files');
    await storage.put(key, Readable.from([Buffer.from('bytes')]), { contentType: 'text/plain', maxBytes: 5 });
    await writeFile(path.join(root, `${key}.meta`), JSON.stringify({ contentType: 'text/plain' }));
    await storage.delete(key);
    expect(await filesUnder(root)).toEqual([]);
  });

  it('clears temp files a crash left behind, and keeps recent ones (an upload in progress)', async () => {
    const root = newLocalRoot();
    await mkdir(path.join(root, '.tmp'), { recursive: true });
    const stale = path.join(root, '.tmp', 'stale');
    const fresh = path.join(root, '.tmp', 'fresh');
    await writeFile(stale, 'half an upload');
    await writeFile(fresh, 'an upload in progress');
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    await utimes(stale, twoHoursAgo, twoHoursAgo);
    await createLocalStorage({ root });
    expect(await readdir(path.join(root, '.tmp'))).toEqual(['fresh']);
  });

  it('never holds the whole body: the first bytes are on disk before the source has finished', async () => {
    const root = newLocalRoot();
    const storage = await createLocalStorage({ root });
    const tempDir = path.join(root, '.tmp');
    let observedOnDisk = 0;
    const source = Readable.from(
      (async function* () {
        yield* patternStream(4 * MiB);
        // the driver has written what came so far before asking for more
        const [temp] = await readdir(tempDir);
        observedOnDisk = (await stat(path.join(tempDir, temp ?? ''))).size;
        yield Buffer.from('end');
      })(),
    );
    await storage.put(createBlobKey('files'), source, { contentType: 'video/mp4', maxBytes: 5 * MiB });
    expect(observedOnDisk).toBeGreaterThan(3 * MiB);
  });

  it('reports an error when its folder cannot be written', async () => {
    const root = newLocalRoot();
    const storage = await createLocalStorage({ root });
    await rm(root, { recursive: true });
    await writeFile(root, 'a file where the folder was');
    expect(await storage.health()).toBe('error');
  });
});
