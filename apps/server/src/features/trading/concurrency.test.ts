import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orderResponseSchema } from '@tp/shared';
import { signedInClient, usingPostgres } from '../../test/kit';
import { orders, paperAccounts } from './trading.tables';
import { expectBooksBalance, path, second, tradingSuite } from './trading-test-kit';

/**
 * Many orders of one account at once. On PostgreSQL (CI's second pass) the requests really run
 * together on several connections and queue on the account row's lock; on PGlite they are
 * serialized by the single connection, and the same answers must come out.
 */
describe(`concurrent orders of one account (${usingPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  const t = tradingSuite();

  it('50 simultaneous buys that together exceed the cash never overspend, and the ledger balances', async () => {
    const ada = await signedInClient(t.app);
    // all in one market second: every buy costs the same, so exactly floor(cash / cost) can fill
    const [now] = path('MSFT', second(t.clock.now()), second(t.clock.now()));
    const quantity = 8;
    const cost = (now!.ask * quantity) / 100;
    const affordable = Math.floor(100_000 / cost);
    expect(affordable).toBeLessThan(50);

    const answers = await Promise.all(
      Array.from({ length: 50 }, () => ada.post('/api/trades', { symbol: 'MSFT', side: 'buy', quantity })),
    );
    const trades = answers.map((res) => {
      expect(res.statusCode, res.body).toBe(201);
      return orderResponseSchema.parse(res.json()).data;
    });
    expect(trades.filter((t) => t.status === 'filled')).toHaveLength(affordable);
    const rejected = trades.filter((t) => t.status === 'rejected');
    expect(rejected).toHaveLength(50 - affordable);
    expect(new Set(rejected.map((t) => t.rejectCode))).toEqual(new Set(['insufficient_cash']));

    const [account] = await t.app.deps.db.select().from(paperAccounts).where(eq(paperAccounts.userId, ada.user.id));
    expect(account!.cashBalance).toBe((100_000 - affordable * cost).toFixed(2));
    await expectBooksBalance(t.app.deps.db, ada.user.id);
  });

  it('simultaneous sells never sell more than is held, and retries with one key place one order', async () => {
    const bob = await signedInClient(t.app);
    await bob.post('/api/trades', { symbol: 'AAPL', side: 'buy', quantity: 30 });
    const sells = await Promise.all(
      Array.from({ length: 20 }, () => bob.post('/api/trades', { symbol: 'AAPL', side: 'sell', quantity: 2 })),
    );
    const statuses = sells.map((res) => orderResponseSchema.parse(res.json()).data.status);
    expect(statuses.filter((s) => s === 'filled')).toHaveLength(15);
    expect(statuses.filter((s) => s === 'rejected')).toHaveLength(5);

    const key = { 'idempotency-key': 'retry-storm' };
    const retries = await Promise.all(
      Array.from({ length: 10 }, () =>
        bob.post('/api/trades', { symbol: 'AAPL', side: 'buy', quantity: 1 }, { headers: key }),
      ),
    );
    expect(new Set(retries.map((res) => res.json().data.id)).size).toBe(1);
    expect(await t.app.deps.db.select().from(orders).where(eq(orders.idempotencyKey, 'retry-storm'))).toHaveLength(1);
    await expectBooksBalance(t.app.deps.db, bob.user.id);
  });
});
