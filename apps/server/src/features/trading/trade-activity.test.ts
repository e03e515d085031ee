import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ACTIVITY_XP, activityResponseSchema } from '@tp/shared';
import { activityDays, userActivity } from '../activity/activity.tables';
import { placeOrder, tradingSuite } from './trading-test-kit';

/** Decision 0020: an accepted order is the user's `trade_placed` event, recorded with the order. */
describe('trading activity', () => {
  const t = tradingSuite('2026-03-02T14:00:00.250Z');

  const tradeEvents = (userId: string) =>
    t.app.deps.db
      .select({ key: userActivity.key, xp: userActivity.xp, occurredAt: userActivity.occurredAt })
      .from(userActivity)
      .where(and(eq(userActivity.userId, userId), eq(userActivity.kind, 'trade_placed')));

  it('records each accepted order once, keyed by the order, and never a rejected one', async () => {
    // the first order opens the account (the locked path), the next ones take the one-statement path
    const filled = await placeOrder(t.ada, { symbol: 'AAPL', side: 'buy', quantity: 5 });
    const resting = await placeOrder(t.ada, { symbol: 'AAPL', side: 'buy', quantity: 1, type: 'limit', price: '1' });
    const rejected = await placeOrder(t.ada, { symbol: 'AAPL', side: 'buy', quantity: 90_000 });
    expect([filled.status, resting.status, rejected.status]).toEqual(['filled', 'pending', 'rejected']);

    const events = await tradeEvents(t.ada.user.id);
    expect(events.map((e) => e.key).sort()).toEqual([`order:${filled.id}`, `order:${resting.id}`].sort());
    expect(events.every((e) => e.xp === ACTIVITY_XP.trade_placed)).toBe(true);
    expect(events[0]!.occurredAt.toISOString()).toBe(filled.createdAt);
    expect(await tradeEvents(t.bob.user.id)).toEqual([]);
    // the XP reaches the user's day with the events (written in the order's own statement)
    const [day] = await t.app.deps.db.select().from(activityDays).where(eq(activityDays.userId, t.ada.user.id));
    expect(day).toMatchObject({ day: '2026-03-02', timeZone: 'UTC', xp: 2 * ACTIVITY_XP.trade_placed });
  });

  it('adds nothing for a replayed request, and one event per accepted item of a batch', async () => {
    const headers = { 'idempotency-key': 'activity-1' };
    const first = await placeOrder(t.ada, { symbol: 'MSFT', side: 'buy', quantity: 1 }, headers);
    const again = await placeOrder(t.ada, { symbol: 'MSFT', side: 'buy', quantity: 1 }, headers);
    expect(again.id).toBe(first.id);

    const batch = await t.ada.post('/api/trades/batch', {
      trades: [
        { symbol: 'AAPL', side: 'buy', quantity: 1 },
        { symbol: 'AAPL', side: 'sell', quantity: 1_000 },
        { symbol: 'NOPE', side: 'buy', quantity: 1 },
      ],
    });
    expect(batch.statusCode, batch.body).toBeLessThan(300);
    const results = batch.json().data.results as Array<{ success: boolean; trade?: { id: string; status: string } }>;
    const accepted = results.filter((r) => r.success && r.trade!.status !== 'rejected').map((r) => r.trade!.id);
    expect(accepted).toHaveLength(1);

    const keys = (await tradeEvents(t.ada.user.id)).map((e) => e.key).sort();
    expect(keys).toEqual([`order:${first.id}`, `order:${accepted[0]}`].sort());
  });

  it('shows the trade on the dashboard activity as the day counts it', async () => {
    await placeOrder(t.ada, { symbol: 'TSLA', side: 'buy', quantity: 1 });
    const res = await t.ada.get('/api/me/activity');
    expect(res.statusCode, res.body).toBe(200);
    expect(activityResponseSchema.parse(res.json()).recent.map((e) => e.kind)).toContain('trade_placed');
  });
});
