import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BUCKET_KEYS,
  CURRENCY_MINOR_UNITS,
  DESK_LIMITS,
  type CurrencyCode,
  type Exposure,
  type ForwardSide,
  type ForwardStatus,
  type InvoiceDirection,
  type InvoiceStatus,
} from '@tp/shared';
import { signedInClient } from '../../test/kit';
import { users } from '../users/users.tables';
import { Exact, ZERO, type Amount } from '../trading/money';
import { addDays, dayCount, type CalendarDay } from './calendar-dates';
import { deskContext, type DeskContext } from './desk-context';
import { accrual, forwardRate, markToMarket, moneyText, rateText } from './desk-math';
import { deskForwards, deskInvoices } from './desk.tables';
import { deskSuite, readExposure } from './desk-test-kit';
import { bucketBoundaries, bucketIn } from './exposure.service';
import { rateTerms, spotAt } from './market-rates';

/**
 * The hedge view is summed and valued by the database (exposure.repository.ts); here the same
 * figures are worked out row by row with the formulas of docs/desk.md#6-the-hedge-view (each
 * forward valued on its own with forwardRate and markToMarket) on random books, and must be equal.
 */

interface InvoiceRow {
  currency: CurrencyCode;
  direction: InvoiceDirection;
  status: InvoiceStatus;
  amount: string;
  paidAmount: string;
  dueDate: CalendarDay;
  bookedRate: string;
}
interface ForwardRow {
  currency: CurrencyCode;
  side: ForwardSide;
  status: ForwardStatus;
  amount: string;
  deliveredAmount: string;
  maturityDate: CalendarDay;
  forwardRate: string;
}

const TODAY = '2026-11-27';
const CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY', 'VND', 'TRY'] as const;
const moneyOf = (units: number, currency: CurrencyCode) =>
  new Exact(units).div(10 ** CURRENCY_MINOR_UNITS[currency]).toFixed(CURRENCY_MINOR_UNITS[currency]);
/** A rate of 10 significant digits somewhere between 10⁻⁶ and 10⁵. */
const rateArb = fc
  .tuple(fc.integer({ min: 1_000_000_000, max: 9_999_999_999 }), fc.integer({ min: -15, max: -5 }))
  .map(([digits, exponent]) => new Exact(`${digits}e${exponent}`).toFixed());
const partArb = fc.integer({ min: 1, max: 5_000_000 });

const invoiceArb = fc
  .record({
    currency: fc.constantFrom(...CURRENCIES),
    direction: fc.constantFrom<InvoiceDirection>('receivable', 'payable'),
    status: fc.constantFrom<InvoiceStatus>('open', 'partly_paid', 'paid', 'cancelled'),
    units: partArb,
    paidShare: fc.double({ min: 0, max: 1, noNaN: true }),
    dueIn: fc.integer({ min: -60, max: 800 }),
    bookedRate: rateArb,
  })
  .map(({ units, paidShare, dueIn, ...row }): InvoiceRow => {
    const paid = row.status === 'paid' ? units : row.status === 'partly_paid' ? Math.floor(units * paidShare) : 0;
    return {
      ...row,
      amount: moneyOf(units, row.currency),
      paidAmount: moneyOf(paid, row.currency),
      dueDate: addDays(TODAY, dueIn),
    };
  });

// few maturity dates, so that several forwards share one, on both sides and at or past maturity
const forwardArb = fc
  .record({
    currency: fc.constantFrom(...CURRENCIES),
    side: fc.constantFrom<ForwardSide>('sell', 'buy'),
    status: fc.constantFrom<ForwardStatus>('live', 'live', 'live', 'settled', 'closed'),
    units: partArb,
    deliveredShare: fc.double({ min: 0, max: 0.99, noNaN: true }),
    maturityIn: fc.oneof(fc.constantFrom(-3, 0, 2, 90, 91, 365), fc.integer({ min: 2, max: 740 })),
    forwardRate: rateArb,
  })
  .map(({ units, deliveredShare, maturityIn, ...row }): ForwardRow => ({
    ...row,
    amount: moneyOf(units, row.currency),
    deliveredAmount: moneyOf(Math.floor(units * deliveredShare), row.currency),
    maturityDate: addDays(TODAY, maturityIn),
  }));

/** The figures the hedge view shows, worked out one invoice and one forward at a time. */
async function rowByRow(
  deps: Parameters<typeof deskContext>[0],
  context: DeskContext,
  invoices: InvoiceRow[],
  forwards: ForwardRow[],
) {
  const home = context.homeCurrency;
  const boundaries = bucketBoundaries(context.today);
  const openInvoices = invoices.filter((row) => ['open', 'partly_paid'].includes(row.status) && row.currency !== home);
  const liveForwards = forwards.filter((row) => row.status === 'live' && row.currency !== home);
  const codes = [...new Set([...openInvoices, ...liveForwards].map((row) => row.currency))].sort();
  const shocks = DESK_LIMITS.scenarioShocks.map((shock) => new Exact(shock));
  const totals = { net: ZERO, hedged: ZERO, revaluation: ZERO, value: ZERO, scenarios: shocks.map(() => [ZERO, ZERO]) };
  const monthly = new Map<string, Amount>();
  const currencies = [];
  for (const currency of codes) {
    const spot = await spotAt(deps, currency, home, context.nowMs);
    const cells = BUCKET_KEYS.map(() => ({ receivable: ZERO, payable: ZERO, hedged: ZERO }));
    let revaluation = ZERO;
    for (const row of openInvoices.filter((invoice) => invoice.currency === currency)) {
      const open = new Exact(row.amount).minus(row.paidAmount);
      const cell = cells[BUCKET_KEYS.indexOf(bucketIn(boundaries, row.dueDate))]!;
      const sign = row.direction === 'receivable' ? 1 : -1;
      if (sign === 1) cell.receivable = cell.receivable.plus(open);
      else cell.payable = cell.payable.plus(open);
      revaluation = revaluation.plus(open.mul(spot.minus(row.bookedRate)).mul(sign));
      const key = `${(row.dueDate < context.today ? context.today : row.dueDate).slice(0, 7)}|${currency}`;
      monthly.set(key, (monthly.get(key) ?? ZERO).plus(open.mul(sign)));
    }
    const sides = { sell: { notional: ZERO, value: ZERO }, buy: { notional: ZERO, value: ZERO } };
    let value = ZERO;
    let delta = ZERO;
    const terms = rateTerms(context, currency);
    for (const row of liveForwards.filter((forward) => forward.currency === currency)) {
      const notional = new Exact(row.amount).minus(row.deliveredAmount);
      const daysLeft = Math.max(0, dayCount(context.today, row.maturityDate));
      const current = forwardRate(spot, daysLeft, terms);
      const sign = row.side === 'sell' ? 1 : -1;
      const cell = cells[BUCKET_KEYS.indexOf(bucketIn(boundaries, row.maturityDate))]!;
      cell.hedged = cell.hedged.plus(notional.mul(sign));
      sides[row.side].notional = sides[row.side].notional.plus(notional);
      sides[row.side].value = sides[row.side].value.plus(notional.mul(row.forwardRate));
      const { homeRate, homeBasis } = terms;
      const bookedRate = new Exact(row.forwardRate);
      value = value.plus(
        markToMarket({ ...row, notional, bookedRate, currentForwardRate: current, ...terms, daysLeft }),
      );
      delta = delta.plus(
        current
          .mul(notional)
          .div(accrual(homeRate, homeBasis, daysLeft))
          .mul(sign),
      );
    }
    const net = cells.reduce((sum, cell) => sum.plus(cell.receivable).minus(cell.payable), ZERO);
    const hedged = cells.reduce((sum, cell) => sum.plus(cell.hedged), ZERO);
    const scenarios = shocks.map((shock, index) => {
      const unhedged = net.mul(spot).mul(shock);
      const withForwards = unhedged.minus(delta.mul(shock));
      totals.scenarios[index] = [
        totals.scenarios[index]![0]!.plus(unhedged),
        totals.scenarios[index]![1]!.plus(withForwards),
      ];
      return { shock: shock.toFixed(2), unhedged: moneyText(unhedged, home), hedged: moneyText(withForwards, home) };
    });
    totals.net = totals.net.plus(net.mul(spot));
    totals.hedged = totals.hedged.plus(hedged.mul(spot));
    totals.revaluation = totals.revaluation.plus(revaluation);
    totals.value = totals.value.plus(value);
    const blended = (side: { notional: Amount; value: Amount }) =>
      side.notional.isZero() ? null : rateText(side.value.div(side.notional));
    currencies.push({
      currency,
      spot: rateText(spot),
      blendedSellRate: blended(sides.sell),
      blendedBuyRate: blended(sides.buy),
      buckets: cells.map((cell, index) => ({
        bucket: BUCKET_KEYS[index],
        receivable: moneyText(cell.receivable, currency),
        payable: moneyText(cell.payable, currency),
        net: moneyText(cell.receivable.minus(cell.payable), currency),
        hedged: moneyText(cell.hedged, currency),
        netHome: moneyText(cell.receivable.minus(cell.payable).mul(spot), home),
      })),
      revaluation: moneyText(revaluation, home),
      forwardsMarkToMarket: moneyText(value, home),
      scenarios,
    });
  }
  return {
    currencies,
    monthly: [...monthly.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, net]) => ({
        month: key.slice(0, 7),
        currency: key.slice(8),
        net: moneyText(net, key.slice(8) as CurrencyCode),
      })),
    totals: {
      netHome: moneyText(totals.net, home),
      hedgedHome: moneyText(totals.hedged, home),
      revaluation: moneyText(totals.revaluation, home),
      forwardsMarkToMarket: moneyText(totals.value, home),
      scenarios: shocks.map((shock, index) => ({
        shock: shock.toFixed(2),
        unhedged: moneyText(totals.scenarios[index]![0]!, home),
        hedged: moneyText(totals.scenarios[index]![1]!, home),
      })),
    },
  };
}

/** The answer's figures that rowByRow works out (policy, ratios and the "next" list aside). */
const figuresOf = (exposure: Exposure) => ({
  currencies: exposure.currencies.map((currency) => ({
    currency: currency.currency,
    spot: currency.spot,
    blendedSellRate: currency.blendedSellRate,
    blendedBuyRate: currency.blendedBuyRate,
    buckets: currency.buckets.map(({ bucket, receivable, payable, net, hedged, netHome }) => ({
      bucket,
      receivable,
      payable,
      net,
      hedged,
      netHome,
    })),
    revaluation: currency.revaluation,
    forwardsMarkToMarket: currency.forwardsMarkToMarket,
    scenarios: currency.scenarios,
  })),
  monthly: exposure.monthly.map(({ month, currency, net }) => ({ month, currency, net })),
  totals: exposure.totals,
});

describe('desk: the hedge view summed by the database', () => {
  const t = deskSuite();

  it('property: every figure equals the row-by-row computation on random books', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<CurrencyCode>('USD', 'EUR', 'JPY', 'VND'),
        fc.array(invoiceArb, { maxLength: 25 }),
        fc.array(forwardArb, { maxLength: 25 }),
        async (home, invoices, forwards) => {
          const client = await signedInClient(t.app);
          const userId = client.user.id;
          const db = t.app.deps.db;
          await db.update(users).set({ homeCurrency: home }).where(eq(users.id, userId));
          const ownForwards = forwards.filter((row) => row.currency !== home);
          if (invoices.length > 0) {
            await db.insert(deskInvoices).values(
              invoices.map((row, index) => ({
                ...row,
                userId,
                counterparty: `Buyer ${index}`,
                reference: `R${index}`,
                issueDate: row.dueDate < TODAY ? row.dueDate : TODAY,
                homeCurrency: home,
                bookedHomeAmount: '0',
              })),
            );
          }
          if (ownForwards.length > 0) {
            await db.insert(deskForwards).values(
              ownForwards.map((row) => ({
                ...row,
                userId,
                homeCurrency: home,
                bookedAt: new Date(Date.parse(`${TODAY}T09:00:00Z`)),
                spotAtBooking: row.forwardRate,
              })),
            );
          }
          const context = await deskContext(t.app.deps, userId);
          const expected = await rowByRow(t.app.deps, context, invoices, ownForwards);
          expect(figuresOf(await readExposure(client))).toEqual(expected);
        },
      ),
      { numRuns: 20 },
    );
  });
});
