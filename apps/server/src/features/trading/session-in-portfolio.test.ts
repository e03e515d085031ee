import { describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { authSessions } from '../auth/auth.tables';
import { paperAccounts } from './trading.tables';
import { placeOrder, tradingSuite } from './trading-test-kit';
import { ageLastSeen, lastSeenOf, type SignedInClient } from '../../test/kit';

const EXPIRED_BODY_ERROR = 'Your session has expired. Please log in again.';
const READS = ['/api/portfolio', '/api/portfolio/positions'];

/**
 * The portfolio reads prove the session live in their own statement, not in `app.authenticate`
 * (decision 0027): a revoked or expired session is refused at once, and no account is opened.
 */
describe('reading the portfolio proves the session in the same statement', () => {
  const t = tradingSuite('2026-03-02T14:00:00.250Z');

  const expectRefused = async (client: SignedInClient) => {
    for (const url of READS) {
      const res = await client.get(url);
      expect(res.statusCode, `${url} ${res.body}`).toBe(401);
      expect(res.json().error).toBe(EXPIRED_BODY_ERROR);
    }
  };
  const accountsOf = (client: SignedInClient) =>
    t.app.deps.db.select().from(paperAccounts).where(eq(paperAccounts.userId, client.user.id));

  it('refuses a logged-out session, with an account or without, opening none', async () => {
    await placeOrder(t.ada, { symbol: 'AAPL', side: 'buy', quantity: 1 });
    for (const client of [t.ada, t.bob]) {
      expect((await client.post('/api/auth/logout', {})).statusCode).toBe(200);
      await expectRefused(client);
    }
    expect(await accountsOf(t.bob)).toEqual([]);
  });

  it("refuses an expired session and another user's session id in a token", async () => {
    await t.app.deps.db
      .update(authSessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(authSessions.id, t.ada.sessionId));
    await expectRefused(t.ada);
    await t.app.deps.db.update(authSessions).set({ userId: t.ada.user.id }).where(eq(authSessions.id, t.bob.sessionId));
    await expectRefused(t.bob);
  });

  it('opens the first account for a live session and keeps "last seen" to the minute', async () => {
    const stale = await ageLastSeen(t.app.deps.db, t.bob.sessionId);
    const res = await t.bob.get('/api/portfolio');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ positions: [], accountId: (await accountsOf(t.bob))[0]!.id });
    const seen = await lastSeenOf(t.app.deps.db, t.bob.sessionId);
    expect(seen.getTime()).toBeGreaterThan(stale.getTime() + 4 * 60_000);
    expect((await t.bob.get('/api/portfolio/positions')).json().data).toEqual([]);
    expect((await lastSeenOf(t.app.deps.db, t.bob.sessionId)).getTime()).toBe(seen.getTime());
  });

  it('answers a poll with one prepared statement, the session proven in it', async () => {
    await placeOrder(t.ada, { symbol: 'AAPL', side: 'buy', quantity: 2 });
    const spy = vi.spyOn(t.app.deps.connection, 'query');
    const res = await t.ada.get('/api/portfolio');
    const names = spy.mock.calls.map((call) => call[2]);
    spy.mockRestore();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.positions).toHaveLength(1);
    expect(names).toEqual(['trading_portfolio_session']);
  });
});
