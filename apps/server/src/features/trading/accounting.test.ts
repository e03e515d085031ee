import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findInstrument, INSTRUMENTS } from '../market/instruments';
import {
  averageCost,
  cashOf,
  FLAT,
  openingRow,
  postFill,
  unrealizedPnl,
  type LedgerRow,
  type PositionBook,
} from './accounting';
import { fillAmounts, NO_FEES, walkOrderBook, type FeeSchedule } from './fill-rules';
import { amount, sumOf, ZERO } from './money';
import { snapshotOf, snapshotShape } from './trading-test-kit';

const usd = (text: string) => amount(text);
const buy = (quantity: string, notional: string, commission = '0', slippage = '0') => ({
  side: 'buy' as const,
  quantity: amount(quantity),
  notional: amount(notional),
  commission: amount(commission),
  slippage: amount(slippage),
});
const sell = (quantity: string, notional: string, commission = '0') => ({
  ...buy(quantity, notional, commission),
  side: 'sell' as const,
});

function posted(result: ReturnType<typeof postFill>) {
  if (!result.ok) throw new Error(result.code);
  return result;
}

describe('posting fills (hand-computed)', () => {
  it('books a buy as a cash row and a commission row, fees in the cost basis', () => {
    const result = posted(postFill(usd('100000.00'), FLAT, buy('10', '2301.50', '1.00')));
    expect(result.rows.map((r) => [r.kind, r.amount.toFixed(2)])).toEqual([
      ['fill', '-2301.50'],
      ['commission', '-1.00'],
    ]);
    expect(result.cash.toFixed(2)).toBe('97697.50');
    expect(result.position.costBasis.toFixed(2)).toBe('2302.50');
    expect(averageCost(result.position, amount(1)).toFixed(2)).toBe('230.25');
  });

  it('realizes P&L on a partial sale against the sold share of the cost, and closes to zero cost', () => {
    const held: PositionBook = { quantity: amount(3), costBasis: usd('100.00'), realizedPnl: ZERO };
    const first = posted(postFill(usd('0'), held, sell('1', '40.00')));
    // a third of 100.00 is 33.333…, posted as 33.33
    expect(first.realizedPnl.toFixed(2)).toBe('6.67');
    expect(first.position.costBasis.toFixed(2)).toBe('66.67');
    const second = posted(postFill(first.cash, first.position, sell('2', '60.00', '0.50')));
    expect(second.realizedPnl.toFixed(2)).toBe('-7.17');
    expect(second.position).toEqual({ quantity: amount(0), costBasis: amount(0), realizedPnl: usd('-0.50') });
    expect(second.cash.toFixed(2)).toBe('99.50');
  });

  it('rounds an exact notional to the cent, half to even, once', () => {
    // 0.01 lot of coffee (375 lb) at 2.4005 = 900.1875
    const result = posted(postFill(usd('1000'), FLAT, buy('0.01', '900.1875')));
    expect(result.rows[0]!.amount.toFixed()).toBe('-900.19');
    expect(posted(postFill(usd('1000'), FLAT, buy('1', '0.125'))).rows[0]!.amount.toFixed()).toBe('-0.12');
  });

  it('refuses to overspend or oversell, saying by how much', () => {
    expect(postFill(usd('100.00'), FLAT, buy('1', '100.00', '0.01'))).toEqual({
      ok: false,
      code: 'insufficient_cash',
      needed: usd('100.01'),
      available: usd('100.00'),
    });
    const held: PositionBook = { quantity: amount(2), costBasis: usd('10'), realizedPnl: ZERO };
    expect(postFill(usd('0'), held, sell('3', '15'))).toEqual({
      ok: false,
      code: 'insufficient_position',
      held: amount(2),
      selling: amount(3),
    });
    // a sale whose fees exceed its proceeds cannot take cash below zero either
    expect(postFill(usd('0.10'), held, sell('1', '0.20', '0.50'))).toMatchObject({
      ok: false,
      code: 'insufficient_cash',
    });
  });

  it('values a position at the market: value minus cost basis is unrealized P&L', () => {
    const lots: PositionBook = { quantity: amount('0.05'), costBasis: usd('11750.00'), realizedPnl: ZERO };
    const gold = amount(findInstrument('XAUUSD')!.info.lotSize);
    expect(unrealizedPnl(lots, gold, amount('2400.10')).toFixed(2)).toBe('250.50');
    expect(averageCost(lots, gold).toFixed()).toBe('2350');
  });
});

describe('the books under any sequence of orders and prices', () => {
  const step = fc.record({
    instrument: fc.integer({ min: 0, max: INSTRUMENTS.length - 1 }),
    side: fc.constantFrom('buy', 'sell') as fc.Arbitrary<'buy' | 'sell'>,
    steps: fc.oneof(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 5_000 })),
    market: snapshotShape(60_000),
  });
  const fees = fc.record({
    commissionPerOrder: fc.constantFrom('0', '0.99', '5'),
    commissionRate: fc.constantFrom('0', '0.0005'),
    slippageRate: fc.constantFrom('0', '0.0002'),
  });

  it('never go negative, and cash is the opening plus the sum of the ledger, exactly', () => {
    fc.assert(
      fc.property(
        fc.array(step, { minLength: 1, maxLength: 60 }),
        fees,
        fc.constantFrom('100000.00', '2500.00', '1.00'),
        (steps, rates, opening) => {
          const schedule: FeeSchedule = {
            commissionPerOrder: amount(rates.commissionPerOrder),
            commissionRate: amount(rates.commissionRate),
            slippageRate: amount(rates.slippageRate),
          };
          const ledger: LedgerRow[] = [openingRow(amount(opening))];
          const books = new Map<string, PositionBook>();
          const traded = new Map<string, ReturnType<typeof amount>>();
          let cash = cashOf(ledger);
          for (const s of steps) {
            const spec = INSTRUMENTS[s.instrument]!;
            const legs = walkOrderBook(spec, snapshotOf(spec, s.market), s.side, s.steps, null);
            const fill = { second: 0, side: s.side, quantity: s.steps, legs, liquidity: 'taker' as const };
            const amounts = fillAmounts(spec, fill, schedule, true);
            const book = books.get(spec.symbol) ?? FLAT;
            const result = postFill(cash, book, { side: s.side, ...amounts });
            if (!result.ok) {
              // refused only for the reason it gives
              if (result.code === 'insufficient_cash') expect(result.needed.greaterThan(cash)).toBe(true);
              else expect(amounts.quantity.greaterThan(book.quantity)).toBe(true);
              continue;
            }
            cash = result.cash;
            ledger.push(...result.rows);
            books.set(spec.symbol, result.position);
            const signed = s.side === 'buy' ? amounts.quantity : amounts.quantity.neg();
            traded.set(spec.symbol, (traded.get(spec.symbol) ?? ZERO).plus(signed));

            expect(cash.isNegative()).toBe(false);
            expect(cash.equals(amount(opening).plus(cashOf(ledger.slice(1))))).toBe(true);
            for (const row of ledger) expect(row.amount.decimalPlaces()).toBeLessThanOrEqual(2);
            for (const [symbol, position] of books) {
              expect(position.quantity.isNegative()).toBe(false);
              expect(position.costBasis.isNegative()).toBe(false);
              expect(position.quantity.isZero()).toBe(position.costBasis.isZero());
              expect(position.quantity.equals(traded.get(symbol)!)).toBe(true);
            }
            // what left the cash sits in open cost or was realized: cash + Σ cost − Σ realized = opening
            const open = [...books.values()];
            const conserved = cash
              .plus(sumOf(open.map((b) => b.costBasis)))
              .minus(sumOf(open.map((b) => b.realizedPnl)));
            expect(conserved.equals(amount(opening))).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('with no fees, a round trip at the same prices returns the cash it started with', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...INSTRUMENTS),
        fc.integer({ min: 1, max: 100 }),
        snapshotShape(60_000),
        (spec, steps, shape) => {
          const snap = snapshotOf(spec, { ...shape, bidTicks: 0, askTicks: 1, upTicks: 0, downTicks: 1 });
          const legs = [{ price: snap.price, quantity: steps }];
          const value = fillAmounts(
            spec,
            { second: 0, side: 'buy', quantity: steps, legs, liquidity: 'taker' },
            NO_FEES,
            true,
          );
          const start = amount('1000000000');
          const bought = posted(postFill(start, FLAT, { side: 'buy', ...value }));
          const sold = posted(postFill(bought.cash, bought.position, { side: 'sell', ...value }));
          expect(sold.cash.equals(start)).toBe(true);
          expect(sold.position.realizedPnl.isZero()).toBe(true);
        },
      ),
    );
  });
});
