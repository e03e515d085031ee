import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import {
  DESK_MESSAGES,
  FORWARD_SIDE_OF,
  type Forward,
  type forwardQuerySchema,
  type ParsedForwardInput,
} from '@tp/shared';
import type { z } from 'zod';
import type { DbExecutor } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError, invalidField, notFound } from '../../plugins/errors';
import { idempotencyKeyReused, requestHash } from '../../plugins/idempotency';
import { amount, ZERO, type Amount } from '../trading';
import { dayCount } from './calendar-dates';
import { deskContext, type DeskContext } from './desk-context';
import { forwardRate, markToMarket, moneyText, roundMoney } from './desk-math';
import { deskAllocations, deskForwards, deskInvoices } from './desk.tables';
import { forwardView, openAmountOf, type ForwardAllocationRow, type ForwardRow } from './desk-views';
import { allocatedTo } from './invoices.service';
import { checkMaturity, dealtRate, forwardQuote, rateTerms, spotAt } from './market-rates';

/** Paper FX forwards (docs/desk.md#5-forwards-paper): booking, mark-to-market, close-out and roll-over. */

export interface Mark {
  currentForwardRate: Amount;
  markToMarket: Amount;
}

/** A live forward's value at the context's second (unrounded), with today's forward rate for its maturity. */
export function markOf(context: DeskContext, forward: ForwardRow, spot: Amount): Mark {
  const daysLeft = Math.max(0, dayCount(context.today, forward.maturityDate));
  const terms = rateTerms(context, forward.currency);
  const currentForwardRate = forwardRate(spot, daysLeft, terms);
  return {
    currentForwardRate,
    markToMarket: markToMarket({
      side: forward.side,
      notional: amount(forward.amount).minus(forward.deliveredAmount),
      bookedRate: amount(forward.forwardRate),
      currentForwardRate,
      homeRate: terms.homeRate,
      homeBasis: terms.homeBasis,
      daysLeft,
    }),
  };
}

async function allocationsOfForwards(executor: DbExecutor, forwardIds: string[]) {
  const byForward = new Map<string, ForwardAllocationRow[]>();
  if (forwardIds.length === 0) return byForward;
  const rows = await executor
    .select({
      forwardId: deskAllocations.forwardId,
      invoiceId: deskAllocations.invoiceId,
      amount: deskAllocations.amount,
      invoiceReference: deskInvoices.reference,
      counterparty: deskInvoices.counterparty,
    })
    .from(deskAllocations)
    .innerJoin(deskInvoices, eq(deskInvoices.id, deskAllocations.invoiceId))
    .where(inArray(deskAllocations.forwardId, forwardIds))
    .orderBy(asc(deskInvoices.dueDate));
  for (const row of rows) byForward.set(row.forwardId, [...(byForward.get(row.forwardId) ?? []), row]);
  return byForward;
}

async function viewsOf(deps: Deps, context: DeskContext, rows: ForwardRow[]): Promise<Forward[]> {
  const allocations = await allocationsOfForwards(
    deps.db,
    rows.map((row) => row.id),
  );
  const live = rows.filter((row) => row.status === 'live');
  const currencies = [...new Set(live.map((row) => row.currency))];
  const spots = new Map(
    await Promise.all(
      currencies.map(async (code) => [code, await spotAt(deps, code, context.homeCurrency, context.nowMs)] as const),
    ),
  );
  return rows.map((row) =>
    forwardView(
      row,
      allocations.get(row.id) ?? [],
      row.status === 'live' ? markOf(context, row, spots.get(row.currency)!) : null,
    ),
  );
}

async function readForward(deps: Deps, context: DeskContext, id: string): Promise<Forward> {
  const rows = await deps.db
    .select()
    .from(deskForwards)
    .where(and(eq(deskForwards.id, id), eq(deskForwards.userId, context.userId)));
  if (rows.length === 0) throw notFound(DESK_MESSAGES.forwardNotFound);
  return (await viewsOf(deps, context, rows))[0]!;
}

export async function getForward(deps: Deps, userId: string, id: string): Promise<Forward> {
  return readForward(deps, await deskContext(deps, userId), id);
}

export async function listForwards(deps: Deps, userId: string, query: z.output<typeof forwardQuerySchema>) {
  const context = await deskContext(deps, userId);
  const filters: SQL[] = [eq(deskForwards.userId, userId)];
  if (query.status) filters.push(eq(deskForwards.status, query.status));
  if (query.currency) filters.push(eq(deskForwards.currency, query.currency));
  const rows = await deps.db
    .select()
    .from(deskForwards)
    .where(and(...filters))
    .orderBy(asc(deskForwards.maturityDate), desc(deskForwards.createdAt));
  return viewsOf(deps, context, rows);
}

/**
 * Sets aside parts of a forward for invoices, the invoices locked in id order: each of the forward's
 * currency and matching direction, open, and never beyond its open amount less its other allocations.
 */
async function allocate(
  tx: DbExecutor,
  forward: Pick<ForwardRow, 'id' | 'userId' | 'currency' | 'side' | 'amount'>,
  allocations: { invoiceId: string; amount: string }[],
  field = 'allocations',
): Promise<void> {
  const total = allocations.reduce((sum, allocation) => sum.plus(allocation.amount), ZERO);
  if (total.gt(forward.amount)) throw invalidField(field, DESK_MESSAGES.overAllocatedForward);
  const order = allocations.map((allocation, index) => ({ ...allocation, index }));
  order.sort((a, b) => a.invoiceId.localeCompare(b.invoiceId));
  const seen = new Set<string>();
  for (const allocation of order) {
    const at = `${field}.${allocation.index}`;
    if (seen.has(allocation.invoiceId))
      throw invalidField(`${at}.invoiceId`, 'names an invoice already allocated above');
    seen.add(allocation.invoiceId);
    const uuid = /^[0-9a-f-]{36}$/i.test(allocation.invoiceId);
    const [invoice] = uuid
      ? await tx
          .select()
          .from(deskInvoices)
          .where(and(eq(deskInvoices.id, allocation.invoiceId), eq(deskInvoices.userId, forward.userId)))
          .for('update')
      : [];
    if (!invoice) throw invalidField(`${at}.invoiceId`, DESK_MESSAGES.invoiceNotFound);
    if (invoice.currency !== forward.currency || FORWARD_SIDE_OF[invoice.direction] !== forward.side) {
      throw invalidField(`${at}.invoiceId`, DESK_MESSAGES.allocationMismatch);
    }
    if (invoice.status !== 'open' && invoice.status !== 'partly_paid') {
      throw invalidField(`${at}.invoiceId`, DESK_MESSAGES.notOpen);
    }
    const available = openAmountOf(invoice).minus(await allocatedTo(tx, invoice.id));
    if (amount(allocation.amount).gt(available)) {
      throw invalidField(`${at}.amount`, DESK_MESSAGES.overAllocatedInvoice(moneyText(available, invoice.currency)));
    }
    await tx.insert(deskAllocations).values({
      forwardId: forward.id,
      invoiceId: invoice.id,
      userId: forward.userId,
      amount: allocation.amount,
    });
  }
}

export async function bookForward(
  deps: Deps,
  userId: string,
  input: ParsedForwardInput,
  idempotencyKey: string | null,
): Promise<{ forward: Forward; replayed: boolean }> {
  const context = await deskContext(deps, userId);
  if (input.currency === context.homeCurrency) throw invalidField('currency', DESK_MESSAGES.homeCurrencyForward);
  checkMaturity(context, input.maturityDate);
  const hash = idempotencyKey ? requestHash(input) : null;
  if (idempotencyKey) {
    const [earlier] = await deps.db
      .select({ id: deskForwards.id, requestHash: deskForwards.requestHash })
      .from(deskForwards)
      .where(and(eq(deskForwards.userId, userId), eq(deskForwards.idempotencyKey, idempotencyKey)));
    if (earlier) {
      if (earlier.requestHash !== hash) throw idempotencyKeyReused();
      return { forward: await readForward(deps, context, earlier.id), replayed: true };
    }
  }
  const quote = await forwardQuote(deps, context, input.currency, input.maturityDate);
  const id = await deps.db.transaction(async (tx) => {
    const [forward] = await tx
      .insert(deskForwards)
      .values({
        userId,
        currency: input.currency,
        homeCurrency: context.homeCurrency,
        side: input.side,
        amount: input.amount,
        maturityDate: input.maturityDate,
        bookedAt: new Date(context.nowMs),
        spotAtBooking: quote.spot.toFixed(),
        forwardRate: dealtRate(deps, quote, input.side).toFixed(),
        idempotencyKey,
        requestHash: hash,
      })
      .returning();
    await allocate(tx, forward!, input.allocations);
    return forward!.id;
  });
  return { forward: await readForward(deps, context, id), replayed: false };
}

async function lockLiveForward(tx: DbExecutor, userId: string, id: string): Promise<ForwardRow> {
  const [forward] = await tx
    .select()
    .from(deskForwards)
    .where(and(eq(deskForwards.id, id), eq(deskForwards.userId, userId)))
    .for('update');
  if (!forward) throw notFound(DESK_MESSAGES.forwardNotFound);
  if (forward.status !== 'live') throw new AppError(409, DESK_MESSAGES.forwardNotLive, 'FORWARD_NOT_LIVE');
  return forward;
}

/** Ends a live forward at its mark-to-market of this second, releasing or handing over its allocations. */
async function endAtMarket(deps: Deps, tx: DbExecutor, context: DeskContext, forward: ForwardRow) {
  const mark = markOf(context, forward, await spotAt(deps, forward.currency, context.homeCurrency, context.nowMs));
  const realised = roundMoney(mark.markToMarket, forward.homeCurrency);
  return { mark, realised };
}

export async function closeForward(deps: Deps, userId: string, id: string): Promise<Forward> {
  const context = await deskContext(deps, userId);
  await deps.db.transaction(async (tx) => {
    const forward = await lockLiveForward(tx, userId, id);
    const { mark, realised } = await endAtMarket(deps, tx, context, forward);
    await tx.delete(deskAllocations).where(eq(deskAllocations.forwardId, id));
    await tx
      .update(deskForwards)
      .set({
        status: 'closed',
        endedAt: new Date(context.nowMs),
        settlementRate: mark.currentForwardRate.toFixed(),
        realisedGainLoss: realised.toFixed(),
      })
      .where(eq(deskForwards.id, id));
  });
  return readForward(deps, context, id);
}

export async function rollForward(deps: Deps, userId: string, id: string, maturityDate: string) {
  const context = await deskContext(deps, userId);
  checkMaturity(context, maturityDate);
  const rolledId = await deps.db.transaction(async (tx) => {
    const forward = await lockLiveForward(tx, userId, id);
    if (maturityDate <= forward.maturityDate) throw invalidField('maturityDate', DESK_MESSAGES.rollNotLater);
    const { mark, realised } = await endAtMarket(deps, tx, context, forward);
    const quote = await forwardQuote(deps, context, forward.currency, maturityDate);
    const [rolled] = await tx
      .insert(deskForwards)
      .values({
        userId,
        currency: forward.currency,
        homeCurrency: forward.homeCurrency,
        side: forward.side,
        amount: amount(forward.amount).minus(forward.deliveredAmount).toFixed(),
        maturityDate,
        bookedAt: new Date(context.nowMs),
        spotAtBooking: quote.spot.toFixed(),
        forwardRate: dealtRate(deps, quote, forward.side).toFixed(),
        rolledFromId: forward.id,
        carriedGainLoss: realised.toFixed(),
      })
      .returning({ id: deskForwards.id });
    await tx.update(deskAllocations).set({ forwardId: rolled!.id }).where(eq(deskAllocations.forwardId, id));
    await tx
      .update(deskForwards)
      .set({
        status: 'rolled',
        endedAt: new Date(context.nowMs),
        settlementRate: mark.currentForwardRate.toFixed(),
        realisedGainLoss: realised.toFixed(),
        rolledToId: rolled!.id,
      })
      .where(eq(deskForwards.id, id));
    return rolled!.id;
  });
  return { closed: await readForward(deps, context, id), rolled: await readForward(deps, context, rolledId) };
}

export { allocate };
