import { Decimal } from 'decimal.js';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  BUCKET_KEYS,
  CURRENCY_MINOR_UNITS,
  DESK_LIMITS,
  type CurrencyCode,
  type InvoiceDirection,
  type ProposedForward,
} from '@tp/shared';
import type { Deps } from '../../deps';
import { amount, Exact, type Amount } from '../trading';
import { addDays, addMonths, type CalendarDay } from './calendar-dates';
import { deskContext, type DeskContext } from './desk-context';
import { moneyText, rateText } from './desk-math';
import { deskAllocations, deskInvoices } from './desk.tables';
import { bucketBoundaries, bucketIn, readExposureBooks } from './exposure.service';
import { dealtRate, forwardQuote } from './market-rates';
import { getPolicy } from './policy.service';

/**
 * "Hedge to policy" (docs/desk.md#6-the-hedge-view): per currency and bucket below its target, one forward for the
 * difference, maturing on the latest due date of the bucket's invoices, allocated to them in
 * due-date order. Writes nothing: the user books each proposal as an ordinary forward.
 */

interface Unhedged {
  id: string;
  reference: string;
  currency: CurrencyCode;
  direction: InvoiceDirection;
  dueDate: CalendarDay;
  unhedged: Amount;
}

async function unhedgedInvoices(deps: Deps, context: DeskContext): Promise<Unhedged[]> {
  const allocated = deps.db
    .select({ invoiceId: deskAllocations.invoiceId, total: sql<string>`sum(${deskAllocations.amount})`.as('total') })
    .from(deskAllocations)
    .where(eq(deskAllocations.userId, context.userId))
    .groupBy(deskAllocations.invoiceId)
    .as('allocated');
  const rows = await deps.db
    .select({
      id: deskInvoices.id,
      reference: deskInvoices.reference,
      currency: deskInvoices.currency,
      direction: deskInvoices.direction,
      dueDate: deskInvoices.dueDate,
      unhedged: sql<string>`${deskInvoices.amount} - ${deskInvoices.paidAmount} - coalesce(${allocated.total}, 0)`,
    })
    .from(deskInvoices)
    .leftJoin(allocated, eq(allocated.invoiceId, deskInvoices.id))
    .where(
      and(
        eq(deskInvoices.userId, context.userId),
        inArray(deskInvoices.status, ['open', 'partly_paid']),
        ne(deskInvoices.currency, context.homeCurrency),
      ),
    )
    .orderBy(asc(deskInvoices.dueDate), asc(deskInvoices.createdAt));
  return rows.map((row) => ({ ...row, unhedged: amount(row.unhedged) })).filter((row) => row.unhedged.gt(0));
}

/** The maturity for invoices due up to `latest`: that date, kept between 2 days and 24 months from today. */
function maturityFor(context: DeskContext, latest: CalendarDay): CalendarDay {
  const earliest = addDays(context.today, DESK_LIMITS.minMaturityDays);
  const last = addMonths(context.today, DESK_LIMITS.maxMaturityMonths);
  return latest < earliest ? earliest : latest > last ? last : latest;
}

export async function proposeHedges(deps: Deps, userId: string): Promise<ProposedForward[]> {
  const context = await deskContext(deps, userId);
  const [{ currencies, books: booksByCurrency }, policy, invoices] = await Promise.all([
    readExposureBooks(deps, context),
    getPolicy(deps.db, userId),
    unhedgedInvoices(deps, context),
  ]);
  const proposals: ProposedForward[] = [];
  const boundaries = bucketBoundaries(context.today);
  for (const currency of currencies) {
    const books = booksByCurrency.get(currency)!;
    for (const bucket of BUCKET_KEYS) {
      const cell = books.cells.get(bucket)!;
      const net = cell.receivable.minus(cell.payable);
      const gap = new Exact(policy.targetRatios[bucket] ?? '0').mul(net).minus(cell.hedged);
      const direction: InvoiceDirection = net.gt(0) ? 'receivable' : 'payable';
      // only a shortfall in the direction of the exposure; rounded down, so a proposal never over-hedges
      const size = (net.gt(0) ? gap : gap.neg()).toDecimalPlaces(CURRENCY_MINOR_UNITS[currency], Decimal.ROUND_DOWN);
      if (net.isZero() || size.lte(0)) continue;
      const candidates = invoices.filter(
        (invoice) =>
          invoice.currency === currency &&
          invoice.direction === direction &&
          bucketIn(boundaries, invoice.dueDate) === bucket,
      );
      if (candidates.length === 0) continue;
      let left = size;
      const allocations = [];
      for (const invoice of candidates) {
        if (left.lte(0)) break;
        const part = Exact.min(left, invoice.unhedged);
        allocations.push({
          invoiceId: invoice.id,
          invoiceReference: invoice.reference,
          amount: moneyText(part, currency),
        });
        left = left.minus(part);
      }
      const maturityDate = maturityFor(context, candidates[candidates.length - 1]!.dueDate);
      const side = direction === 'receivable' ? 'sell' : 'buy';
      const rate = dealtRate(deps, await forwardQuote(deps, context, currency, maturityDate), side);
      proposals.push({
        currency,
        bucket,
        side,
        amount: moneyText(size, currency),
        maturityDate,
        forwardRate: rateText(rate),
        homeAmount: moneyText(size.mul(rate), context.homeCurrency),
        allocations,
      });
    }
  }
  return proposals;
}
