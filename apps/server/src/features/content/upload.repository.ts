import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Statement } from '../../db/client';
import { liveSessionFrom } from '../../plugins/auth/session-in-statement';
import { counterUpsert } from '../../plugins/rate-limit';
import {
  ACTIVITY_CONTEXT_COLUMNS,
  activityContextStatement,
  activityPartsOfRecord,
  activityRecord,
  type ActivityContextRow,
  type ActivityEvent,
} from '../activity';
import { rankVectorOf, type ContentFileRow } from './content.tables';

/**
 * The upload's statements (decision 0028), each built from named arguments and prepared once per
 * connection under its name: the start (session, quota's room, the minute's uploads, activity
 * context), the record (quota, row, activity event, all or nothing), and the context read again.
 */

export interface UploadStartArgs {
  userId: string;
  sessionId: string;
  /** The per-minute upload counter's window. */
  windowMs: number;
}

/** What the start statement answers: no row when the session is not live. */
export interface UploadStartRow extends ActivityContextRow {
  session_stale: boolean;
  total_bytes: string | number;
  file_count: string | number;
  upload_count: string | number;
  upload_ttl_ms: string | number;
}

/**
 * The upload counts itself against its user's uploads of the minute (the counter's upsert, as a
 * common table expression: every upload is counted, live session or not, refused or not) and
 * reads the owner's files and bytes in use.
 */
export const uploadStartStatement = (args: UploadStartArgs): Statement => ({
  name: 'content_upload_start',
  text: `
  with upload_hit as (${counterUpsert(`'content-upload:' || $1::uuid::text`, '1', '$3')})
  select live_session.session_stale, coalesce(st.total_bytes, 0) as total_bytes,
    coalesce(st.file_count, 0) as file_count, upload_hit.count as upload_count, upload_hit.ttl_ms as upload_ttl_ms,
    ${ACTIVITY_CONTEXT_COLUMNS('$1::uuid')}
  from ${liveSessionFrom('$2', '$1')}
  left join content_owner_stats st on st.owner_user_id = $1::uuid
  cross join upload_hit`,
  values: [args.userId, args.sessionId, args.windowMs],
});

/** The user's activity context, read again when it changed between the start and the record. */
export const uploadContextStatement = (args: { userId: string }): Statement =>
  activityContextStatement({ userId: args.userId, name: 'content_upload_context' });

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

/** What one user may keep: bytes in all, and files. */
export interface Quota {
  bytes: number;
  files: number;
}

export interface UploadRecordArgs {
  /** The new row's id, made by the server so that the event's key is known in advance. */
  fileId: string;
  file: NewFile;
  quota: Quota;
  /** The activity context the event was computed from: nothing is written unless it still holds. */
  context: ActivityContextRow;
  event: ActivityEvent;
}

/** What the record statement answers: `context_ok` 0 when the context changed; `created_at` null when a quota had no room. */
export interface UploadRecordRow {
  context_ok: number;
  created_at: Date | string | null;
}

/** The new row's columns, read from the statement's jsonb parameter (`new_file`). */
const NEW_FILE_COLUMNS = `id uuid, session_id uuid, storage_key text, name text, size bigint, mime text,
  category text, description text, tags text[], is_public boolean, text_state text, thumbnail_state text`;

/** The jsonb record of the new row, keyed as NEW_FILE_COLUMNS names its columns. */
const newFileRecord = (fileId: string, file: NewFile) =>
  JSON.stringify({
    id: fileId,
    session_id: file.sessionId,
    storage_key: file.storageKey,
    name: file.name,
    size: file.size,
    mime: file.mime,
    category: file.category,
    description: file.description,
    tags: file.tags,
    is_public: file.isPublic,
    text_state: file.textState,
    thumbnail_state: file.thumbnailState,
  });

/** The rank vector of the new row, over its name, description and tags. */
const RANK_VECTOR = new PgDialect().sqlToQuery(
  rankVectorOf({
    name: sql.raw('new_file.name'),
    description: sql.raw('new_file.description'),
    tags: sql.raw('new_file.tags'),
  }),
).sql;

/**
 * `context`: the activity context read before is still the one in the database, else nothing is
 * written (the caller reads it again). `quota`: the owner's totals grow by the file unless that
 * passes the byte quota or the file quota (one statement on the owner's row, so uploads at once
 * cannot both slip under either). The row, its search vectors (no extracted text yet, so the
 * matching vector is the ranking one), and the activity event keyed by the file, only when the
 * quota took it. The row and the event travel as one jsonb parameter each.
 */
const RECORD = `
  with new_file as (select * from jsonb_to_record($2::jsonb) as f(${NEW_FILE_COLUMNS})),
  context as (
    select 1 from (select ${ACTIVITY_CONTEXT_COLUMNS('$1::uuid')}) c
    where c.activity_time_zone = $5::text and c.activity_latest_day is not distinct from $6::text
  ),
  quota as (
    insert into content_owner_stats as s (owner_user_id, file_count, total_bytes)
    select $1::uuid, 1, new_file.size from context, new_file where new_file.size <= $3::bigint and $4::int >= 1
    on conflict (owner_user_id) do update
      set file_count = s.file_count + 1, total_bytes = s.total_bytes + excluded.total_bytes, updated_at = now()
      where s.total_bytes + excluded.total_bytes <= $3::bigint and s.file_count < $4::int
    returning s.owner_user_id
  ),
  ranked as (select ${RANK_VECTOR} as vector from new_file),
  file as (
    insert into content_files (id, owner_user_id, session_id, storage_key, name, size, mime, category,
      description, tags, is_public, text_state, thumbnail_state, search_vector, rank_vector)
    select f.id, $1::uuid, f.session_id, f.storage_key, f.name, f.size, f.mime, f.category,
      f.description, f.tags, f.is_public, f.text_state, f.thumbnail_state, ranked.vector, ranked.vector
    from quota, ranked, new_file f
    returning id, created_at
  ),
  ${activityPartsOfRecord('file', '$7::jsonb')}
  select (select count(*) from context)::int as context_ok, (select created_at from file) as created_at`;

export const uploadRecordStatement = (args: UploadRecordArgs): Statement => ({
  name: 'content_upload_record',
  text: RECORD,
  values: [
    args.file.ownerUserId,
    newFileRecord(args.fileId, args.file),
    args.quota.bytes,
    args.quota.files,
    args.context.activity_time_zone,
    args.context.activity_latest_day,
    activityRecord(args.event),
  ],
});
