import { describe, expect, it, vi } from 'vitest';
import { placeOrder, tradingSuite } from './trading-test-kit';

const buy = { symbol: 'AAPL', side: 'buy', quantity: 1 } as const;

/**
 * The books' statements take their values by name (books.repository.ts, book-writes.repository.ts):
 * however many rows an order writes, a statement names at most eight positional parameters.
 */
describe('the books repository', () => {
  const t = tradingSuite('2026-03-02T14:00:00.250Z');

  it('reads and writes the books of an order with at most eight parameters a statement', async () => {
    await placeOrder(t.ada, buy); // the first order opens the account under its row lock
    const spy = vi.spyOn(t.app.deps.connection, 'query');
    // a key: the books read, then the write; without one: the remembered books' single write
    await placeOrder(t.ada, buy, { 'idempotency-key': 'second-order' });
    await placeOrder(t.ada, { ...buy, side: 'sell' });
    const calls = spy.mock.calls.map(([text, params]) => ({ text, parameters: params?.length ?? 0 }));
    spy.mockRestore();
    const writes = calls.filter(({ text }) => /update paper_accounts/.test(text));
    expect(writes).toHaveLength(2);
    expect(calls.filter(({ text }) => /from paper_accounts a/.test(text))).toHaveLength(1);
    expect(Math.max(...calls.map(({ parameters }) => parameters))).toBeLessThanOrEqual(8);
  });
});
