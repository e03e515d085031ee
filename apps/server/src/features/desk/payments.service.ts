import { and, asc, eq, sql } from 'drizzle-orm';
import {
  CURRENCY_MINOR_UNITS,
  DESK_MESSAGES,
  exceedsMinorUnits,
  type Invoice,
  type Payment,
  type PaymentInput,
} from '@tp/shared';
import type { DbExecutor } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError, invalidField } from '../../plugins/errors';
import { amount, type Amount } from '../trading';
import { deskContext } from './desk-context';
import { moneyText, roundMoney } from './desk-math';
import { deskAllocations, deskForwards, deskInvoices, deskPayments } from './desk.tables';
import { openAmountOf, paymentView, signOf, type InvoiceRow, type PaymentRow } from './desk-views';
import { allocatedTo, getInvoice, lockInvoice, statusAfter } from './invoices.service';
import { spotOn } from './market-rates';

/** Payments and their realised gains (docs/desk.md#4-payments-and-realised-gains). */

export interface PaymentTerms {
  amount: Amount;
  date: string;
  method: 'spot' | 'forward';
  forwardId: string | null;
  rate: Amount;
  at: Date;
}

/**
 * Books a payment on a locked invoice: its home amount at the rate used, its share of the booked home
 * amount (the last payment takes the rest, so the parts add up), the realised gain, the invoice's
 * paid amount and status. The caller has checked the amount against what is open.
 */
export async function applyPayment(tx: DbExecutor, invoice: InvoiceRow, terms: PaymentTerms): Promise<PaymentRow> {
  const home = invoice.homeCurrency;
  const paid = amount(invoice.paidAmount).plus(terms.amount);
  const finalPayment = paid.gte(invoice.amount);
  const bookedHome = finalPayment
    ? amount(invoice.bookedHomeAmount).minus(invoice.paidBookedHomeAmount)
    : roundMoney(terms.amount.mul(invoice.bookedRate), home);
  const homeAmount = roundMoney(terms.amount.mul(terms.rate), home);
  const realised = homeAmount.minus(bookedHome).mul(signOf(invoice.direction));
  const [payment] = await tx
    .insert(deskPayments)
    .values({
      userId: invoice.userId,
      invoiceId: invoice.id,
      amount: terms.amount.toFixed(),
      date: terms.date,
      method: terms.method,
      forwardId: terms.forwardId,
      rate: terms.rate.toFixed(),
      homeAmount: homeAmount.toFixed(),
      bookedHomeAmount: bookedHome.toFixed(),
      realisedGainLoss: realised.toFixed(),
      createdAt: terms.at,
    })
    .returning();
  await tx
    .update(deskInvoices)
    .set({
      paidAmount: paid.toFixed(),
      paidBookedHomeAmount: amount(invoice.paidBookedHomeAmount).plus(bookedHome).toFixed(),
      realisedGainLoss: amount(invoice.realisedGainLoss).plus(realised).toFixed(),
      status: statusAfter(amount(invoice.amount), paid),
      updatedAt: terms.at,
    })
    .where(eq(deskInvoices.id, invoice.id));
  return payment!;
}

/** Takes `delivered` off a forward's allocation to an invoice and adds it to what the forward delivered. */
export async function deliverFromForward(tx: DbExecutor, forwardId: string, invoiceId: string, delivered: Amount) {
  const where = and(eq(deskAllocations.forwardId, forwardId), eq(deskAllocations.invoiceId, invoiceId));
  await tx.delete(deskAllocations).where(and(where, sql`${deskAllocations.amount} <= ${delivered.toFixed()}`));
  await tx
    .update(deskAllocations)
    .set({ amount: sql`${deskAllocations.amount} - ${delivered.toFixed()}` })
    .where(where);
  await tx
    .update(deskForwards)
    .set({ deliveredAmount: sql`${deskForwards.deliveredAmount} + ${delivered.toFixed()}` })
    .where(eq(deskForwards.id, forwardId));
}

function checkPayable(invoice: InvoiceRow, input: { amount: string; date: string }, today: string): Amount {
  if (invoice.status !== 'open' && invoice.status !== 'partly_paid') {
    throw new AppError(409, DESK_MESSAGES.notOpen, 'INVOICE_NOT_OPEN');
  }
  if (exceedsMinorUnits(input.amount, invoice.currency)) {
    throw invalidField(
      'amount',
      DESK_MESSAGES.tooManyDecimals(invoice.currency, CURRENCY_MINOR_UNITS[invoice.currency]),
    );
  }
  if (input.date > today) throw invalidField('date', DESK_MESSAGES.paymentInFuture);
  if (input.date < invoice.issueDate) throw invalidField('date', DESK_MESSAGES.paymentBeforeIssue);
  const paying = amount(input.amount);
  const open = openAmountOf(invoice);
  if (paying.gt(open)) throw invalidField('amount', DESK_MESSAGES.overpaid(moneyText(open, invoice.currency)));
  return paying;
}

export async function recordPayment(
  deps: Deps,
  userId: string,
  invoiceId: string,
  input: PaymentInput & { amount: string; method: 'spot' | 'forward' },
): Promise<{ payment: Payment; invoice: Invoice }> {
  const context = await deskContext(deps, userId);
  const at = new Date(context.nowMs);
  const payment = await deps.db.transaction(async (tx) => {
    if (input.method === 'forward') {
      // a forward before its invoices, always: the order settlement locks them in
      const [forward] = await tx
        .select()
        .from(deskForwards)
        .where(and(eq(deskForwards.id, input.forwardId ?? ''), eq(deskForwards.userId, userId)))
        .for('update');
      if (!forward) throw invalidField('forwardId', DESK_MESSAGES.forwardNotFound);
      if (forward.status !== 'live') throw invalidField('forwardId', DESK_MESSAGES.forwardNotLive);
      const invoice = await lockInvoice(tx, userId, invoiceId);
      const paying = checkPayable(invoice, input, context.today);
      const [allocation] = await tx
        .select()
        .from(deskAllocations)
        .where(and(eq(deskAllocations.forwardId, forward.id), eq(deskAllocations.invoiceId, invoiceId)));
      if (!allocation) throw invalidField('forwardId', DESK_MESSAGES.allocationMissing);
      if (paying.gt(allocation.amount)) {
        throw invalidField(
          'amount',
          DESK_MESSAGES.overAllocatedInvoice(moneyText(amount(allocation.amount), invoice.currency)),
        );
      }
      await deliverFromForward(tx, forward.id, invoiceId, paying);
      const terms = { amount: paying, date: input.date, method: 'forward' as const, forwardId: forward.id, at };
      return applyPayment(tx, invoice, { ...terms, rate: amount(forward.forwardRate) });
    }
    const invoice = await lockInvoice(tx, userId, invoiceId);
    const paying = checkPayable(invoice, input, context.today);
    const unhedged = openAmountOf(invoice).minus(await allocatedTo(tx, invoiceId));
    if (paying.gt(unhedged))
      throw invalidField('amount', DESK_MESSAGES.hedgedPart(moneyText(unhedged, invoice.currency)));
    const rate = await spotOn(deps, context, invoice.currency, input.date);
    return applyPayment(tx, invoice, { amount: paying, date: input.date, method: 'spot', forwardId: null, rate, at });
  });
  const invoice = await getInvoice(deps, userId, invoiceId);
  return { payment: paymentView(payment, invoice), invoice };
}

/** Every payment of the user, oldest first (the CSV export). */
export async function listPayments(deps: Deps, userId: string) {
  const rows = await deps.db
    .select({ payment: deskPayments, invoice: deskInvoices })
    .from(deskPayments)
    .innerJoin(deskInvoices, eq(deskInvoices.id, deskPayments.invoiceId))
    .where(eq(deskPayments.userId, userId))
    .orderBy(asc(deskPayments.date), asc(deskPayments.createdAt));
  return rows.map(({ payment, invoice }) => paymentView(payment, invoice));
}
