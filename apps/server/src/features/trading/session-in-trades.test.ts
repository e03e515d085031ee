import { describe, expect, it, vi } from 'vitest';
import { orderListResponseSchema } from '@tp/shared';
import { placeOrder, tradingSuite } from './trading-test-kit';
import { deadSessionClients, type SignedInClient } from '../../test/kit';

const EXPIRED_BODY_ERROR = 'Your session has expired. Please log in again.';

/**
 * GET /api/trades proves the session live in its own statement (decision 0027): the page without
 * filters, which dashboards poll, is one prepared statement.
 */
describe('listing trades proves the session in the same statement', () => {
  const t = tradingSuite('2026-03-02T14:00:00.250Z');

  const list = async (client: SignedInClient, query: string) => {
    const res = await client.get(`/api/trades?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return orderListResponseSchema.parse(res.json());
  };

  it("refuses a logged-out, an expired and another user's session, filtered or not", async () => {
    for (const client of await deadSessionClients(t.app)) {
      for (const query of ['limit=10', 'symbol=AAPL&limit=10', 'limit=10&offset=20']) {
        const res = await client.get(`/api/trades?${query}`);
        expect(res.statusCode, `${query} ${res.body}`).toBe(401);
        expect(res.json().error).toBe(EXPIRED_BODY_ERROR);
      }
    }
  });

  it('answers a poll in one prepared statement, the same page as the filtered read', async () => {
    for (const quantity of [1, 2, 3]) await placeOrder(t.ada, { symbol: 'AAPL', side: 'buy', quantity });
    await placeOrder(t.ada, { symbol: 'MSFT', side: 'buy', quantity: 1, type: 'limit', price: '1.00' });
    const spy = vi.spyOn(t.app.deps.connection, 'query');
    const page = await list(t.ada, 'limit=3');
    const names = spy.mock.calls.map((call) => call[2]);
    spy.mockRestore();
    expect(names).toEqual(['trading_recent_orders_session']);
    expect(page.pagination).toEqual({ total: 4, limit: 3, offset: 0, hasMore: true });
    expect(page.data).toHaveLength(3);
    const all = await list(t.ada, 'limit=10');
    expect(all.data.find((order) => order.symbol === 'MSFT')).toMatchObject({ status: 'pending', limitPrice: '1.00' });
    // the history's Drizzle read, through a filter that keeps every order
    expect((await list(t.ada, 'limit=3&startDate=2000-01-01')).data).toEqual(page.data);
    expect((await list(t.ada, 'limit=3&offset=3')).data).toEqual(
      (await list(t.ada, 'limit=3&offset=3&startDate=2000-01-01')).data,
    );
  });

  it('answers no orders, and a page past the end, with the right total', async () => {
    expect(await list(t.bob, 'limit=10')).toMatchObject({
      data: [],
      pagination: { total: 0, offset: 0, hasMore: false },
    });
    await placeOrder(t.ada, { symbol: 'AAPL', side: 'buy', quantity: 1 });
    expect((await list(t.ada, 'limit=10&offset=5')).pagination).toEqual({
      total: 1,
      limit: 10,
      offset: 5,
      hasMore: false,
    });
  });
});
