import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { executeRows, type Db } from '../../db/client';
import { orderResponseSchema, type OrderRequest, type Order } from '@tp/shared';
import { buildTestApp, getTestDatabase, resetDatabase, signedInClient, type SignedInClient } from '../../test/kit';
import { findInstrument, formatPrice, type InstrumentSpec } from '../market/instruments';
import type { MarketProvider, MarketSnapshot } from '../market/market-provider';
import { createSimulator, simulatedSnapshots } from '../market/simulator';
import { cashLedger, fills, orders, paperAccounts, positions } from './trading.tables';

/**
 * The trading tests' one kit. Tests on the app run on a market whose clock the test moves. The
 * simulated market is a pure function of (symbol, second), so a test reads the path ahead — where the ask is lowest in the next ten
 * minutes — places an order against it, moves the clock past it and runs the matching pass.
 */

/** A Monday afternoon in the past: every second of the path is fixed. */
export const T0 = Date.parse('2026-03-02T14:00:00.000Z');

export interface TestMarket {
  market: MarketProvider;
  now(): number;
  /** Sets the market clock, ms. */
  set(ms: number): void;
  /** Moves the market clock forward. */
  advance(seconds: number): void;
}

export function testMarket(startMs = T0): TestMarket {
  let now = startMs;
  return {
    market: createSimulator({ clock: () => now }),
    now: () => now,
    set: (ms) => {
      now = ms;
    },
    advance: (seconds) => {
      now += seconds * 1_000;
    },
  };
}

export async function tradingApp(
  overrides: Record<string, string> = {},
  startMs = T0,
): Promise<{ app: FastifyInstance; clock: TestMarket }> {
  const clock = testMarket(startMs);
  // the tests run the matching pass themselves (one test lets the interval do it)
  const app = await buildTestApp({ TRADING_MATCH_INTERVAL_MS: '0', ...overrides }, { market: clock.market });
  return { app, clock };
}

export interface TradingSuite {
  app: FastifyInstance;
  clock: TestMarket;
  /** Two signed-in users, new for each test (when the suite starts each test afresh). */
  ada: SignedInClient;
  bob: SignedInClient;
}

/**
 * One app for the file's tests; with `eachTestAt`, each test starts on an emptied database, the
 * market clock at that instant, and two fresh users.
 */
export function tradingSuite(eachTestAt?: string): TradingSuite {
  const suite = {} as TradingSuite;
  beforeAll(async () => {
    Object.assign(suite, await tradingApp());
  });
  afterAll(async () => {
    await suite.app?.close();
  });
  if (eachTestAt) {
    beforeEach(async () => {
      await resetDatabase(await getTestDatabase());
      suite.clock.set(Date.parse(eachTestAt));
      suite.ada = await signedInClient(suite.app);
      suite.bob = await signedInClient(suite.app);
    });
  }
  return suite;
}

export const second = (ms: number) => Math.floor(ms / 1_000);

/** The simulated market over [from, to] (epoch seconds). */
export function path(symbol: string, from: number, to: number): MarketSnapshot[] {
  return simulatedSnapshots(findInstrument(symbol)!, from, to);
}

export const priceText = (symbol: string, units: number) => formatPrice(findInstrument(symbol)!, units);

/** The first second of `seconds` where `pick` reaches its extreme (lowest when `lowest`), and that value. */
export function extremeOf(seconds: readonly MarketSnapshot[], pick: (s: MarketSnapshot) => number, lowest: boolean) {
  let best = seconds[0]!;
  for (const s of seconds) if (lowest ? pick(s) < pick(best) : pick(s) > pick(best)) best = s;
  return { at: best, value: pick(best) };
}

export async function placeOrder(
  client: SignedInClient,
  order: OrderRequest,
  headers: Record<string, string> = {},
): Promise<Order> {
  const res = await client.post('/api/trades', order, { headers });
  expect(res.statusCode, res.body).toBe(201);
  return orderResponseSchema.parse(res.json()).data;
}

export async function fetchOrder(client: SignedInClient, id: string): Promise<Order> {
  const res = await client.get(`/api/trades/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return orderResponseSchema.parse(res.json()).data;
}

/**
 * The books of every account of a user balance, exactly: cash = Σ ledger (the opening row
 * included) ≥ 0; each position = Σ its fills ≥ 0; each order's filled quantity = Σ its fills;
 * a pending buy's reservation ≤ the cash.
 */
export async function expectBooksBalance(db: Db, userId: string): Promise<void> {
  const accounts = await db.select().from(paperAccounts).where(eq(paperAccounts.userId, userId));
  for (const account of accounts) {
    const [ledger] = await db
      .select({
        total: sql<string>`coalesce(sum(${cashLedger.amount}), 0)::text`,
        opening: sql<string>`coalesce(sum(${cashLedger.amount}) filter (where ${cashLedger.kind} = 'opening'), 0)::text`,
      })
      .from(cashLedger)
      .where(eq(cashLedger.accountId, account.id));
    expect(Number(ledger!.total)).toBeGreaterThanOrEqual(0);
    expect(ledger!.total).toBe(account.cashBalance);
    expect(ledger!.opening).toBe(account.openingCash);

    const held = await executeRows<{ position: string; traded: string }>(
      db,
      sql`
      select p.symbol, p.quantity::text as position,
        coalesce((select sum(case when f.side = 'buy' then f.quantity else -f.quantity end)
                  from fills f where f.account_id = p.account_id and f.symbol = p.symbol), 0)::text as traded
      from positions p where p.account_id = ${account.id}`,
    );
    for (const row of held) {
      expect(Number(row.position)).toBeGreaterThanOrEqual(0);
      expect(Number(row.position)).toBe(Number(row.traded));
    }

    const filled = await executeRows<{ filled: string; fills: string }>(
      db,
      sql`
      select o.id, o.filled_quantity::text as filled,
        coalesce((select sum(f.quantity) from fills f where f.order_id = o.id), 0)::text as fills
      from orders o where o.account_id = ${account.id}`,
    );
    for (const row of filled) {
      expect(Number(row.filled)).toBe(Number(row.fills));
    }
    const [reserved] = await db
      .select({ total: sql<string>`coalesce(sum(${orders.reservedCash}), 0)::text` })
      .from(orders)
      .where(sql`${orders.accountId} = ${account.id} and ${orders.status} = 'pending'`);
    expect(Number(reserved!.total)).toBeLessThanOrEqual(Number(account.cashBalance) + 0.05);
  }
}

export async function fillsOf(app: FastifyInstance, orderId: string) {
  return app.deps.db.select().from(fills).where(eq(fills.orderId, orderId));
}

export async function positionOf(app: FastifyInstance, accountId: string, symbol: string) {
  const [row] = await app.deps.db
    .select()
    .from(positions)
    .where(sql`${positions.accountId} = ${accountId} and ${positions.symbol} = ${symbol}`);
  return row;
}

/** Hand-made market seconds for the engine's tests (no app): any price, spread, bar range and book. */
export interface SnapshotShape {
  /** Price in ticks. */
  priceTicks: number;
  bidTicks: number;
  askTicks: number;
  /** How far the minute bar so far reaches beyond the ask and below the bid, in ticks. */
  upTicks: number;
  downTicks: number;
  /** Depth of each level in steps, repeating. */
  depth: number[];
}

export function snapshotOf(spec: InstrumentSpec, shape: SnapshotShape, second = 1_800_000_000): MarketSnapshot {
  const tick = spec.tick.units;
  const price = shape.priceTicks * tick;
  const bid = price - shape.bidTicks * tick;
  const ask = price + shape.askTicks * tick;
  return {
    symbol: spec.symbol,
    second,
    price,
    bid,
    ask,
    barLow: bid - shape.downTicks * tick,
    barHigh: ask + shape.upTicks * tick,
    depth: (_side, level) => shape.depth[level % shape.depth.length]!,
  };
}

export const snapshotShape = (maxPriceTicks = 1_000_000): fc.Arbitrary<SnapshotShape> =>
  fc.record({
    priceTicks: fc.integer({ min: 200, max: maxPriceTicks }),
    bidTicks: fc.integer({ min: 0, max: 3 }),
    askTicks: fc.integer({ min: 1, max: 3 }),
    upTicks: fc.integer({ min: 0, max: 30 }),
    downTicks: fc.integer({ min: 0, max: 30 }),
    depth: fc.array(fc.integer({ min: 1, max: 500 }), { minLength: 1, maxLength: 8 }),
  });
