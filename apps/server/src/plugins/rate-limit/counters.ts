import { sql } from 'drizzle-orm';
import { executeStatement, type Connection, type DbExecutor, type Statement } from '../../db/client';
import type { JobQueue } from '../jobs';

export interface CounterResult {
  /** The window's count after this call. */
  count: number;
  /**
   * Milliseconds until the window resets, rounded up: a caller that waits this long (or tells a
   * client to) lands in the next window, never in the last fraction of this one. At least 1.
   */
  ttlMs: number;
}

/** What the upsert does with an existing counter: restarts an ended window, else adds; returns the count and time left. */
const COUNTER_CONFLICT = `on conflict (key) do update set
       count = case when rate_limits.reset_at <= now() then excluded.count else rate_limits.count + excluded.count end,
       reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
     returning count, ceil(extract(epoch from (reset_at - now())) * 1000) as ttl_ms`;

/**
 * The upsert of a fixed-window counter over three SQL expressions (its key, the amount added, the
 * window in milliseconds): insert, or add, or restart the window when it has expired
 * (`reset_at <= now()`). Returns `count` and `ttl_ms`. A statement of its own in `addToCounter`,
 * and a common table expression of a route's first statement where that saves a round trip (the
 * upload's, upload.repository.ts). With `onlyWith`, a from-item, the hit is added only when it has
 * a row (the search's: only for a live session, search.service.ts).
 */
export function counterUpsert(key: string, amount: string, windowMs: string, onlyWith?: string): string {
  const row = `${key}, ${amount}, now() + (${windowMs}::bigint * interval '1 millisecond')`;
  const rows = onlyWith ? `select ${row} from ${onlyWith}` : `values (${row})`;
  return `insert into rate_limits (key, count, reset_at)
       ${rows}
     ${COUNTER_CONFLICT}`;
}

/** The upsert's row as a result. */
export const counterResult = (row: { count: number | string; ttl_ms: number | string }): CounterResult => ({
  count: Number(row.count),
  ttlMs: Math.max(1, Number(row.ttl_ms)),
});

/** One addition to a fixed-window counter: `amount` added to the counter `key`, whose window is `windowMs` long. */
export interface CounterAddition {
  key: string;
  amount: number;
  windowMs: number;
}

const counterAdditionStatement = (addition: CounterAddition): Statement => ({
  text: counterUpsert('$1', '$2', '$3'),
  values: [addition.key, addition.amount, addition.windowMs],
});

/**
 * Adds `amount` to a fixed-window counter kept in the database, so every instance shares it. One
 * statement (`counterUpsert`). The row lock orders concurrent callers, so each sees the count
 * including its own amount.
 */
export async function addToCounter(executor: DbExecutor, addition: CounterAddition): Promise<CounterResult> {
  const [row] = await executeStatement<{ count: number; ttl_ms: string | number }>(
    executor,
    counterAdditionStatement(addition),
  );
  return counterResult(row!);
}

/**
 * Adds one hit to a fixed-window counter. `relaxed` commits without waiting for the disk (a hit
 * lost in a crash is harmless; a request waiting for an fsync on every call is not): for counters
 * on hot paths such as search.
 */
export async function hitCounter(
  connection: Connection,
  key: string,
  windowMs: number,
  options: { relaxed?: boolean } = {},
): Promise<CounterResult> {
  if (!options.relaxed) return addToCounter(connection.db, { key, amount: 1, windowMs });
  return connection.db.transaction(async (tx) => {
    await tx.execute(sql`set local synchronous_commit = off`);
    return addToCounter(tx, { key, amount: 1, windowMs });
  });
}

/** Reads a counter without changing it. */
export async function peekCounter(connection: Connection, key: string): Promise<number> {
  const { rows } = await connection.query<{ count: number }>(
    'select count from rate_limits where key = $1 and reset_at > now()',
    [key],
  );
  return rows[0] ? Number(rows[0].count) : 0;
}

/**
 * Deletes expired counters; returns how many. Safe from any number of instances at once: a row
 * whose window another caller has just restarted is checked again after its lock and kept.
 */
export async function pruneCounters(connection: Connection): Promise<number> {
  const { rows } = await connection.query<{ pruned: number }>(
    'with pruned as (delete from rate_limits where reset_at <= now() returning 1) select count(*)::int as pruned from pruned',
  );
  return Number(rows[0]!.pruned);
}

/**
 * Prunes expired counters at start and then every `everyMs`, in every instance (the delete is
 * idempotent, so instances pruning together only repeat a cheap statement).
 */
export function pruneCountersEvery(jobs: JobQueue, connection: Connection, everyMs: number): void {
  jobs.every('rate-limit-prune', everyMs, () => pruneCounters(connection), { atStart: true });
}
