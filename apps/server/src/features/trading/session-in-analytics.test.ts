import { describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { performanceResponseSchema, riskResponseSchema } from '@tp/shared';
import { ageLastSeen, deadSessionClients, lastSeenOf, type SignedInClient } from '../../test/kit';
import { paperAccounts } from './trading.tables';
import { placeOrder, tradingSuite } from './trading-test-kit';

const EXPIRED_BODY_ERROR = 'Your session has expired. Please log in again.';
const READS = ['/api/analytics/performance', '/api/analytics/risk'];

/**
 * The trading analytics read the session's account and history in one statement that proves the
 * session live (decision 0027): a dead session is refused at once, opening no account.
 */
describe('trading analytics: the session proven in its statement', () => {
  const t = tradingSuite('2026-03-02T14:00:00.250Z');

  const accountsOf = (client: SignedInClient) =>
    t.app.deps.db.select().from(paperAccounts).where(eq(paperAccounts.userId, client.user.id));

  it("refuses a logged-out, an expired and another user's session, opening no account", async () => {
    await placeOrder(t.ada, { symbol: 'AAPL', side: 'buy', quantity: 1 });
    for (const client of await deadSessionClients(t.app)) {
      for (const url of READS) {
        const res = await client.get(url);
        expect(res.statusCode, `${url} ${res.body}`).toBe(401);
        expect(res.json().error).toBe(EXPIRED_BODY_ERROR);
      }
      expect(await accountsOf(client)).toEqual([]);
    }
  });

  it('answers each read with one prepared statement, only from the owner’s account', async () => {
    await placeOrder(t.bob, { symbol: 'MSFT', side: 'buy', quantity: 5 });
    await placeOrder(t.ada, { symbol: 'AAPL', side: 'buy', quantity: 10 });
    await placeOrder(t.ada, { symbol: 'AAPL', side: 'sell', quantity: 4 });
    t.clock.advance(3 * 86_400);
    const spy = vi.spyOn(t.app.deps.connection, 'query');
    const performance = await t.ada.get('/api/analytics/performance');
    const risk = await t.ada.get('/api/analytics/risk');
    const names = spy.mock.calls.map((call) => call[2]);
    spy.mockRestore();
    expect(names).toEqual(['trading_history_session', 'trading_history_session']);
    const report = performanceResponseSchema.parse(performance.json()).data;
    expect(report.closedTrades).toBe(1);
    expect(report.start).toBe('2026-03-02T14:00:00.000Z');
    expect(riskResponseSchema.parse(risk.json()).data.largestPosition?.symbol).toBe('AAPL');
  });

  it('opens the first account of a live session, and keeps "last seen" to the minute', async () => {
    const stale = await ageLastSeen(t.app.deps.db, t.bob.sessionId);
    const res = await t.bob.get('/api/analytics/performance');
    expect(res.statusCode, res.body).toBe(200);
    expect(performanceResponseSchema.parse(res.json()).data.closedTrades).toBe(0);
    expect(await accountsOf(t.bob)).toHaveLength(1);
    expect((await lastSeenOf(t.app.deps.db, t.bob.sessionId)).getTime()).toBeGreaterThan(stale.getTime() + 4 * 60_000);
    expect((await t.bob.get('/api/analytics/risk')).statusCode).toBe(200);
    expect(await accountsOf(t.bob)).toHaveLength(1);
  });
});
