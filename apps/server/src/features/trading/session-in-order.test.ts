import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { authSessions } from '../auth/auth.tables';
import { cashLedger, fills, orders, paperAccounts, positions } from './trading.tables';
import { placeOrder, tradingSuite, type TradingSuite } from './trading-test-kit';
import { ageLastSeen, lastSeenOf, type SignedInClient } from '../../test/kit';

const EXPIRED_BODY_ERROR = 'Your session has expired. Please log in again.';
const buy = { symbol: 'AAPL', side: 'buy', quantity: 1 } as const;

/** Everything an order writes, for one user: a refused request must leave it as it was. */
async function booksOf(t: TradingSuite, client: SignedInClient) {
  const { db } = t.app.deps;
  const accounts = await db.select().from(paperAccounts).where(eq(paperAccounts.userId, client.user.id));
  const ids = accounts.map((a) => a.id);
  const count = async (table: typeof orders | typeof fills | typeof positions | typeof cashLedger) =>
    ids.length === 0
      ? 0
      : (
          await db
            .select({ n: sql<number>`count(*)::int` })
            .from(table)
            .where(sql`${table.accountId} in ${ids}`)
        )[0]!.n;
  return {
    accounts: accounts.map((a) => ({ id: a.id, cash: a.cashBalance, version: a.version })),
    orders: await count(orders),
    fills: await count(fills),
    positions: await count(positions),
    ledger: await count(cashLedger),
  };
}

/**
 * POST /api/trades proves the session live in its books read, not in `app.authenticate`
 * (decision 0027): a revoked or expired session is still refused at once, with nothing placed.
 */
describe('placing an order proves the session in the books read', () => {
  const t = tradingSuite('2026-03-02T14:00:00.250Z');

  const expectRefused = async (client: SignedInClient) => {
    const before = await booksOf(t, client);
    const res = await client.post('/api/trades', buy, { headers: { 'idempotency-key': 'after-the-end' } });
    expect(res.statusCode, res.body).toBe(401);
    expect(res.json().error).toBe(EXPIRED_BODY_ERROR);
    expect(await booksOf(t, client)).toEqual(before);
  };

  it('refuses a logged-out session at once, without placing the order (account open or not)', async () => {
    await placeOrder(t.ada, buy);
    const opened = await booksOf(t, t.ada);
    expect(opened.orders).toBe(1);
    for (const client of [t.ada, t.bob]) {
      expect((await client.post('/api/auth/logout', {})).statusCode).toBe(200);
      await expectRefused(client);
    }
    expect((await booksOf(t, t.bob)).accounts).toEqual([]);
  });

  it('refuses an expired session at once, without placing the order', async () => {
    await placeOrder(t.ada, buy);
    await t.app.deps.db
      .update(authSessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(authSessions.id, t.ada.sessionId));
    await expectRefused(t.ada);
  });

  it("refuses another user's session id in a token (the statement matches session and user)", async () => {
    await placeOrder(t.bob, buy);
    await t.app.deps.db.update(authSessions).set({ userId: t.ada.user.id }).where(eq(authSessions.id, t.bob.sessionId));
    await expectRefused(t.bob);
  });

  it('keeps "last seen" to the minute, as app.authenticate does', async () => {
    const lastSeen = () => lastSeenOf(t.app.deps.db, t.ada.sessionId);
    const stale = await ageLastSeen(t.app.deps.db, t.ada.sessionId);
    await placeOrder(t.ada, buy);
    const seen = await lastSeen();
    expect(seen.getTime()).toBeGreaterThan(stale.getTime() + 4 * 60_000);
    // within the minute an order writes nothing to the session
    await placeOrder(t.ada, buy);
    expect((await lastSeen()).getTime()).toBe(seen.getTime());
  });

  it('still places orders for a live session, the first one opening the account', async () => {
    const trade = await placeOrder(t.ada, buy);
    expect(trade.status).toBe('filled');
    expect((await t.ada.post('/api/trades', { ...buy, side: 'sell' })).statusCode).toBe(201);
    expect((await t.ada.post('/api/trades', buy, { headers: { authorization: 'Bearer not.a.jwt' } })).statusCode).toBe(
      401,
    );
  });
});
