import { Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import { UPLOAD_LIMITS } from '@tp/shared';
import type { DbExecutor } from '../../db/client';
import type { Deps } from '../../deps';
import { createBlobKey } from '../../plugins/storage';
import { readToBuffer } from '../../plugins/storage/byte-limit';
import { contentFiles, searchVectorOf, type ProcessingState } from './content.tables';
import { canExtractText } from './extract-text';
import { extractTextInSandbox, startExtractionHost, UnreadableFileError } from './extraction-sandbox';
import { renderThumbnail, THUMBNAIL_SOURCE_TYPES } from './thumbnails';

/**
 * Background work after an upload: the gallery's thumbnail and the search index's text. Each job
 * is enqueued in the upload's transaction and carries only the file id. A job does nothing when
 * its file is gone or its step is no longer pending (a deleted file, a second run). A file whose
 * bytes cannot be decoded, or whose decoding hits a limit (docs/content.md), is marked failed at
 * once and never tried again; anything else (storage, database, a server stopping) throws, and
 * pg-boss runs the job again later.
 */

export const THUMBNAIL_QUEUE = 'content-thumbnail';
export const EXTRACT_TEXT_QUEUE = 'content-extract-text';

interface FileJob {
  fileId: string;
}

/** The initial states of a new file's background steps, from its sniffed type. */
export function initialStates(mime: string): { thumbnailState: ProcessingState; textState: ProcessingState } {
  return {
    thumbnailState: THUMBNAIL_SOURCE_TYPES.has(mime) ? 'pending' : 'skipped',
    textState: canExtractText(mime) ? 'pending' : 'skipped',
  };
}

/** Enqueues the pending steps of a new file through the upload's transaction. */
export async function enqueueFileJobs(deps: Deps, tx: DbExecutor, fileId: string, mime: string): Promise<void> {
  const states = initialStates(mime);
  if (states.thumbnailState === 'pending') await deps.jobs.enqueue<FileJob>(tx, THUMBNAIL_QUEUE, { fileId });
  if (states.textState === 'pending') await deps.jobs.enqueue<FileJob>(tx, EXTRACT_TEXT_QUEUE, { fileId });
}

export async function registerContentJobs(deps: Deps): Promise<void> {
  const options = { retryLimit: 5, retryDelay: 2, retryBackoff: true, expireInSeconds: 120 };
  await deps.jobs.define<FileJob>(THUMBNAIL_QUEUE, ({ fileId }) => makeThumbnail(deps, fileId), options);
  await startExtractionHost().catch((error: unknown) => {
    deps.log.warn({ err: error }, 'the text extraction host did not start; the next file starts it');
  });
  // one job taken at a time: a taken job counts as running, and its expiry (120 s) would run out
  // for the last of a batch of ten files read one after another, up to 30 s each
  await deps.jobs.define<FileJob>(EXTRACT_TEXT_QUEUE, ({ fileId }, job) => indexFileText(deps, fileId, job.signal), {
    ...options,
    batchSize: 1,
  });
}

/** The file's bytes, whole (both decoders need them so), bounded by the upload limit. */
async function readFileBytes(deps: Deps, storageKey: string): Promise<Buffer> {
  const blob = await deps.storage.get(storageKey);
  return readToBuffer(blob.body, UPLOAD_LIMITS.contentManagerMaxBytes);
}

async function markFailed(deps: Deps, fileId: string, step: 'thumbnailState' | 'textState', error: unknown) {
  const reason = error instanceof UnreadableFileError ? error.reason : undefined;
  // the reason and the limit, never the file's name or content
  deps.log.warn(
    { fileId, step, reason, err: error instanceof Error ? error.message : String(error) },
    'file step failed',
  );
  await deps.db
    .update(contentFiles)
    .set({ [step]: 'failed', updatedAt: sql`now()` })
    .where(and(eq(contentFiles.id, fileId), eq(contentFiles[step], 'pending')));
}

export async function makeThumbnail(deps: Deps, fileId: string): Promise<void> {
  const [file] = await deps.db
    .select({ storageKey: contentFiles.storageKey, state: contentFiles.thumbnailState })
    .from(contentFiles)
    .where(eq(contentFiles.id, fileId));
  if (!file || file.state !== 'pending') return;
  const bytes = await readFileBytes(deps, file.storageKey);
  let thumbnail;
  try {
    thumbnail = await renderThumbnail(Readable.from([bytes]));
  } catch (error) {
    await markFailed(deps, fileId, 'thumbnailState', error);
    return;
  }
  const key = createBlobKey('thumbnails');
  await deps.storage.put(key, Readable.from([thumbnail.data]), {
    contentType: thumbnail.contentType,
    maxBytes: thumbnail.data.length,
  });
  const placed = await deps.db
    .update(contentFiles)
    .set({ thumbnailKey: key, thumbnailState: 'done', updatedAt: sql`now()` })
    .where(and(eq(contentFiles.id, fileId), eq(contentFiles.thumbnailState, 'pending')))
    .returning({ id: contentFiles.id });
  // deleted meanwhile, or made by a run that overlapped this one: this copy belongs to no row
  if (placed.length === 0) await deps.storage.delete(key);
}

export async function indexFileText(deps: Deps, fileId: string, signal?: AbortSignal): Promise<void> {
  const [file] = await deps.db
    .select({ storageKey: contentFiles.storageKey, mime: contentFiles.mime, state: contentFiles.textState })
    .from(contentFiles)
    .where(eq(contentFiles.id, fileId));
  if (!file || file.state !== 'pending') return;
  const bytes = await readFileBytes(deps, file.storageKey);
  let extracted;
  try {
    extracted = await extractTextInSandbox(bytes, file.mime, { signal });
  } catch (error) {
    if (!(error instanceof UnreadableFileError)) throw error;
    await markFailed(deps, fileId, 'textState', error);
    return;
  }
  const text = extracted?.text ?? null;
  await deps.db
    .update(contentFiles)
    .set({
      extractedText: text,
      textState: extracted ? 'done' : 'skipped',
      searchVector: searchVectorOf({
        name: sql`${contentFiles.name}`,
        description: sql`${contentFiles.description}`,
        tags: sql`${contentFiles.tags}`,
        extractedText: text,
      }),
      updatedAt: sql`now()`,
    })
    .where(and(eq(contentFiles.id, fileId), eq(contentFiles.textState, 'pending')));
}
