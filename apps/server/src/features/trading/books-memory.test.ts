import { describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema';
import { activityDays, userActivity } from '../activity/activity.tables';
import { expectBooksBalance, placeOrder, positionOf, tradingSuite } from './trading-test-kit';
import { paperAccounts } from './trading.tables';
import { ageLastSeen, lastSeenOf } from '../../test/kit';

const buy = { symbol: 'AAPL', side: 'buy', quantity: 1 } as const;
const sell = { ...buy, side: 'sell' } as const;

/**
 * Decision 0029: the next order of a user in a symbol is placed on the books this instance last
 * wrote, in one statement that writes only if the account, the session, the user's zone and days
 * are still as remembered; otherwise the order is placed on a fresh read, as before.
 */
describe('orders placed on remembered books', () => {
  const t = tradingSuite('2026-03-02T23:30:00.250Z');

  /** The statements an action sends through deps.connection. */
  const statementsOf = async (action: () => Promise<unknown>) => {
    const spy = vi.spyOn(t.app.deps.connection, 'query');
    await action();
    const texts = spy.mock.calls.map(([text]) => text);
    spy.mockRestore();
    return texts;
  };
  const accountOf = async (userId: string) =>
    (
      await t.app.deps.db
        .select()
        .from(paperAccounts)
        .where(and(eq(paperAccounts.userId, userId), eq(paperAccounts.status, 'active')))
    )[0]!;

  it('places the next order in one statement, with the books exactly as a read gives them', async () => {
    await placeOrder(t.ada, buy);
    await placeOrder(t.ada, { ...buy, quantity: 3 });
    const statements = await statementsOf(() => placeOrder(t.ada, sell));
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/^with account as \(\s*update paper_accounts/);
    const account = await accountOf(t.ada.user.id);
    expect(account.version).toBe(3);
    expect((await positionOf(t.app, account.id, 'AAPL'))?.quantity).toBe('3.00000000');
    await expectBooksBalance(t.app.deps.db, t.ada.user.id);
  });

  it('refuses a logged-out session in that statement, writing nothing', async () => {
    await placeOrder(t.ada, buy);
    await placeOrder(t.ada, sell);
    const before = await accountOf(t.ada.user.id);
    expect((await t.ada.post('/api/auth/logout', {})).statusCode).toBe(200);
    const res = await t.ada.post('/api/trades', buy);
    expect(res.statusCode, res.body).toBe(401);
    expect(await accountOf(t.ada.user.id)).toEqual(before);
  });

  it('keeps "last seen" to the minute on that path too', async () => {
    await placeOrder(t.ada, buy);
    await ageLastSeen(t.app.deps.db, t.ada.sessionId);
    const statements = await statementsOf(() => placeOrder(t.ada, sell));
    expect(statements).toHaveLength(2);
    expect(Date.now() - (await lastSeenOf(t.app.deps.db, t.ada.sessionId)).getTime()).toBeLessThan(60_000);
  });

  it('books from a fresh read when another write turned the account, and never overspends', async () => {
    await placeOrder(t.ada, buy);
    // another instance (or anything else) wrote to the books: cash almost gone
    await t.app.deps.db
      .update(paperAccounts)
      .set({ cashBalance: '1.00', version: sql`${paperAccounts.version} + 1` })
      .where(eq(paperAccounts.userId, t.ada.user.id));
    const refused = await placeOrder(t.ada, buy);
    expect(refused.status).toBe('rejected');
    expect(refused.rejectReason).toMatch(/insufficient/i);
  });

  it('counts the activity day in the zone the user has now, not the remembered one', async () => {
    await placeOrder(t.ada, buy);
    // 23:30 UTC on 2 March is already 3 March in Tokyo
    await t.app.deps.db.update(users).set({ timezone: 'Asia/Tokyo' }).where(eq(users.id, t.ada.user.id));
    const trade = await placeOrder(t.ada, sell);
    const [event] = await t.app.deps.db
      .select()
      .from(userActivity)
      .where(and(eq(userActivity.userId, t.ada.user.id), eq(userActivity.key, `order:${trade.id}`)));
    expect(event!.day).toBe('2026-03-03');
    const days = await t.app.deps.db.select().from(activityDays).where(eq(activityDays.userId, t.ada.user.id));
    expect(days.map((d) => d.day).sort()).toEqual(['2026-03-02', '2026-03-03']);
  });
});
