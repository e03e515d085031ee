import { randomUUID } from 'node:crypto';
import { executeStatement, runStatement, type Connection, type Transaction } from '../../db/client';
import type { Deps } from '../../deps';
import type { AccessClaims } from '../../plugins/auth/access-token';
import { proveSession } from '../../plugins/auth/session-in-statement';
import { counterResult, type CounterResult } from '../../plugins/rate-limit';
import { activityContextOf, activityEvent, type ActivityContextRow } from '../activity';
import type { ContentFileRow } from './content.tables';
import {
  uploadContextStatement,
  uploadRecordStatement,
  uploadStartStatement,
  type NewFile,
  type Quota,
  type UploadRecordRow,
  type UploadStartRow,
} from './upload.repository';

export type { NewFile, Quota } from './upload.repository';

/**
 * An upload's database work in two statements (decision 0028; their texts in upload.repository.ts),
 * each prepared once per connection:
 * before the first byte is read, one read that proves the session live (decision 0027) and finds
 * the quota's room and the activity context; after the bytes are on disk, one statement that
 * reserves the quota, inserts the row and records the activity event (decision 0020), all or
 * nothing. On the embedded database a statement runs on the server's one thread: the eight
 * statements this replaces (session check, quota read, BEGIN, quota, insert, activity read and
 * write, COMMIT) were 15–20 ms per upload, one upload after another at the end of a burst.
 */

const UPLOAD_WINDOW_MS = 60_000;

/** The per-minute upload counter's key: a counter of the rate-limit table (decision 0004). */
export const uploadCounterKey = (userId: string) => `content-upload:${userId}`;

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
  const rows = await runStatement<UploadStartRow>(
    connection,
    uploadStartStatement({ userId: claims.userId, sessionId: claims.sessionId, windowMs: UPLOAD_WINDOW_MS }),
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

/** What the upload's answer needs of the row it wrote. */
export type RecordedFile = NewFile & Pick<ContentFileRow, 'id' | 'createdAt' | 'views' | 'thumbnailKey'>;

const MAX_CONTEXT_READS = 3;

export interface UploadToRecord {
  file: NewFile;
  quota: Quota;
  /** What the upload's first statement found (its activity context). */
  start: UploadStart;
  /** More work in the statement's own transaction (the file's background jobs), given the new id. */
  inTransaction?: (tx: Transaction, fileId: string) => Promise<void>;
}

/**
 * Writes the upload's row in one statement: null when a quota has no room for it (nothing
 * written). `inTransaction` runs the statement in a transaction of its own with more work (the
 * file's background jobs), which gets the new id; without it the statement runs alone.
 */
export async function recordUpload(
  deps: Pick<Deps, 'connection' | 'db'>,
  { file, quota, start, inTransaction }: UploadToRecord,
): Promise<RecordedFile | null> {
  const fileId = randomUUID();
  let context = start.context;
  for (let reads = 1; ; reads += 1) {
    const event = activityEvent(
      { userId: file.ownerUserId, kind: 'file_uploaded', key: `file:${fileId}` },
      activityContextOf(context),
    );
    const statement = uploadRecordStatement({ fileId, file, quota, context, event });
    const row = inTransaction
      ? await deps.db.transaction(async (tx) => {
          const [written] = await executeStatement<UploadRecordRow>(tx, statement);
          if (written?.created_at != null) await inTransaction(tx, fileId);
          return written;
        })
      : (await runStatement<UploadRecordRow>(deps.connection, statement))[0];
    if (row?.context_ok === 1) {
      if (row.created_at == null) return null;
      return { ...file, id: fileId, createdAt: new Date(row.created_at), views: 0, thumbnailKey: null };
    }
    // the user's zone or newest day changed since it was read (another event opened a day)
    if (reads >= MAX_CONTEXT_READS) throw new Error('recordUpload: the activity context kept changing');
    const reread = uploadContextStatement({ userId: file.ownerUserId });
    context = (await runStatement<ActivityContextRow>(deps.connection, reread))[0]!;
  }
}
