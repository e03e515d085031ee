import { open, readFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { MAX_BACKGROUND_SYNCS, SyncingFileWriter } from './syncing-file-writer';
import { MiB, patternDigest, patternStream } from './storage-test-kit';
import { tempDir } from '../../test/temp-dirs';

/** An open temp file whose sync calls are recorded in order, with the bytes written before each. */
async function recordedFile() {
  const file = path.join(tempDir('tp-writer-'), 'blob');
  const handle = await open(file, 'wx');
  const calls: string[] = [];
  const datasync = handle.datasync.bind(handle);
  const sync = handle.sync.bind(handle);
  handle.datasync = () => (calls.push('datasync'), datasync());
  handle.sync = () => (calls.push('sync'), sync());
  return { file, handle, calls };
}

describe('syncing file writer', () => {
  it('writes every byte, flushes in the background as the file grows, and finishes after one fsync', async () => {
    const { file, handle, calls } = await recordedFile();
    await pipeline(patternStream(25 * MiB), new SyncingFileWriter(handle));
    await handle.close();
    expect(
      createHash('sha256')
        .update(await readFile(file))
        .digest('hex'),
    ).toBe(patternDigest(25 * MiB));
    expect(calls.filter((call) => call === 'datasync').length).toBeGreaterThanOrEqual(1);
    expect(calls.at(-1)).toBe('sync');
    expect(calls.filter((call) => call === 'sync')).toHaveLength(1);
  });

  it(`runs at most ${MAX_BACKGROUND_SYNCS} background flushes at once across files, leaving a pool thread for the writes`, async () => {
    expect(MAX_BACKGROUND_SYNCS).toBeLessThan(4);
    let inFlight = 0;
    let most = 0;
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const files = await Promise.all(Array.from({ length: 5 }, () => recordedFile()));
    for (const { handle } of files) {
      const datasync = handle.datasync.bind(handle);
      handle.datasync = async () => {
        most = Math.max(most, (inFlight += 1));
        try {
          await gate;
          return await datasync();
        } finally {
          inFlight -= 1;
        }
      };
    }
    const written = Promise.all(
      files.map(({ handle }) => pipeline(patternStream(12 * MiB), new SyncingFileWriter(handle))),
    );
    // held flushes pile up to the cap (and no further) while the writes go on
    await vi.waitFor(() => expect(inFlight).toBe(MAX_BACKGROUND_SYNCS));
    open();
    await written;
    await Promise.all(files.map(({ handle }) => handle.close()));
    expect(most).toBe(MAX_BACKGROUND_SYNCS);
  });

  it('fails at the end when a background flush failed, and lets the handle close', async () => {
    const { handle } = await recordedFile();
    handle.datasync = () => Promise.reject(new Error('disk gone'));
    const writer = new SyncingFileWriter(handle);
    await expect(pipeline(patternStream(8 * MiB), writer)).rejects.toThrow('disk gone');
    await writer.settled();
    await handle.close();
  });
});
