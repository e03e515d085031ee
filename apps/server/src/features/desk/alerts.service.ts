import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { CURRENCY_CODES, DESK_LIMITS, type CurrencyCode, type DeskAlerts } from '@tp/shared';
import type { Deps } from '../../deps';
import { executeRows } from '../../db/client';
import { amount } from '../trading';
import { users } from '../users/users.tables';
import { addDays } from './calendar-dates';
import { deskContext, type DeskContext } from './desk-context';
import { moneyText, rateText } from './desk-math';
import { deskForwards, deskInvoices, deskPolicies } from './desk.tables';
import { DeskAlertEmail, type DeskAlertLine } from './emails/desk-alert-email';
import { spotsNow } from './invoices.service';
import { DEFAULT_POLICY } from './policy.service';

/**
 * The desk's alert e-mail (docs/desk.md#7-alerts): at most one a day per user, from 07:00 in their zone,
 * grouping invoices due within 7 days and unpaid, forwards maturing within 3 days, and spot rates
 * that crossed the user's budget rate since the last e-mail. Each kind can be switched off.
 */

export const ALERT_FROM_HOUR = 7;
type Side = 'above' | 'below';

const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2, minimumFractionDigits: 0 });
const money = (value: string, currency: CurrencyCode) =>
  `${currency} ${grouped.format(Number(moneyText(amount(value), currency)))}`;

/** Users with desk records whose alert day has come: no e-mail yet today and past 07:00 in their zone. */
async function candidates(deps: Deps, nowMs: number) {
  const at = sql`to_timestamp(${nowMs / 1_000}) at time zone u.timezone`;
  return executeRows<{ id: string }>(
    deps.db,
    sql`select u.id from ${users} u left join ${deskPolicies} p on p.user_id = u.id
        where (exists (select 1 from ${deskInvoices} i where i.user_id = u.id and i.status in ('open', 'partly_paid'))
               or exists (select 1 from ${deskForwards} f where f.user_id = u.id and f.status = 'live'))
          and (p.last_alert_on is null or p.last_alert_on < (${at})::date)
          and extract(hour from ${at}) >= ${ALERT_FROM_HOUR}
        limit 500`,
  );
}

async function invoiceLines(deps: Deps, context: DeskContext): Promise<DeskAlertLine[]> {
  const rows = await deps.db
    .select()
    .from(deskInvoices)
    .where(
      and(
        eq(deskInvoices.userId, context.userId),
        inArray(deskInvoices.status, ['open', 'partly_paid']),
        lte(deskInvoices.dueDate, addDays(context.today, DESK_LIMITS.invoiceDueAlertDays)),
      ),
    )
    .orderBy(asc(deskInvoices.dueDate));
  return rows.map((row) => {
    const open = amount(row.amount).minus(row.paidAmount).toFixed();
    const when = row.dueDate < context.today ? `overdue since ${row.dueDate}` : `due ${row.dueDate}`;
    return { text: `${row.reference} · ${row.counterparty}: ${money(open, row.currency)} ${when}` };
  });
}

async function forwardLines(deps: Deps, context: DeskContext): Promise<DeskAlertLine[]> {
  const rows = await deps.db
    .select()
    .from(deskForwards)
    .where(
      and(
        eq(deskForwards.userId, context.userId),
        eq(deskForwards.status, 'live'),
        lte(deskForwards.maturityDate, addDays(context.today, DESK_LIMITS.forwardMaturityAlertDays)),
      ),
    )
    .orderBy(asc(deskForwards.maturityDate));
  return rows.map((row) => {
    const rest = amount(row.amount).minus(row.deliveredAmount).toFixed();
    const verb = row.side === 'sell' ? 'Sell' : 'Buy';
    return {
      text: `${verb} ${money(rest, row.currency)} at ${rateText(amount(row.forwardRate))}, maturing ${row.maturityDate}`,
    };
  });
}

/** Each budgeted currency's side of its budget rate now, and the lines for those that changed side. */
async function budgetCheck(
  deps: Deps,
  context: DeskContext,
  budgets: Partial<Record<CurrencyCode, string>>,
  before: Partial<Record<CurrencyCode, Side>>,
) {
  const codes = CURRENCY_CODES.filter((code) => budgets[code] && code !== context.homeCurrency);
  const spots = await spotsNow(deps, context, codes);
  const sides: Partial<Record<CurrencyCode, Side>> = {};
  const lines: DeskAlertLine[] = [];
  for (const code of codes) {
    const spot = spots.get(code)!;
    const side: Side = spot.gte(budgets[code]!) ? 'above' : 'below';
    sides[code] = side;
    if (before[code] && before[code] !== side) {
      lines.push({
        text: `${code} is now ${side} your budget rate of ${budgets[code]}: spot ${rateText(spot)} ${context.homeCurrency}`,
      });
    }
  }
  return { sides, lines };
}

/** Sends one user's alert e-mail if anything is due and their day has come; true when sent. */
export async function alertUser(deps: Deps, userId: string): Promise<boolean> {
  const context = await deskContext(deps, userId);
  const [policyRow] = await deps.db.select().from(deskPolicies).where(eq(deskPolicies.userId, userId));
  const alerts: DeskAlerts = policyRow?.alerts ?? DEFAULT_POLICY.alerts;
  const budget = await budgetCheck(deps, context, policyRow?.budgetRates ?? {}, policyRow?.budgetSides ?? {});
  const invoicesDue = alerts.invoiceDue ? await invoiceLines(deps, context) : [];
  const forwardsMaturing = alerts.forwardMaturity ? await forwardLines(deps, context) : [];
  const budgetCrossings = alerts.budgetRate ? budget.lines : [];
  const [user] = await deps.db.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, userId));
  return deps.db.transaction(async (tx) => {
    // the day is claimed first: of two instances checking at once, one sends
    const claimed = await executeRows(
      tx,
      sql`insert into ${deskPolicies} (user_id, target_ratios, budget_rates, alerts, last_alert_on, budget_sides)
          values (${userId}, ${JSON.stringify(DEFAULT_POLICY.targetRatios)}::jsonb, '{}'::jsonb, ${JSON.stringify(alerts)}::jsonb, ${context.today}, ${JSON.stringify(budget.sides)}::jsonb)
          on conflict (user_id) do update set last_alert_on = excluded.last_alert_on, budget_sides = excluded.budget_sides
            where ${deskPolicies}.last_alert_on is null or ${deskPolicies}.last_alert_on < excluded.last_alert_on
          returning user_id`,
    );
    if (claimed.length === 0 || !user) return false;
    if (invoicesDue.length + forwardsMaturing.length + budgetCrossings.length === 0) return false;
    await deps.mail.send(tx, {
      to: user.email,
      subject: 'Exporter desk: what falls due',
      template: 'desk-alert',
      react: DeskAlertEmail({
        name: user.name,
        invoicesDue,
        forwardsMaturing,
        budgetCrossings,
        deskUrl: `${deps.config.publicUrl}/desk`,
        settingsUrl: `${deps.config.publicUrl}/settings`,
      }),
    });
    return true;
  });
}

/** One pass over the users whose alert day has come; the number of e-mails sent. */
export async function sendDeskAlerts(deps: Deps): Promise<number> {
  let sent = 0;
  for (const { id } of await candidates(deps, deps.market.now())) {
    if (await alertUser(deps, id)) sent += 1;
  }
  return sent;
}
