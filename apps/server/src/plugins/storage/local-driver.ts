import { randomUUID } from 'node:crypto';
import { constants, type Stats } from 'node:fs';
import { access, mkdir, open, readdir, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertValidKey,
  assertValidRange,
  BlobNotFoundError,
  InvalidKeyError,
  type BlobInfo,
  type BlobStorage,
  type ByteRange,
  type PutOptions,
} from './blob-storage';
import { ByteLimit } from './byte-limit';
import { SyncingFileWriter } from './syncing-file-writer';

export interface LocalStorageOptions {
  /** The folder that holds the blobs (DATA_DIR/files). */
  root: string;
  /** Temp files older than this are left by a crash and removed at start. Default one hour. */
  staleTempAfterMs?: number;
}

/** Beside each blob, earlier versions kept its content type in `<blob>.meta` (never made durable, never read for an answer): still removed with its blob. */
const LEGACY_META_SUFFIX = '.meta';

const isMissing = (error: unknown) => {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
};

/**
 * Blobs as files under `root`, at the path of their key. A put streams into `root/.tmp`, is
 * flushed to disk and then renamed into place, so a blob is either whole or absent. Nothing else
 * is written per blob: the content type lives in the content row.
 */
export async function createLocalStorage(options: LocalStorageOptions): Promise<BlobStorage> {
  const root = path.resolve(options.root);
  const tempDir = path.join(root, '.tmp');
  await mkdir(tempDir, { recursive: true });
  await removeStaleTempFiles(tempDir, options.staleTempAfterMs ?? 3_600_000);

  const blobPath = (key: string) => {
    assertValidKey(key);
    const file = path.resolve(root, ...key.split('/'));
    if (!file.startsWith(root + path.sep)) throw new InvalidKeyError();
    return file;
  };

  const put = async (key: string, body: Readable, { maxBytes }: PutOptions) => {
    const file = blobPath(key);
    const temp = path.join(tempDir, randomUUID());
    const limit = new ByteLimit(maxBytes);
    let handle: FileHandle | undefined;
    let writer: SyncingFileWriter | undefined;
    let placed = false;
    try {
      // opened before the first byte flows, so the cleanup below always finds what was created
      handle = await open(temp, 'wx', 0o600);
      // the writer finishes after an fsync, so a renamed blob is on disk whole
      writer = new SyncingFileWriter(handle);
      await pipeline(body, limit, writer);
      await handle.close();
      handle = undefined;
      const folder = path.dirname(file);
      const created = await mkdir(folder, { recursive: true });
      await rename(temp, file);
      placed = true;
      // the rename is on disk only once its folder is: one fsync of it (and of the folders
      // holding the ones mkdir just made)
      await syncFolders(changedFolders(folder, created));
      return { size: limit.bytes };
    } catch (error) {
      await writer?.settled();
      await handle?.close().catch(() => undefined);
      await Promise.all([rm(temp, { force: true }), placed ? rm(file, { force: true }) : undefined]);
      throw error;
    }
  };

  const get = async (key: string, options: { range?: ByteRange } = {}) => {
    const file = blobPath(key);
    let handle: FileHandle;
    try {
      handle = await open(file, 'r');
    } catch (error) {
      throw isMissing(error) ? new BlobNotFoundError(key) : error;
    }
    try {
      const stats = await handle.stat();
      if (!stats.isFile()) throw new BlobNotFoundError(key);
      const { range } = options;
      if (range) assertValidRange(range, stats.size);
      const body = handle.createReadStream(range ? { start: range.start, end: range.end } : {});
      return { body, size: stats.size, ...(range ? { range } : {}) };
    } catch (error) {
      await handle.close();
      throw error;
    }
  };

  const head = async (key: string): Promise<BlobInfo | null> => {
    const file = blobPath(key);
    let stats: Stats;
    try {
      stats = await stat(file);
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    if (!stats.isFile()) return null;
    return { size: stats.size };
  };

  const remove = async (key: string) => {
    const file = blobPath(key);
    await rm(file, { force: true });
    await rm(file + LEGACY_META_SUFFIX, { force: true });
  };

  const health = async () => {
    try {
      await mkdir(tempDir, { recursive: true });
      await access(root, constants.W_OK);
      return 'ok' as const;
    } catch {
      return 'error' as const;
    }
  };

  return { driver: 'local', put, get, head, delete: remove, health, close: async () => undefined };
}

/** The blob's folder, and when mkdir made folders (`created`: the topmost), each one above it up to an old one. */
function changedFolders(folder: string, created: string | undefined): string[] {
  const folders = [folder];
  if (!created) return folders;
  const oldest = path.dirname(created);
  for (let current = folder; current !== oldest && current !== path.dirname(current);) {
    current = path.dirname(current);
    folders.push(current);
  }
  return folders;
}

async function syncFolders(folders: string[]): Promise<void> {
  await Promise.all(
    folders.map(async (folder) => {
      const handle = await open(folder, 'r');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
    }),
  );
}

async function removeStaleTempFiles(tempDir: string, olderThanMs: number): Promise<void> {
  const cutoff = Date.now() - olderThanMs;
  for (const name of await readdir(tempDir)) {
    const file = path.join(tempDir, name);
    const stats = await stat(file).catch(() => null);
    if (stats && stats.mtimeMs < cutoff) await rm(file, { force: true, recursive: true });
  }
}
