import type { CurrencyCode, ForwardSide } from '@tp/shared';
import type { Connection } from '../../db/client';
import type { Deps } from '../../deps';
import type { AccessClaims } from '../../plugins/auth/access-token';
import { liveSessionFrom, proveSession } from '../../plugins/auth/session-in-statement';
import { unauthorized } from '../../plugins/errors';
import { deskContextOf, type DeskContext } from './desk-context';
import {
  forwardSumsSql,
  invoiceSumsSql,
  type ForwardSums,
  type ForwardSumsArgs,
  type InvoiceSums,
  type InvoiceSumsArgs,
} from './exposure.repository';

/**
 * GET /api/desk/exposure in two prepared statements (seven before: the session, the user, the
 * policy, the two sums and the two "next due" lists, each a round trip). The first proves the
 * session live (decision 0027) and reads what "today" and the spots depend on — the user's zone and
 * home currency — with the policy; the second reads every sum and list of the user's books.
 */

/** $1 the user, $2 the session. One row when the session is live (liveSessionFrom). */
const CONTEXT_OF_SESSION = {
  name: 'desk_exposure_context',
  text: `select live_session.session_stale, u.home_currency, u.timezone, p.target_ratios, p.budget_rates
    from ${liveSessionFrom('$2', '$1')}
    left join users u on u.id = $1::uuid
    left join desk_policies p on p.user_id = $1::uuid`,
};

interface ContextRow {
  session_stale: boolean;
  home_currency: CurrencyCode | null;
  timezone: string | null;
  target_ratios: Record<string, string> | null;
  budget_rates: Partial<Record<CurrencyCode, string>> | null;
}

/** The saved policy's figures the hedge view shows, or null when none is saved. */
export interface ExposurePolicy {
  targetRatios: Record<string, string>;
  budgetRates: Partial<Record<CurrencyCode, string>>;
}

/** Who the hedge view answers and their policy, with the session proven live (401 otherwise). */
export async function readExposureContext(
  deps: Deps,
  claims: AccessClaims,
): Promise<{ context: DeskContext; policy: ExposurePolicy | null }> {
  const { rows } = await deps.connection.query<ContextRow>(
    CONTEXT_OF_SESSION.text,
    [claims.userId, claims.sessionId],
    CONTEXT_OF_SESSION.name,
  );
  await proveSession(deps.connection, claims, rows[0]);
  const row = rows[0]!;
  if (!row.home_currency || !row.timezone) throw unauthorized();
  const context = deskContextOf(deps, claims.userId, { homeCurrency: row.home_currency, timeZone: row.timezone });
  const policy = row.target_ratios ? { targetRatios: row.target_ratios, budgetRates: row.budget_rates ?? {} } : null;
  return { context, policy };
}

/** How many invoices and forwards the hedge view lists as next due. */
const NEXT_DUE = 5;

/**
 * $1 the user, $2 today, $3 the bucket starts, $4 the home currency, $5 and $6 the home currency's
 * rate and day-count basis, $7 the foreign currencies' terms (json). One row of four json arrays.
 */
const SUMS = {
  name: 'desk_exposure_sums',
  text: `select
    (select coalesce(json_agg(i), '[]') from (${invoiceSumsSql({ userId: '$1', today: '$2', bucketStarts: '$3', homeCurrency: '$4' })}) as i) as invoices,
    (select coalesce(json_agg(f), '[]') from (${forwardSumsSql({ userId: '$1', today: '$2', bucketStarts: '$3', homeRate: '$5', homeBasis: '$6', currencies: '$7' })}) as f) as forwards,
    (select coalesce(json_agg(n order by n.due), '[]') from (
      select id, due_date::text as due, currency, (amount - paid_amount)::text as open, reference, counterparty
      from desk_invoices
      where user_id = $1::uuid and status in ('open', 'partly_paid')
      order by due_date limit ${NEXT_DUE}) as n) as next_invoices,
    (select coalesce(json_agg(n order by n.due), '[]') from (
      select id, maturity_date::text as due, currency, (amount - delivered_amount)::text as open, side
      from desk_forwards
      where user_id = $1::uuid and status = 'live' and maturity_date >= $2::date
      order by maturity_date limit ${NEXT_DUE}) as n) as next_forwards`,
};

export interface NextInvoice {
  id: string;
  due: string;
  currency: CurrencyCode;
  open: string;
  reference: string;
  counterparty: string;
}

export interface NextForward {
  id: string;
  due: string;
  currency: CurrencyCode;
  open: string;
  side: ForwardSide;
}

export interface ExposureSums {
  invoices: InvoiceSums[];
  forwards: ForwardSums[];
  nextInvoices: NextInvoice[];
  nextForwards: NextForward[];
}

/** Every sum and "next due" list of the hedge view, in one statement over the owner's rows. */
export async function readExposureSums(
  connection: Connection,
  invoiceArgs: InvoiceSumsArgs,
  forwardArgs: ForwardSumsArgs,
): Promise<ExposureSums> {
  const { rows } = await connection.query<{
    invoices: InvoiceSums[];
    forwards: ForwardSums[];
    next_invoices: NextInvoice[];
    next_forwards: NextForward[];
  }>(
    SUMS.text,
    [
      invoiceArgs.userId,
      invoiceArgs.today,
      invoiceArgs.bucketStarts,
      invoiceArgs.homeCurrency,
      forwardArgs.home.rate,
      forwardArgs.home.basis,
      JSON.stringify(forwardArgs.currencies),
    ],
    SUMS.name,
  );
  const row = rows[0]!;
  return {
    invoices: row.invoices,
    forwards: row.forwards,
    nextInvoices: row.next_invoices,
    nextForwards: row.next_forwards,
  };
}
