import { and, eq, gt, isNotNull, or, sql } from 'drizzle-orm';
import type { Deps } from '../../deps';
import { findInstrument, parseScaled, type InstrumentSpec, MAX_SNAPSHOT_SECONDS, type MarketSnapshot } from '../market';
import { lockBooks } from './books.repository';
import { recordOrderProgress } from './matching.repository';
import { cachedSnapshots, catchUp, nextSecondOf, providerSnapshots, type SnapshotSource } from './catch-up';
import { runOrder } from './fill-rules';
import { AccountWork, feeSchedule } from './order-engine';
import { newOrderRow, workingOrderOf } from './order-rows';
import { newWorkingOrder } from './order-rules';
import type { OrderRow } from './order-view';
import { orders, positions } from './trading.tables';

/**
 * The matching pass (docs/trading.md, "Matching"): every pending order and every protected
 * position is compared with the market second by second since it was last looked at, up to now.
 *
 * - The market is computed once per symbol for the pass, outside any lock.
 * - An order with something to record (a fill, expiry) is settled in its own transaction that locks
 *   its account row, then the order row, re-reads it and runs it again from the stored state; a
 *   writer that finds the order changed or gone books nothing. So however many instances run
 *   passes at once, each second of each order is recorded once.
 * - Progress without money moving (a stop-limit triggered, a limit that rested, seconds looked at)
 *   is written with a version check, at most once a minute per order unless its state changed;
 *   re-running seconds not yet recorded gives the same result (the market is a pure function).
 * - A position whose stop-loss or take-profit was crossed gets a market sell for the quantity
 *   pending sells do not hold, at the second it was crossed, and its levels are cleared.
 */

/** Seconds of progress worth writing when nothing else changed. */
const QUIET_PROGRESS_SECONDS = 60;

export interface PassReport {
  /** Orders whose state was recorded (filled, expired, rejected at fill time). */
  settled: number;
  /** Closing orders placed for crossed stop-loss or take-profit levels. */
  closed: number;
}

type PositionRow = typeof positions.$inferSelect;
const secondOf = (date: Date | null) => (date === null ? null : Math.floor(date.getTime() / 1_000));

/** The first second a position's levels have not been compared with yet. */
const levelsFrom = (row: PositionRow, nowSecond: number) => {
  const checked = secondOf(row.levelsCheckedUntil);
  return checked === null ? nowSecond : checked + 1;
};

export async function runMatchingPass(deps: Deps): Promise<PassReport> {
  const nowSecond = Math.floor(deps.market.now() / 1_000);
  const [pending, protectedPositions] = await Promise.all([
    deps.db.select().from(orders).where(eq(orders.status, 'pending')),
    deps.db
      .select()
      .from(positions)
      .where(and(or(isNotNull(positions.stopLoss), isNotNull(positions.takeProfit)), gt(positions.quantity, '0'))),
  ]);
  const report: PassReport = { settled: 0, closed: 0 };
  const symbols = new Set([...pending.map((o) => o.symbol), ...protectedPositions.map((p) => p.symbol)]);
  for (const symbol of symbols) {
    const spec = findInstrument(symbol);
    if (!spec) continue;
    const symbolOrders = pending.filter((o) => o.symbol === symbol);
    const symbolPositions = protectedPositions.filter((p) => p.symbol === symbol);
    const starts = [...symbolOrders.map(nextSecondOf), ...symbolPositions.map((p) => levelsFrom(p, nowSecond))];
    const from = Math.min(...starts);
    if (from > nowSecond) continue;
    const to = Math.min(nowSecond, from + MAX_SNAPSHOT_SECONDS - 1);
    const fallback = providerSnapshots(deps.market, symbol);
    const snapshots = await fallback(from, to);
    const source = cachedSnapshots(snapshots, fallback);
    const quiet: OrderRow[] = [];
    for (const row of symbolOrders) {
      const start = nextSecondOf(row);
      if (start > to) continue;
      const working = workingOrderOf(spec, row);
      const run = runOrder(spec, working, snapshots.slice(start - from));
      if (run.fills.length > 0 || run.expired) {
        if (await settleOrder(deps, spec, row.id, row.accountId, to, source)) report.settled += 1;
        continue;
      }
      const stateChanged = run.order.rested !== working.rested || run.order.triggeredAt !== working.triggeredAt;
      if (run.checkedUntil !== null && (stateChanged || run.checkedUntil - start + 1 >= QUIET_PROGRESS_SECONDS)) {
        quiet.push({
          ...row,
          rested: run.order.rested,
          triggeredAt: run.order.triggeredAt === null ? null : new Date(run.order.triggeredAt * 1_000),
          checkedUntil: new Date(run.checkedUntil * 1_000),
        });
      }
    }
    await recordOrderProgress(deps.db, { orders: quiet });
    for (const position of symbolPositions) {
      if (await protectPosition(deps, spec, position, snapshots, from, nowSecond)) report.closed += 1;
    }
  }
  return report;
}

/** Under the account's lock: the order as stored, run from its own state up to `untilSecond`, recorded. */
async function settleOrder(
  deps: Deps,
  spec: InstrumentSpec,
  orderId: string,
  accountId: string,
  untilSecond: number,
  source: SnapshotSource,
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const locked = await lockBooks(tx, { accountId, symbol: spec.symbol });
    const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!locked || !row || row.status !== 'pending') return false;
    const work = new AccountWork(spec, locked.account, locked.position, feeSchedule(deps.config.trading));
    const settled = await catchUp(work, spec, row, untilSecond, source);
    await work.flush(tx, deps.market.now());
    return settled.status !== 'pending' || settled.filledQuantity !== row.filledQuantity;
  });
}

/** The first second from `from` whose price reached a level: at or below the stop-loss, at or above the take-profit. */
function firstCrossing(spec: InstrumentSpec, position: PositionRow, seconds: readonly MarketSnapshot[]) {
  const stopLoss = position.stopLoss === null ? null : parseScaled(position.stopLoss, spec.tick.scale);
  const takeProfit = position.takeProfit === null ? null : parseScaled(position.takeProfit, spec.tick.scale);
  for (const snapshot of seconds) {
    if (stopLoss !== null && snapshot.price <= stopLoss) return { snapshot, source: 'stop_loss' as const };
    if (takeProfit !== null && snapshot.price >= takeProfit) return { snapshot, source: 'take_profit' as const };
  }
  return null;
}

async function protectPosition(
  deps: Deps,
  spec: InstrumentSpec,
  position: PositionRow,
  snapshots: readonly MarketSnapshot[],
  from: number,
  nowSecond: number,
): Promise<boolean> {
  const start = levelsFrom(position, nowSecond);
  const seconds = snapshots.slice(Math.max(0, start - from));
  const last = seconds.at(-1)?.second;
  if (last === undefined) return false;
  const crossing = firstCrossing(spec, position, seconds);
  if (!crossing) {
    if (last - start + 1 >= QUIET_PROGRESS_SECONDS) {
      await deps.db
        .update(positions)
        .set({ levelsCheckedUntil: new Date(last * 1_000) })
        .where(and(eq(positions.id, position.id), unchangedLevels(position)));
    }
    return false;
  }
  return deps.db.transaction(async (tx) => {
    const locked = await lockBooks(tx, { accountId: position.accountId, symbol: spec.symbol });
    if (
      !locked ||
      locked.position.id !== position.id ||
      locked.position.stopLoss !== position.stopLoss ||
      locked.position.takeProfit !== position.takeProfit ||
      locked.position.levelsCheckedUntil?.getTime() !== position.levelsCheckedUntil?.getTime()
    ) {
      return false;
    }
    const { snapshot, source } = crossing;
    const work = new AccountWork(spec, locked.account, locked.position, feeSchedule(deps.config.trading));
    const quantity = work.freeQuantity;
    // the levels are spent either way: a crossing with everything already held by pending sells places nothing
    work.setLevels(null, null, snapshot.second);
    if (quantity.greaterThan(0)) {
      const at = new Date(snapshot.second * 1_000);
      const checked = newWorkingOrder(
        { symbol: spec.symbol, side: 'sell', quantity: quantity.toFixed(), type: 'market', timeInForce: 'day' },
        at.getTime(),
      );
      if (checked.ok) {
        const row = newOrderRow({
          accountId: locked.account.id,
          userId: locked.account.userId,
          symbol: spec.symbol,
          side: 'sell',
          type: 'market',
          timeInForce: 'day',
          quantity: quantity.toFixed(),
          limitPrice: null,
          stopPrice: null,
          source,
          idempotencyKey: null,
          requestHash: null,
          activeFrom: at,
          expiresAt: checked.value.order.expiresAt === null ? null : new Date(checked.value.order.expiresAt * 1_000),
          at,
        });
        work.insert(row);
        work.settle(row, checked.value.order, runOrder(spec, checked.value.order, [snapshot]), false);
      }
    }
    await work.flush(tx, deps.market.now());
    return true;
  });
}

function unchangedLevels(position: PositionRow) {
  const same = (column: typeof positions.stopLoss | typeof positions.levelsCheckedUntil, value: unknown) =>
    value === null ? sql`${column} is null` : sql`${column} = ${value instanceof Date ? value.toISOString() : value}`;
  return and(
    same(positions.stopLoss, position.stopLoss),
    same(positions.takeProfit, position.takeProfit),
    same(positions.levelsCheckedUntil, position.levelsCheckedUntil),
  );
}
