import type { Readable } from 'node:stream';
import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import {
  CONTENT_MESSAGES,
  FILE_CATEGORIES,
  fileQuotaExceededMessage,
  fileTooLargeMessage,
  quotaExceededMessage,
  uploadRateLimitedMessage,
  TIMEOUTS_MS,
  UPLOAD_LIMITS,
  uploadFieldsSchema,
  type FileCategory,
  type FileStats,
  type ListFilesResponse,
  type UploadResponse,
} from '@tp/shared';
import { pageOf } from '../../db/pagination';
import type { Deps } from '../../deps';
import { AppError, fromZodError, notFound, RateLimitedError, validationFailed } from '../../plugins/errors';
import { TooLargeError } from '../../plugins/storage';
import { contentFiles, contentOwnerStats, SEARCH_CONFIG, type ContentFileRow } from './content.tables';
import { enqueueFileJobs, initialStates } from './content.jobs';
import { fileInfo, toContentFile } from './file-links';
import { releaseQuota } from './owner-stats';
import { createdSince } from './period';
import { storeUpload, uploadPartLimits, type StoredUpload } from './upload-pipeline';
import { recordUpload, type UploadStart } from './upload-row';

/** Who acts: the signed-in user and the sign-in session of the request. */
export interface Owner {
  userId: string;
  sessionId: string;
  timeZone: string;
}

/** One part of a multipart body, as @fastify/multipart yields them. */
export type UploadPart =
  | { type: 'file'; fieldname: string; filename: string; file: Readable & { truncated?: boolean } }
  | { type: 'field'; fieldname: string; value: unknown };

const MAX_BYTES = UPLOAD_LIMITS.contentManagerMaxBytes;

export const tooLarge = () => new AppError(413, fileTooLargeMessage(MAX_BYTES), 'PAYLOAD_TOO_LARGE');
export const quotaExceeded = (quotaBytes: number) =>
  new AppError(413, quotaExceededMessage(quotaBytes), 'QUOTA_EXCEEDED');
/** The library has no room for another file, whatever its size: the same status as the byte quota. */
export const fileQuotaExceeded = (fileQuota: number) =>
  new AppError(413, fileQuotaExceededMessage(fileQuota), 'FILE_QUOTA_EXCEEDED');

/** Room a multipart body needs beside the file itself: boundaries, part headers, the text fields. */
const MULTIPART_ALLOWANCE = (() => {
  const limits = uploadPartLimits();
  return limits.fields * limits.fieldSize + 64 * 1024;
})();

/**
 * The rest of a refused upload read and thrown away so that its answer arrives (refused-body.ts):
 * up to twice the largest body the route takes, for as long as the web client waits for an upload.
 */
export const REFUSED_BODY_LIMITS = {
  maxBytes: 2 * (MAX_BYTES + MULTIPART_ALLOWANCE),
  maxMs: TIMEOUTS_MS.upload,
};

/**
 * Before reading a byte: the user's uploads of the minute (429 past CONTENT_UPLOADS_PER_MINUTE),
 * room for one more file (CONTENT_FILE_QUOTA), and how large the file may be (the upload limit,
 * or less when the byte quota has less room), refusing a body that announces more than that can hold.
 */
export function uploadAllowance(deps: Deps, start: UploadStart, declaredLength: number | undefined): number {
  const { quotaBytes, fileQuota, uploadsPerMinute } = deps.config.content;
  if (start.minute.count > uploadsPerMinute) {
    throw new RateLimitedError(Math.ceil(start.minute.ttlMs / 1000), uploadRateLimitedMessage(uploadsPerMinute));
  }
  if (start.fileCount >= fileQuota) throw fileQuotaExceeded(fileQuota);
  const room = quotaBytes - start.usedBytes;
  if (room <= 0) throw quotaExceeded(quotaBytes);
  const maxBytes = Math.min(MAX_BYTES, room);
  if (declaredLength !== undefined && declaredLength > maxBytes + MULTIPART_ALLOWANCE) {
    throw maxBytes < MAX_BYTES && declaredLength <= MAX_BYTES + MULTIPART_ALLOWANCE
      ? quotaExceeded(quotaBytes)
      : tooLarge();
  }
  return maxBytes;
}

/**
 * POST /upload: streams the one file of a multipart body into storage (type sniffed, size limited
 * while it flows), then records it, counts it against the quota and records the activity event in
 * one statement, with its background steps enqueued in the same transaction when it has any
 * (upload-row.ts). An empty file is refused (400). Whatever fails, the stored blob is removed: no row, no blob, no temp file.
 */
export async function uploadFile(
  deps: Deps,
  owner: Pick<Owner, 'userId' | 'sessionId'>,
  start: UploadStart,
  parts: AsyncIterable<UploadPart>,
  maxBytes: number,
): Promise<UploadResponse> {
  const { quotaBytes, fileQuota } = deps.config.content;
  const fields: Record<string, string> = {};
  let stored: StoredUpload | undefined;
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value ?? '');
      } else if (part.fieldname !== 'file') {
        part.file.resume();
      } else {
        stored = await storeUpload(deps.storage, { stream: part.file, fileName: part.filename }, { maxBytes });
      }
    }
    if (!stored) throw validationFailed([{ field: 'file', message: 'Required' }], CONTENT_MESSAGES.fileRequired);
    // an empty file is nothing to keep (and its blob goes in the catch below)
    if (stored.size === 0) {
      throw validationFailed([{ field: 'file', message: CONTENT_MESSAGES.fileEmpty }], CONTENT_MESSAGES.fileEmpty);
    }
    const parsed = uploadFieldsSchema.safeParse(fields);
    if (!parsed.success) throw fromZodError(parsed.error, 'fields');
    const file = stored;
    const states = initialStates(file.mime);
    const hasJobs = states.thumbnailState === 'pending' || states.textState === 'pending';
    const row = await recordUpload(deps, {
      file: {
        ownerUserId: owner.userId,
        sessionId: owner.sessionId,
        storageKey: file.key,
        name: file.name,
        size: file.size,
        mime: file.mime,
        category: file.category,
        description: parsed.data.description,
        tags: parsed.data.tags,
        isPublic: parsed.data.isPublic,
        ...states,
      },
      quota: { bytes: quotaBytes, files: fileQuota },
      start,
      inTransaction: hasJobs ? (tx, fileId) => enqueueFileJobs(deps, tx, fileId, file.mime) : undefined,
    });
    if (!row) throw await quotaRefusal(deps, owner.userId);
    return fileInfo(deps.config, row);
  } catch (error) {
    if (stored) {
      const key = stored.key;
      await deps.storage.delete(key).catch((cause: unknown) => deps.log.warn({ err: cause, key }, 'blob left behind'));
    }
    if (error instanceof TooLargeError) throw maxBytes < MAX_BYTES ? quotaExceeded(quotaBytes) : tooLarge();
    throw error;
  }
}

/**
 * Which quota refused an upload whose row the quota statement did not take (another upload took
 * the last room meanwhile): the file count when it is full, else the bytes.
 */
async function quotaRefusal(deps: Deps, ownerUserId: string): Promise<AppError> {
  const { quotaBytes, fileQuota } = deps.config.content;
  const [stats] = await deps.db
    .select({ fileCount: contentOwnerStats.fileCount })
    .from(contentOwnerStats)
    .where(eq(contentOwnerStats.ownerUserId, ownerUserId));
  return (stats?.fileCount ?? 0) >= fileQuota ? fileQuotaExceeded(fileQuota) : quotaExceeded(quotaBytes);
}

/** The owner's file with this id, or a 404 (another user's id is no different from a missing one). */
export async function requireOwnFile(deps: Deps, ownerUserId: string, fileId: string): Promise<ContentFileRow> {
  const [row] = await deps.db
    .select()
    .from(contentFiles)
    .where(and(eq(contentFiles.id, fileId), eq(contentFiles.ownerUserId, ownerUserId)));
  if (!row) throw notFound();
  return row;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface ListFilesInput {
  page: number;
  limit: number;
  period: 'today' | 'week' | 'month' | 'all';
  category: FileCategory | 'all';
  search?: string;
  sort: 'recent' | 'name' | 'size';
}

const SORTS = {
  recent: [desc(contentFiles.createdAt), desc(contentFiles.id)],
  name: [asc(sql`lower(${contentFiles.name})`), asc(contentFiles.id)],
  size: [desc(contentFiles.size), desc(contentFiles.id)],
};

/** GET /files: the owner's files, filtered, sorted and paged, with how many came in this session. */
export async function listFiles(deps: Deps, owner: Owner, input: ListFilesInput): Promise<ListFilesResponse> {
  const conditions: Array<SQL | undefined> = [
    eq(contentFiles.ownerUserId, owner.userId),
    createdSince(contentFiles.createdAt, input.period, owner.timeZone),
    input.category === 'all' ? undefined : eq(contentFiles.category, input.category),
  ];
  if (input.search) {
    const pattern = `%${escapeLike(input.search)}%`;
    conditions.push(
      or(
        ilike(contentFiles.name, pattern),
        ilike(contentFiles.description, pattern),
        sql`${contentFiles.searchVector} @@ websearch_to_tsquery(${SEARCH_CONFIG}, ${input.search})`,
      ),
    );
  }
  const where = and(...conditions);
  const [counts] = await deps.db
    .select({
      total: sql<number>`count(*)::int`,
      session: sql<number>`count(*) filter (where ${contentFiles.sessionId} = ${owner.sessionId})::int`,
    })
    .from(contentFiles)
    .where(where);
  const rows = await deps.db
    .select()
    .from(contentFiles)
    .where(where)
    .orderBy(...SORTS[input.sort])
    .limit(input.limit)
    .offset((input.page - 1) * input.limit);
  const total = counts?.total ?? 0;
  const sessionCount = counts?.session ?? 0;
  return {
    files: rows.map((row) => toContentFile(deps.config, row)),
    pagination: pageOf(input.page, input.limit, total),
    sessionCount,
    historicalCount: total - sessionCount,
    count: rows.length,
  };
}

/** GET /files/session: what was uploaded in the request's sign-in session, newest first. */
export async function sessionFiles(deps: Deps, owner: Owner) {
  const rows = await deps.db
    .select()
    .from(contentFiles)
    .where(and(eq(contentFiles.ownerUserId, owner.userId), eq(contentFiles.sessionId, owner.sessionId)))
    .orderBy(desc(contentFiles.createdAt), desc(contentFiles.id));
  const count = rows.length;
  return {
    files: rows.map((row) => toContentFile(deps.config, row)),
    count,
    message: `${count} file${count === 1 ? '' : 's'} uploaded in this session`,
  };
}

const RECENT_ACTIVITY = 10;

/** GET /files/stats */
export async function fileStats(deps: Deps, owner: Owner): Promise<{ stats: FileStats; message: string }> {
  const mine = eq(contentFiles.ownerUserId, owner.userId);
  const [totals] = await deps.db
    .select({
      totalFiles: sql<number>`count(*)::int`,
      totalSize: sql<number>`coalesce(sum(${contentFiles.size}), 0)::bigint`,
      sessionUploads: sql<number>`count(*) filter (where ${contentFiles.sessionId} = ${owner.sessionId})::int`,
      ...Object.fromEntries(
        FILE_CATEGORIES.map((category) => [
          category,
          sql<number>`count(*) filter (where ${contentFiles.category} = ${category})::int`,
        ]),
      ),
    })
    .from(contentFiles)
    .where(mine);
  const recent = await deps.db
    .select({
      id: contentFiles.id,
      name: contentFiles.name,
      category: contentFiles.category,
      createdAt: contentFiles.createdAt,
    })
    .from(contentFiles)
    .where(mine)
    .orderBy(desc(contentFiles.createdAt), desc(contentFiles.id))
    .limit(RECENT_ACTIVITY);
  const row = (totals ?? {}) as Record<string, unknown>;
  const categories = Object.fromEntries(FILE_CATEGORIES.map((c) => [c, Number(row[c] ?? 0)])) as Record<
    FileCategory,
    number
  >;
  const stats: FileStats = {
    sessionUploads: Number(row.sessionUploads ?? 0),
    totalFiles: Number(row.totalFiles ?? 0),
    totalSize: Number(row.totalSize ?? 0),
    categories,
    recentActivity: recent.map((file) => ({ ...file, createdAt: file.createdAt.toISOString() })),
  };
  return { stats, message: `${stats.totalFiles} file${stats.totalFiles === 1 ? '' : 's'} in your library` };
}

/**
 * GET /public: the user's own public files, newest first. Public means "anyone holding the link
 * can open it", never "listed to other users" (docs/content.md, "Who may do what").
 */
export async function publicFiles(deps: Deps, ownerUserId: string, limit: number) {
  const rows = await deps.db
    .select()
    .from(contentFiles)
    .where(and(eq(contentFiles.ownerUserId, ownerUserId), eq(contentFiles.isPublic, true)))
    .orderBy(desc(contentFiles.createdAt), desc(contentFiles.id))
    .limit(limit);
  const publicFiles = rows.map((row) => toContentFile(deps.config, row));
  return { publicFiles, count: publicFiles.length };
}

/** PUT /access/{id}/public */
export async function setVisibility(deps: Deps, ownerUserId: string, fileId: string, isPublic: boolean) {
  const [row] = await deps.db
    .update(contentFiles)
    .set({ isPublic, updatedAt: sql`now()` })
    .where(and(eq(contentFiles.id, fileId), eq(contentFiles.ownerUserId, ownerUserId)))
    .returning();
  if (!row) throw notFound();
  return {
    file: toContentFile(deps.config, row),
    message: isPublic ? CONTENT_MESSAGES.madePublic : CONTENT_MESSAGES.madePrivate,
  };
}

/**
 * DELETE /files/{id}: the row (and its weight in the quota) in one transaction, then its blobs.
 * A blob whose removal fails after the commit is logged; the file is gone for every reader.
 */
export async function deleteFile(deps: Deps, ownerUserId: string, fileId: string): Promise<void> {
  const removed = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(contentFiles)
      .where(and(eq(contentFiles.id, fileId), eq(contentFiles.ownerUserId, ownerUserId)))
      .returning({
        storageKey: contentFiles.storageKey,
        thumbnailKey: contentFiles.thumbnailKey,
        size: contentFiles.size,
      });
    if (!row) throw notFound();
    await releaseQuota(tx, ownerUserId, row.size);
    return row;
  });
  for (const key of [removed.storageKey, removed.thumbnailKey]) {
    if (!key) continue;
    await deps.storage.delete(key).catch((error: unknown) => deps.log.warn({ err: error, key }, 'blob left behind'));
  }
}
