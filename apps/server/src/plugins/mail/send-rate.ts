import type { Connection } from '../../db/client';
import { addToCounter } from '../rate-limit/counters';

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
 * the database, so every instance draws from the same budget. One counter update adds `wanted`; as
 * the row lock orders concurrent callers and each adds exactly what it asked for, the count before
 * this call is `count - wanted`, and the grant is what was left of the budget then. The counter may
 * run past the budget; nobody is granted more than the budget in a window.
 */
export async function takeSendPermits(connection: Connection, wanted: number, perSecond: number): Promise<SendPermit> {
  if (perSecond <= 0) return { granted: wanted, retryInMs: 0 };
  const after = await addToCounter(connection.db, { key: KEY, amount: wanted, windowMs: WINDOW_MS });
  const granted = Math.max(0, Math.min(wanted, perSecond - (after.count - wanted)));
  return { granted, retryInMs: granted > 0 ? 0 : after.ttlMs };
}
