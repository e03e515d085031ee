import type { Connection } from '../../db/client';
import { liveSessionFrom, proveSession } from '../../plugins/auth/session-in-statement';
import type { AccessClaims } from '../../plugins/auth/access-token';

/**
 * What a portfolio answer is computed from, read in one prepared statement (PostgreSQL plans it
 * once per connection: planning the lateral reads cost more than running them). With the request's
 * session (a route with `sessionInStatement`, decision 0027) the same statement proves it live.
 */

/** The account's figures the portfolio shows (numbers as the columns store them). */
export interface PortfolioAccount {
  id: string;
  userId: string;
  cashBalance: string;
  openingCash: string;
}

/** A position row as the portfolio shows it. */
export interface PortfolioPosition {
  id: string;
  symbol: string;
  quantity: string;
  costBasis: string;
  realizedPnl: string;
  stopLoss: string | null;
  takeProfit: string | null;
  openedAt: Date;
  updatedAt: Date;
}

/** What the account did in a symbol today: quantity bought and sold, cash paid and received (charges included). */
export interface DayFlowTexts {
  fills: number;
  bought: string;
  sold: string;
  paid: string;
  received: string;
}

export interface PortfolioRows {
  account: PortfolioAccount;
  /** Σ reserved cash of the account's pending orders. */
  reservedCash: string;
  /** Σ today's ledger rows other than the opening and deposits: what trading moved today. */
  tradingToday: string;
  /** Every position row, flat ones included, with its symbol's flows today and pending sell quantity. */
  positions: Array<{ row: PortfolioPosition; today: DayFlowTexts; reservedQuantity: string }>;
}

interface Row extends Partial<DayFlowTexts> {
  account_id: string | null;
  user_id: string;
  cash_balance: string;
  opening_cash: string;
  reserved_cash: string;
  trading_today: string;
  position_id: string | null;
  symbol: string;
  quantity: string;
  cost_basis: string;
  realized_pnl: string;
  stop_loss: string | null;
  take_profit: string | null;
  opened_at: string;
  updated_at: string;
  pending_sell_quantity: string;
}

/** $1 the user, $2 the day's first instant. Each aggregate is a lateral subquery over the owner's own rows. */
const PORTFOLIO_OF_USER = `
  select a.id as account_id, a.user_id, a.cash_balance::text, a.opening_cash::text,
    coalesce((select sum(o.reserved_cash) from orders o
               where o.account_id = a.id and o.status = 'pending'), 0)::text as reserved_cash,
    coalesce((select sum(l.amount) from cash_ledger l
               where l.account_id = a.id and l.at >= $2::timestamptz and l.kind not in ('opening', 'deposit')), 0)::text
      as trading_today,
    p.id as position_id, p.symbol, p.quantity::text, p.cost_basis::text, p.realized_pnl::text,
    p.stop_loss::text, p.take_profit::text, p.opened_at::text, p.updated_at::text,
    today.fills, today.bought, today.sold, today.paid, today.received, pending_sells.pending_sell_quantity
  from paper_accounts a
  left join positions p on p.account_id = a.id
  left join lateral (
    select count(*)::int as fills,
      coalesce(sum(f.quantity) filter (where f.side = 'buy'), 0)::text as bought,
      coalesce(sum(f.quantity) filter (where f.side = 'sell'), 0)::text as sold,
      coalesce(sum(f.gross_amount + f.commission + f.slippage) filter (where f.side = 'buy'), 0)::text as paid,
      coalesce(sum(f.gross_amount - f.commission - f.slippage) filter (where f.side = 'sell'), 0)::text as received
    from fills f
    where f.account_id = p.account_id and f.symbol = p.symbol and f.filled_at >= $2::timestamptz
  ) as today on true
  left join lateral (
    select coalesce(sum(o.quantity - o.filled_quantity), 0)::text as pending_sell_quantity
    from orders o
    where o.account_id = p.account_id and o.symbol = p.symbol and o.status = 'pending' and o.side = 'sell'
  ) as pending_sells on true
  where a.user_id = $1 and a.status = 'active'`;
const PORTFOLIO = { name: 'trading_portfolio', text: PORTFOLIO_OF_USER };
/** The same rows, driven by the session's liveness ($3: the session id): no row when the session is not live. */
const PORTFOLIO_OF_SESSION = {
  name: 'trading_portfolio_session',
  text: `
  select live_session.session_stale, portfolio.*
  from ${liveSessionFrom('$3', '$1')}
  left join (${PORTFOLIO_OF_USER}) as portfolio on true`,
};

function portfolioOf(rows: readonly Row[]): PortfolioRows | null {
  const [first] = rows;
  if (!first?.account_id) return null;
  return {
    account: {
      id: first.account_id,
      userId: first.user_id,
      cashBalance: first.cash_balance,
      openingCash: first.opening_cash,
    },
    reservedCash: first.reserved_cash,
    tradingToday: first.trading_today,
    positions: rows.flatMap((row) =>
      row.position_id
        ? [
            {
              row: {
                id: row.position_id,
                symbol: row.symbol,
                quantity: row.quantity,
                costBasis: row.cost_basis,
                realizedPnl: row.realized_pnl,
                stopLoss: row.stop_loss,
                takeProfit: row.take_profit,
                openedAt: new Date(row.opened_at),
                updatedAt: new Date(row.updated_at),
              },
              today: {
                fills: Number(row.fills),
                bought: row.bought!,
                sold: row.sold!,
                paid: row.paid!,
                received: row.received!,
              },
              reservedQuantity: row.pending_sell_quantity,
            },
          ]
        : [],
    ),
  };
}

/**
 * The user's active account with its positions, today's flows per symbol (since `dayStart`), the
 * pending sell quantities, the reserved cash and today's trading cash; null when the user has no
 * active account. With `session`, a revoked or expired session is refused (401) first.
 */
export async function readPortfolioRows(
  connection: Connection,
  { userId, dayStart, session = null }: { userId: string; dayStart: Date; session?: AccessClaims | null },
): Promise<PortfolioRows | null> {
  if (!session) {
    const { rows } = await connection.query<Row>(PORTFOLIO.text, [userId, dayStart.toISOString()], PORTFOLIO.name);
    return portfolioOf(rows);
  }
  if (session.userId !== userId) throw new Error("readPortfolioRows: the session is not the user's");
  const { rows } = await connection.query<Row & { session_stale: boolean }>(
    PORTFOLIO_OF_SESSION.text,
    [userId, dayStart.toISOString(), session.sessionId],
    PORTFOLIO_OF_SESSION.name,
  );
  await proveSession(connection, session, rows[0]);
  return portfolioOf(rows);
}
