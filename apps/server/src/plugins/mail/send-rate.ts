import type { Database } from '../../db/client';

const KEY = 'mail-send-rate';
const WINDOW_MS = 1_000;

export interface SendPermit {
  /** Messages that may go out now (0..wanted). */
  granted: number;
  /** When nothing was granted: milliseconds until the current one-second window ends. */
  retryInMs: number;
}

/**
 * The deployment-wide send rate (MAIL_RATE_PER_SECOND): one fixed one-second window counted in
 * the database, so every instance draws from the same budget. One statement adds `wanted`; as the
 * row lock orders concurrent callers and each adds exactly what it asked for, the count before
 * this call is `count - wanted`, and the grant is what was left of the budget then. The counter may
 * run past the budget; nobody is granted more than the budget in a window.
 */
export async function takeSendPermits(database: Database, wanted: number, perSecond: number): Promise<SendPermit> {
  if (perSecond <= 0) return { granted: wanted, retryInMs: 0 };
  const { rows } = await database.query<{ count: number; ttl_ms: string | number }>(
    `insert into rate_limits (key, count, reset_at)
       values ($1, $2, now() + ($3::bigint * interval '1 millisecond'))
     on conflict (key) do update set
       count = case when rate_limits.reset_at <= now() then excluded.count else rate_limits.count + excluded.count end,
       reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
     returning count, greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000)) as ttl_ms`,
    [KEY, wanted, WINDOW_MS],
  );
  const after = Number(rows[0]!.count);
  const granted = Math.max(0, Math.min(wanted, perSecond - (after - wanted)));
  return { granted, retryInMs: granted > 0 ? 0 : Math.max(1, Number(rows[0]!.ttl_ms)) };
}
