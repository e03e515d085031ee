import { describe, expect, it } from 'vitest';
import { errorFields } from '../../test/kit';
import { placeOrder, tradingSuite } from './trading-test-kit';

describe('GET /api/trades/export.csv', () => {
  const t = tradingSuite('2026-03-02T14:00:00.250Z');

  it('exports the trade history as Excel-friendly CSV, with its filters, only the owner’s', async () => {
    const bought = await placeOrder(t.ada, { symbol: 'AAPL', side: 'buy', quantity: '3', type: 'market' });
    t.clock.advance(5);
    const rejected = await placeOrder(t.ada, { symbol: 'EURUSD', side: 'sell', quantity: '1', type: 'market' });
    const all = await t.ada.get('/api/trades/export.csv');
    expect(all.statusCode, all.body).toBe(200);
    expect(all.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(all.headers['content-disposition']).toBe('attachment; filename="trades.csv"');
    const lines = all.body.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(
      '\uFEFFcreated_at,id,symbol,side,type,quantity,filled_quantity,avg_fill_price,limit_price,stop_price,time_in_force,status,fees_usd,reject_reason,source,updated_at',
    );
    expect(lines).toHaveLength(3);
    // newest first; decimals plain, dates ISO
    expect(lines[1]).toContain(
      `,${rejected.id},EURUSD,sell,market,1.00,0.00,,,,day,rejected,0.00,Insufficient position`,
    );
    expect(lines[2]).toContain(
      `${bought.createdAt},${bought.id},AAPL,buy,market,3,3,${bought.avgFillPrice},,,day,filled,`,
    );

    const aapl = await t.ada.get('/api/trades/export.csv?symbol=aapl&status=filled');
    expect(aapl.body.split('\r\n').filter(Boolean)).toHaveLength(2);
    const bad = await t.ada.get('/api/trades/export.csv?startDate=2026-03-03&endDate=2026-03-01');
    expect(errorFields(bad.json())).toEqual(['startDate']);
    const bobs = await t.bob.get('/api/trades/export.csv');
    expect(bobs.body.split('\r\n').filter(Boolean)).toHaveLength(1);
  });
});
