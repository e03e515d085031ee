import { type InstrumentSpec, MAX_SNAPSHOT_SECONDS, type MarketProvider, type MarketSnapshot } from '../market';
import { runOrder } from './fill-rules';
import type { AccountWork } from './order-engine';
import { workingOrderOf } from './order-rows';
import type { OrderRow } from './order-view';

/** The market second by second for one symbol: the provider's, or slices of snapshots already computed. */
export type SnapshotSource = (from: number, to: number) => Promise<MarketSnapshot[]>;

export function providerSnapshots(market: MarketProvider, symbol: string): SnapshotSource {
  return async (from, to) => (await market.snapshots(symbol, new Date(from * 1_000), new Date(to * 1_000 + 999))) ?? [];
}

/** A source that answers from `cached` (covering [cachedFrom, …]) when it can, else from `fallback`. */
export function cachedSnapshots(cached: readonly MarketSnapshot[], fallback: SnapshotSource): SnapshotSource {
  const first = cached[0]?.second;
  const last = cached.at(-1)?.second;
  return async (from, to) => {
    if (first === undefined || last === undefined || from < first || to > last) return fallback(from, to);
    return cached.slice(from - first, to - first + 1);
  };
}

/** The first second an order has not been evaluated at yet. */
export function nextSecondOf(row: OrderRow): number {
  const activeFrom = Math.floor(row.activeFrom.getTime() / 1_000);
  const checked = row.checkedUntil ? Math.floor(row.checkedUntil.getTime() / 1_000) + 1 : activeFrom;
  return Math.max(activeFrom, checked);
}

/**
 * Runs a pending order (under its account's lock) over every second it has not been evaluated at,
 * up to `untilSecond`, and settles what happened: fills, a trigger, expiry. Chunks of an hour.
 */
export async function catchUp(
  work: AccountWork,
  spec: InstrumentSpec,
  row: OrderRow,
  untilSecond: number,
  snapshots: SnapshotSource,
): Promise<OrderRow> {
  let current = row;
  while (current.status === 'pending') {
    const from = nextSecondOf(current);
    if (from > untilSecond) break;
    const seconds = await snapshots(from, Math.min(untilSecond, from + MAX_SNAPSHOT_SECONDS - 1));
    if (seconds.length === 0) break;
    const working = workingOrderOf(spec, current);
    current = work.settle(current, working, runOrder(spec, working, seconds), true);
  }
  return current;
}
