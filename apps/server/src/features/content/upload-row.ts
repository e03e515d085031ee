import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { executeText, type Connection, type Db, type Transaction } from '../../db/client';
import type { AccessClaims } from '../../plugins/auth/access-token';
import { liveSessionFrom, proveSession } from '../../plugins/auth/session-in-statement';
import { counterResult, counterUpsert, type CounterResult } from '../../plugins/rate-limit';
import {
  ACTIVITY_CONTEXT_COLUMNS,
  activityContextOf,
  activityEvent,
  activityParts,
  activityValues,
  type ActivityContextRow,
} from '../activity';
import { rankVectorOf, type ContentFileRow } from './content.tables';

/**
 * An upload's database work in two statements (decision 0028), each prepared once per connection:
 * before the first byte is read, one read that proves the session live (decision 0027) and finds
 * the quota's room and the activity context; after the bytes are on disk, one statement that
 * reserves the quota, inserts the row and records the activity event (decision 0020), all or
 * nothing. On the embedded database a statement runs on the server's one thread: the eight
 * statements this replaces (session check, quota read, BEGIN, quota, insert, activity read and
 * write, COMMIT) were 15–20 ms per upload, one upload after another at the end of a burst.
 */

interface UploadStartRow extends ActivityContextRow {
  session_stale: boolean;
  total_bytes: string | number;
  file_count: string | number;
  upload_count: string | number;
  upload_ttl_ms: string | number;
}

const UPLOAD_WINDOW_MS = 60_000;

/** The per-minute upload counter's key: a counter of the rate-limit table (decision 0004). */
export const uploadCounterKey = (userId: string) => `content-upload:${userId}`;

/**
 * The upload counts itself against its user's uploads of the minute (the counter's upsert, as a
 * common table expression: every upload is counted, live session or not, refused or not) and
 * reads the owner's files and bytes in use.
 */
const START = `
  with upload_hit as (${counterUpsert(`'content-upload:' || $1::uuid::text`, '1', '$3')})
  select live_session.session_stale, coalesce(st.total_bytes, 0) as total_bytes,
    coalesce(st.file_count, 0) as file_count, upload_hit.count as upload_count, upload_hit.ttl_ms as upload_ttl_ms,
    ${ACTIVITY_CONTEXT_COLUMNS('$1::uuid')}
  from ${liveSessionFrom('$2', '$1')}
  left join content_owner_stats st on st.owner_user_id = $1::uuid
  cross join upload_hit`;

const CONTEXT = `select ${ACTIVITY_CONTEXT_COLUMNS('$1::uuid')}`;

/**
 * What an upload learns before its first byte: the owner's files and bytes in use, its place
 * among the user's uploads of the minute, and the activity context.
 */
export interface UploadStart {
  usedBytes: number;
  fileCount: number;
  /** This upload's count in the current minute's window (itself included), and when that window ends. */
  minute: CounterResult;
  context: ActivityContextRow;
}

/** The first statement of an upload: a revoked or expired session is refused (401) before any byte is read. */
export async function startUpload(connection: Connection, claims: AccessClaims): Promise<UploadStart> {
  const { rows } = await connection.query<UploadStartRow>(
    START,
    [claims.userId, claims.sessionId, UPLOAD_WINDOW_MS],
    'content_upload_start',
  );
  await proveSession(connection, claims, rows[0]);
  const row = rows[0]!;
  return {
    usedBytes: Number(row.total_bytes),
    fileCount: Number(row.file_count),
    minute: counterResult({ count: row.upload_count, ttl_ms: row.upload_ttl_ms }),
    context: { activity_time_zone: row.activity_time_zone, activity_latest_day: row.activity_latest_day },
  };
}

/** The rank vector of the new row, over the statement's parameters $5 (name), $9 (description), $10 (tags). */
const RANK_VECTOR = new PgDialect().sqlToQuery(
  rankVectorOf({ name: sql.raw('$5::text'), description: sql.raw('$9::text'), tags: sql.raw('$10::text[]') }),
).sql;

const ACTIVITY_FIRST = 18;

/**
 * `context`: the activity context read before is still the one in the database, else nothing is
 * written (the caller reads it again). `quota`: the owner's totals grow by the file unless that
 * passes the byte quota ($14) or the file quota ($17) (one statement on the owner's row, so
 * uploads at once cannot both slip under either). The row, its search vectors (no extracted text yet, so the matching vector is the ranking
 * one), and the activity event keyed by the file, only when the quota took it.
 */
const RECORD = `
  with context as (
    select 1 from (select ${ACTIVITY_CONTEXT_COLUMNS('$1::uuid')}) c
    where c.activity_time_zone = $15::text and c.activity_latest_day is not distinct from $16::text
  ),
  quota as (
    insert into content_owner_stats as s (owner_user_id, file_count, total_bytes)
    select $1::uuid, 1, $6::bigint from context where $6::bigint <= $14::bigint and $17::int >= 1
    on conflict (owner_user_id) do update
      set file_count = s.file_count + 1, total_bytes = s.total_bytes + excluded.total_bytes, updated_at = now()
      where s.total_bytes + excluded.total_bytes <= $14::bigint and s.file_count < $17::int
    returning s.owner_user_id
  ),
  ranked as (select ${RANK_VECTOR} as vector),
  file as (
    insert into content_files (id, owner_user_id, session_id, storage_key, name, size, mime, category,
      description, tags, is_public, text_state, thumbnail_state, search_vector, rank_vector)
    select $3::uuid, $1::uuid, $2::uuid, $4::text, $5::text, $6::bigint, $7::text, $8::text,
      $9::text, $10::text[], $11::boolean, $12::text, $13::text, ranked.vector, ranked.vector
    from quota, ranked
    returning id, created_at
  ),
  ${activityParts('file', ACTIVITY_FIRST)}
  select (select count(*) from context)::int as context_ok, (select created_at from file) as created_at`;

export type NewFile = Pick<
  ContentFileRow,
  | 'ownerUserId'
  | 'sessionId'
  | 'storageKey'
  | 'name'
  | 'size'
  | 'mime'
  | 'category'
  | 'description'
  | 'tags'
  | 'isPublic'
  | 'textState'
  | 'thumbnailState'
>;

/** What the upload's answer needs of the row it wrote. */
export type RecordedFile = NewFile & Pick<ContentFileRow, 'id' | 'createdAt' | 'views' | 'thumbnailKey'>;

interface RecordRow {
  context_ok: number;
  created_at: Date | string | null;
}

const MAX_CONTEXT_READS = 3;

/** What one user may keep: bytes in all, and files. */
export interface Quota {
  bytes: number;
  files: number;
}

/**
 * Writes the upload's row in one statement: null when a quota has no room for it (nothing
 * written). `inTransaction` runs the statement in a transaction of its own with more work (the
 * file's background jobs), which gets the new id; without it the statement runs alone.
 */
export async function recordUpload(
  connection: Connection,
  db: Db,
  file: NewFile,
  quota: Quota,
  start: UploadStart,
  inTransaction?: (tx: Transaction, fileId: string) => Promise<void>,
): Promise<RecordedFile | null> {
  const id = randomUUID();
  let context = start.context;
  for (let reads = 1; ; reads += 1) {
    const event = activityEvent(
      { userId: file.ownerUserId, kind: 'file_uploaded', key: `file:${id}` },
      activityContextOf(context),
    );
    const params = [
      file.ownerUserId,
      file.sessionId,
      id,
      file.storageKey,
      file.name,
      file.size,
      file.mime,
      file.category,
      file.description,
      file.tags,
      file.isPublic,
      file.textState,
      file.thumbnailState,
      quota.bytes,
      context.activity_time_zone,
      context.activity_latest_day,
      quota.files,
      ...activityValues(event),
    ];
    const row = inTransaction
      ? await db.transaction(async (tx) => {
          const [written] = (await executeText<RecordRow>(tx, RECORD, params)).rows;
          if (written?.created_at != null) await inTransaction(tx, id);
          return written;
        })
      : (await connection.query<RecordRow>(RECORD, params, 'content_upload_record')).rows[0];
    if (row?.context_ok === 1) {
      if (row.created_at == null) return null;
      return { ...file, id, createdAt: new Date(row.created_at), views: 0, thumbnailKey: null };
    }
    // the user's zone or newest day changed since it was read (another event opened a day)
    if (reads >= MAX_CONTEXT_READS) throw new Error('recordUpload: the activity context kept changing');
    context = (await connection.query<ActivityContextRow>(CONTEXT, [file.ownerUserId], 'content_upload_context'))
      .rows[0]!;
  }
}
