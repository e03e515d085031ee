import { and, asc, eq, sql } from 'drizzle-orm';
import type { Deps } from '../../deps';
import { executeRows } from '../../db/client';
import { amount, Exact, ZERO } from '../trading';
import { users } from '../users/users.tables';
import { deskContext } from './desk-context';
import { roundMoney } from './desk-math';
import { deskAllocations, deskForwards } from './desk.tables';
import { openAmountOf } from './desk-views';
import { lockInvoice } from './invoices.service';
import { spotAt } from './market-rates';
import { applyPayment } from './payments.service';

/**
 * Settlement at maturity (docs/desk.md#5-forwards-paper): on its maturity date in its owner's zone, a live forward
 * pays its allocations to their invoices at F₀ and settles the undelivered rest in cash against the
 * spot of that second. Every instance looks; each forward is settled once, under its row lock, by
 * whichever transaction finds it still live (the others skip it).
 */

const BATCH = 200;

/** Live forwards whose maturity date has come in their owner's zone, as of the market's clock. */
async function dueForwards(deps: Deps, nowMs: number) {
  return executeRows<{ id: string; user_id: string }>(
    deps.db,
    sql`select f.id, f.user_id from ${deskForwards} f join ${users} u on u.id = f.user_id
        where f.status = 'live' and f.maturity_date <= (to_timestamp(${nowMs / 1_000}) at time zone u.timezone)::date
        order by f.maturity_date limit ${BATCH}`,
  );
}

/** Settles one forward if it is still live and due; false when another instance has it or had it. */
export async function settleForward(deps: Deps, forwardId: string, userId: string): Promise<boolean> {
  const context = await deskContext(deps, userId);
  const at = new Date(context.nowMs);
  return deps.db.transaction(async (tx) => {
    const [forward] = await tx
      .select()
      .from(deskForwards)
      .where(and(eq(deskForwards.id, forwardId), eq(deskForwards.status, 'live')))
      .for('update', { skipLocked: true });
    if (!forward || forward.maturityDate > context.today) return false;
    const rate = amount(forward.forwardRate);
    const allocations = await tx
      .select()
      .from(deskAllocations)
      .where(eq(deskAllocations.forwardId, forward.id))
      .orderBy(asc(deskAllocations.invoiceId));
    let delivered = ZERO;
    for (const allocation of allocations) {
      const invoice = await lockInvoice(tx, userId, allocation.invoiceId);
      const paying = Exact.min(allocation.amount, openAmountOf(invoice));
      if (paying.gt(0)) {
        const terms = { amount: paying, date: forward.maturityDate, method: 'forward' as const, forwardId: forward.id };
        await applyPayment(tx, invoice, { ...terms, rate, at });
        delivered = delivered.plus(paying);
      }
    }
    await tx.delete(deskAllocations).where(eq(deskAllocations.forwardId, forward.id));
    const deliveredAmount = amount(forward.deliveredAmount).plus(delivered);
    const rest = amount(forward.amount).minus(deliveredAmount);
    const spot = await spotAt(deps, forward.currency, forward.homeCurrency, context.nowMs);
    const difference = forward.side === 'sell' ? rate.minus(spot) : spot.minus(rate);
    await tx
      .update(deskForwards)
      .set({
        status: 'settled',
        endedAt: at,
        deliveredAmount: deliveredAmount.toFixed(),
        settlementRate: spot.toFixed(),
        realisedGainLoss: roundMoney(rest.mul(difference), forward.homeCurrency).toFixed(),
      })
      .where(eq(deskForwards.id, forward.id));
    return true;
  });
}

/** One pass: settles what is due now; the number settled. */
export async function settleDueForwards(deps: Deps): Promise<number> {
  let settled = 0;
  for (const due of await dueForwards(deps, deps.market.now())) {
    if (await settleForward(deps, due.id, due.user_id)) settled += 1;
  }
  return settled;
}
