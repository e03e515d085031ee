import type { OrderSide } from '@tp/shared';
import type { Deps } from '../../deps';
import type { AccessClaims } from '../../plugins/auth/access-token';
import { liveSessionFrom, proveSession } from '../../plugins/auth/session-in-statement';
import { activeAccount } from './accounts.service';
import type { LedgerKind } from './accounting';

/**
 * What GET /api/analytics/performance and /risk compute from, read in one prepared statement that
 * proves the session live (decision 0027): the active account with its whole ledger, its fills and
 * its positions (five statements before: the session, the account, then the three reads). Amounts
 * stay the columns' exact text; instants are epoch milliseconds, cut to the millisecond as a
 * timestamp read into a Date is.
 */

/** $1 the user, $2 the session. One row when the session is live (liveSessionFrom); no account → null columns. */
const HISTORY_OF_SESSION = {
  name: 'trading_history_session',
  text: `select live_session.session_stale, a.id as account_id,
      floor(extract(epoch from a.created_at) * 1000)::float8 as opened,
      (select coalesce(json_agg(json_build_object(
          'at', floor(extract(epoch from l.at) * 1000)::float8, 'kind', l.kind, 'amount', l.amount::text)
          order by l.at, l.id), '[]')
        from cash_ledger l where l.account_id = a.id) as ledger,
      (select coalesce(json_agg(json_build_object(
          'at', floor(extract(epoch from f.filled_at) * 1000)::float8, 'symbol', f.symbol, 'side', f.side,
          'quantity', f.quantity::text, 'realizedPnl', f.realized_pnl::text)
          order by f.filled_at), '[]')
        from fills f where f.account_id = a.id) as fills,
      (select coalesce(json_agg(json_build_object(
          'symbol', p.symbol, 'quantity', p.quantity::text, 'costBasis', p.cost_basis::text,
          'realizedPnl', p.realized_pnl::text)), '[]')
        from positions p where p.account_id = a.id) as positions
    from ${liveSessionFrom('$2', '$1')}
    left join paper_accounts a on a.user_id = $1::uuid and a.status = 'active'`,
};

export interface HistoryRows {
  accountId: string;
  /** When the account opened, ms. */
  opened: number;
  ledger: Array<{ at: number; kind: LedgerKind; amount: string }>;
  fills: Array<{ at: number; symbol: string; side: OrderSide; quantity: string; realizedPnl: string | null }>;
  positions: Array<{ symbol: string; quantity: string; costBasis: string; realizedPnl: string }>;
}

interface Row {
  session_stale: boolean;
  account_id: string | null;
  opened: number | null;
  ledger: HistoryRows['ledger'];
  fills: HistoryRows['fills'];
  positions: HistoryRows['positions'];
}

const readRow = async (deps: Deps, claims: AccessClaims) =>
  (
    await deps.connection.query<Row>(
      HISTORY_OF_SESSION.text,
      [claims.userId, claims.sessionId],
      HISTORY_OF_SESSION.name,
    )
  ).rows[0];

/**
 * The session's active account and its history, with the session proven live (401 otherwise). A
 * user without an account yet gets one opened (as every trading read does), then read.
 */
export async function readHistoryOfSession(deps: Deps, claims: AccessClaims): Promise<HistoryRows> {
  let row = await readRow(deps, claims);
  await proveSession(deps.connection, claims, row);
  if (!row!.account_id) {
    await activeAccount(deps, claims.userId);
    row = await readRow(deps, claims);
    await proveSession(deps.connection, claims, row);
  }
  const { account_id, opened, ledger, fills, positions } = row!;
  return { accountId: account_id!, opened: Number(opened), ledger, fills, positions };
}
