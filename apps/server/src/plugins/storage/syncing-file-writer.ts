import type { FileHandle } from 'node:fs/promises';
import { Writable } from 'node:stream';

/** Chunks that arrive while a write is under way go out together in one writev of up to this much. */
const WRITE_BUFFER_BYTES = 1 << 20;
/** Written bytes after which a background fdatasync starts. */
const SYNC_EVERY_BYTES = 4 << 20;
/**
 * Background syncs in flight across the process: each holds a thread-pool thread (4 by default),
 * so one is always left for the writes. 3 rather than 2: ten 25 MB uploads at once then had
 * ≈ 10 MB less each to flush after their last byte (the final fsync 40 → 30 ms median, the
 * round's tail from the last byte to the last commit 62 → 44 ms; docs/decisions/0025).
 */
export const MAX_BACKGROUND_SYNCS = 3;

let backgroundSyncs = 0;

/**
 * Writes a stream into an open file and makes it durable: `finish` comes only after an fsync. The
 * flushing overlaps the receiving: every SYNC_EVERY_BYTES an fdatasync starts in the background
 * (not awaited by the writes), so the disk works while more bytes arrive and the final fsync has
 * little left. (One fsync at the end left the disk idle until the whole file was in, then made
 * ten concurrent uploads wait ≈ 0.4 s for 250 MB of dirty pages.) The caller closes the handle,
 * after `settled()` when the stream failed.
 */
export class SyncingFileWriter extends Writable {
  private unsynced = 0;
  private syncing: Promise<void> | undefined;
  private syncError: unknown;

  constructor(private readonly handle: FileHandle) {
    super({ highWaterMark: WRITE_BUFFER_BYTES });
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.writeAll([chunk]).then(() => callback(), callback);
  }

  override _writev(chunks: { chunk: Buffer }[], callback: (error?: Error | null) => void): void {
    this.writeAll(chunks.map(({ chunk }) => chunk)).then(() => callback(), callback);
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.settled()
      .then(() => {
        if (this.syncError) throw this.syncError;
        return this.handle.sync();
      })
      .then(() => callback(), callback);
  }

  /** Resolves when no background sync is running on the handle (it may then be closed). */
  async settled(): Promise<void> {
    while (this.syncing) await this.syncing;
  }

  private async writeAll(buffers: Buffer[]): Promise<void> {
    let total = 0;
    for (const buffer of buffers) total += buffer.length;
    let written = (await this.handle.writev(buffers)).bytesWritten;
    // a regular file takes the whole writev unless the disk is full; go on from where it stopped
    if (written < total) {
      const all = Buffer.concat(buffers);
      while (written < total) written += (await this.handle.write(all, written, total - written)).bytesWritten;
    }
    this.unsynced += total;
    this.startSync();
  }

  private startSync(): void {
    if (this.syncing || this.unsynced < SYNC_EVERY_BYTES || backgroundSyncs >= MAX_BACKGROUND_SYNCS) return;
    this.unsynced = 0;
    backgroundSyncs += 1;
    this.syncing = this.handle
      .datasync()
      .catch((error: unknown) => {
        this.syncError ??= error;
      })
      .finally(() => {
        backgroundSyncs -= 1;
        this.syncing = undefined;
      });
  }
}
