import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { orderResponseSchema, type Order } from '@tp/shared';
import {
  getTestDatabase,
  getTestDatabaseUrl,
  resetDatabase,
  signInThrough,
  startTestSmtp,
  type TestSmtp,
} from '../../test/kit';
import { startServerProcesses, type ServerProcess } from '../../test/server-process';
import type { Connection } from '../../db/client';
import { INSTRUMENTS } from '../market/instruments';
import { cashLedger, fills, orders } from './trading.tables';
import { expectBooksBalance, extremeOf, path, priceText } from './trading-test-kit';

/**
 * Two server processes on one PostgreSQL, both running the matching interval and workers, over
 * the same resting orders (this file runs only in the PostgreSQL pass). Each order must fill
 * exactly once: one fill, one ledger row, the books balanced.
 */
describe('two instances matching the same resting orders', () => {
  let database: Connection;
  let smtp: TestSmtp;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    database = await getTestDatabase();
    await resetDatabase(database);
    smtp = await startTestSmtp();
    const env = { DATABASE_URL: (await getTestDatabaseUrl())!, SMTP_URL: smtp.url, TRADING_MATCH_INTERVAL_MS: '200' };
    [a, b] = (await startServerProcesses(2, env)) as [ServerProcess, ServerProcess];
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await smtp?.close();
  });

  /** A new trader, signed in through instance a as a user is (the link arrives at the SMTP peer). */
  async function signedIn(): Promise<{ id: string; token: string }> {
    const { user, token } = await signInThrough(a, smtp, `pg-${randomUUID().slice(0, 8)}@example.com`);
    return { id: user.id, token };
  }

  /** Symbols whose ask, in the next 5–30 s, falls below every ask of the next 4 s: a limit there rests now and fills soon. */
  function upcomingDips(nowSecond: number) {
    const dips: Array<{ symbol: string; limit: string; at: number }> = [];
    for (const spec of INSTRUMENTS) {
      if (spec.info.class === 'commodity') continue;
      const soon = path(spec.symbol, nowSecond, nowSecond + 4);
      const later = extremeOf(path(spec.symbol, nowSecond + 5, nowSecond + 30), (s) => s.ask, true);
      if (soon.every((s) => s.ask > later.value)) {
        dips.push({ symbol: spec.symbol, limit: priceText(spec.symbol, later.value), at: later.at.second });
      }
    }
    return dips;
  }

  it('fills each resting order once though both instances match', { timeout: 120_000 }, async () => {
    // signed in first: the dips are the next seconds' and the orders must rest when placed
    const traders = await Promise.all(Array.from({ length: 6 }, () => signedIn()));
    const dips = upcomingDips(Math.floor(Date.now() / 1_000));
    expect(dips.length).toBeGreaterThanOrEqual(2);
    const placed: Order[] = [];
    await Promise.all(
      traders.map(async (trader, i) => {
        for (const [j, dip] of dips.entries()) {
          const instance = (i + j) % 2 === 0 ? a : b;
          const quantity = dip.symbol.endsWith('USD') ? '0.05' : '3';
          const res = await instance.fetch('/api/trades', {
            token: trader.token,
            json: { symbol: dip.symbol, side: 'buy', quantity, type: 'limit', price: dip.limit },
          });
          expect(res.status).toBe(201);
          placed.push(orderResponseSchema.parse(await res.json()).data);
        }
      }),
    );
    expect(placed.every((t) => t.status === 'pending')).toBe(true);

    const ids = placed.map((t) => t.id);
    await vi.waitFor(
      async () => {
        const states = await database.db
          .select({ id: orders.id, status: orders.status })
          .from(orders)
          .where(inArray(orders.id, ids));
        expect(
          states.filter((row) => row.status === 'pending').map((row) => row.id),
          'orders still pending',
        ).toEqual([]);
      },
      { timeout: 90_000, interval: 250 },
    );

    const rows = await database.db.select().from(orders).where(inArray(orders.id, ids));
    expect(rows.every((row) => row.status === 'filled')).toBe(true);
    const fillCounts = await database.db
      .select({ orderId: fills.orderId, count: sql<number>`count(*)`.mapWith(Number) })
      .from(fills)
      .where(inArray(fills.orderId, ids))
      .groupBy(fills.orderId);
    expect(fillCounts).toHaveLength(ids.length);
    expect(fillCounts.every((row) => row.count === 1)).toBe(true);
    const ledgerCounts = await database.db
      .select({ orderId: cashLedger.orderId, count: sql<number>`count(*)`.mapWith(Number) })
      .from(cashLedger)
      .where(inArray(cashLedger.orderId, ids))
      .groupBy(cashLedger.orderId);
    expect(ledgerCounts.every((row) => row.count === 1)).toBe(true);
    for (const row of rows) {
      const dip = dips.find((d) => d.symbol === row.symbol)!;
      expect(Number(row.avgFillPrice)).toBe(Number(dip.limit));
      const [fill] = await database.db.select().from(fills).where(eq(fills.orderId, row.id));
      expect(fill!.filledAt.getTime()).toBe(dip.at * 1_000);
    }
    for (const trader of traders) await expectBooksBalance(database.db, trader.id);
  });

  it('serves the same candles from both instances', async () => {
    const url = '/api/market/historical/AAPL?timeframe=5m&start=2026-01-05T00:00:00Z&end=2026-01-06T00:00:00Z';
    const [fromA, fromB] = await Promise.all([a.fetch(url), b.fetch(url)]);
    const [bodyA, bodyB] = [(await fromA.json()) as { data: unknown }, (await fromB.json()) as { data: unknown }];
    expect(bodyA.data).toEqual(bodyB.data);
  });
});
