import { executeText, type Connection, type DbExecutor } from '../../db/client';
import {
  ACTIVITY_CONTEXT_COLUMNS,
  activityContextOf,
  type ActivityContext,
  type ActivityContextRow,
} from '../activity';
import type { AccessClaims } from '../../plugins/auth';
import { liveSessionFrom, proveSession } from '../../plugins/auth/session-in-statement';
import { FLAT, type PositionBook } from './accounting';
import { amount, type Amount } from './money';

/**
 * The books repository: every statement that reads an account's books or opens an account, each
 * behind a function with named arguments (the writes are in book-writes.repository.ts). The books
 * are what placement and matching decide on for one account and one symbol: cash, the cash pending
 * buys hold, the position and the quantity pending sells hold, the account's version, and the
 * order an idempotency key already placed.
 *
 * Two ways to read them (docs/trading.md, "Concurrency"):
 * - `lockBooks`, inside a transaction: SELECT … FOR UPDATE on the account row, then the rest in
 *   a statement of its own — in READ COMMITTED a waiting SELECT … FOR UPDATE re-reads only the
 *   row it locks, so a join in the same statement would see the position as it was before.
 * - `readBooks`, without a lock: one consistent read. The write that follows checks the version
 *   in the same statement that takes the row lock, and books nothing if another write came first.
 */

export interface AccountState {
  id: string;
  userId: string;
  cash: Amount;
  /** Σ reserved cash of the account's pending orders. */
  reservedCash: Amount;
  /** The version the state was read at; every write to the books bumps it. */
  version: number;
}

export interface PositionState {
  /** Null while the account has never held the symbol. */
  id: string | null;
  symbol: string;
  book: PositionBook;
  /** Σ unfilled quantity of the account's pending sells in this symbol. */
  reservedQuantity: Amount;
  stopLoss: string | null;
  takeProfit: string | null;
  openedAt: Date | null;
  /** The last market second the levels were compared with. */
  levelsCheckedUntil: Date | null;
}

export interface Books {
  account: AccountState;
  position: PositionState;
  /** The order an idempotency key already placed (its id and request hash). */
  replay: { orderId: string; requestHash: string | null } | null;
  /** The user's zone and newest counted day: an accepted order's `trade_placed` event is written with it. */
  activity: ActivityContext;
}

interface StateRow extends ActivityContextRow {
  id: string;
  user_id: string;
  cash_balance: string;
  version: number;
  reserved_cash: string;
  reserved_quantity: string;
  position_id: string | null;
  quantity: string | null;
  cost_basis: string | null;
  realized_pnl: string | null;
  stop_loss: string | null;
  take_profit: string | null;
  opened_at: string | null;
  levels_checked_until: string | null;
  replay_id: string | null;
  replay_hash: string | null;
}

/** The books of the account `a` matches: $1 the account or the user, $2 the symbol, $3 the idempotency key. */
const booksStatement = (where: string) => `
  select a.id, a.user_id, a.cash_balance, a.version,
    coalesce((select sum(o.reserved_cash) from orders o
               where o.account_id = a.id and o.status = 'pending'), 0) as reserved_cash,
    coalesce((select sum(o.quantity - o.filled_quantity) from orders o
               where o.account_id = a.id and o.status = 'pending' and o.side = 'sell' and o.symbol = $2), 0)
      as reserved_quantity,
    p.id as position_id, p.quantity, p.cost_basis, p.realized_pnl, p.stop_loss, p.take_profit,
    p.opened_at::text as opened_at, p.levels_checked_until::text as levels_checked_until,
    r.id as replay_id, r.request_hash as replay_hash,${ACTIVITY_CONTEXT_COLUMNS('a.user_id')}
  from paper_accounts a
  left join positions p on p.account_id = a.id and p.symbol = $2
  left join orders r on r.user_id = a.user_id and r.idempotency_key = $3
  where ${where}`;
const BOOKS_OF_USER = { name: 'trading_books', text: booksStatement(`a.user_id = $1 and a.status = 'active'`) };
const BOOKS_OF_ACCOUNT = booksStatement('a.id = $1');
/** The same books, driven by the session's liveness ($4: the session id): no row when the session is not live. */
const BOOKS_OF_SESSION = {
  name: 'trading_books_session',
  text: `
  select live_session.session_stale, books.*
  from ${liveSessionFrom('$4', '$1')}
  left join (${BOOKS_OF_USER.text}) as books on true`,
};
const LOCK_ACCOUNT = 'select id from paper_accounts where id = $1 for update';
const LOCK_ACTIVE_ACCOUNT_OF_USER = `select id from paper_accounts where user_id = $1 and status = 'active' for update`;
/** $1 the user, $2 the opening cash, $3 the opening instant. */
const OPEN_ACCOUNT = `
  with account as (
    insert into paper_accounts (user_id, opening_cash, cash_balance, created_at)
    values ($1, $2, $2, $3)
    on conflict (user_id) where status = 'active' do nothing
    returning id
  )
  insert into cash_ledger (account_id, kind, amount, at)
  select id, 'opening', $2, $3 from account`;

function booksOf(row: StateRow, symbol: string): Books {
  return {
    account: {
      id: row.id,
      userId: row.user_id,
      cash: amount(row.cash_balance),
      reservedCash: amount(row.reserved_cash),
      version: Number(row.version),
    },
    position: {
      id: row.position_id,
      symbol,
      book: row.position_id
        ? {
            quantity: amount(row.quantity!),
            costBasis: amount(row.cost_basis!),
            realizedPnl: amount(row.realized_pnl!),
          }
        : FLAT,
      reservedQuantity: amount(row.reserved_quantity),
      stopLoss: row.stop_loss,
      takeProfit: row.take_profit,
      openedAt: row.opened_at ? new Date(row.opened_at) : null,
      levelsCheckedUntil: row.levels_checked_until ? new Date(row.levels_checked_until) : null,
    },
    replay: row.replay_id ? { orderId: row.replay_id, requestHash: row.replay_hash } : null,
    activity: activityContextOf(row),
  };
}

/** Which books: those of a user in a symbol, and the order an idempotency key already placed (none without a key). */
export interface BooksQuery {
  symbol: string;
  idempotencyKey?: string | null;
}

/**
 * The user's active account, read without a lock (null when the user has none yet). With the
 * request's `session` (a route with `sessionInStatement`, decision 0027) the same statement proves
 * the session live: a revoked or expired one is refused (401) before anything is decided.
 */
export async function readBooks(
  connection: Connection,
  {
    userId,
    symbol,
    idempotencyKey = null,
    session = null,
  }: BooksQuery & { userId: string; session?: AccessClaims | null },
): Promise<Books | null> {
  if (!session) {
    const { name, text } = BOOKS_OF_USER;
    const { rows } = await connection.query<StateRow>(text, [userId, symbol, idempotencyKey], name);
    return rows[0] ? booksOf(rows[0], symbol) : null;
  }
  if (session.userId !== userId) throw new Error("readBooks: the session is not the user's");
  const { name, text } = BOOKS_OF_SESSION;
  const { rows } = await connection.query<Partial<StateRow> & { session_stale: boolean }>(
    text,
    [userId, symbol, idempotencyKey, session.sessionId],
    name,
  );
  await proveSession(connection, session, rows[0]);
  return rows[0]!.id ? booksOf(rows[0] as StateRow, symbol) : null;
}

/** The account: by its id, or the user's active one. */
export type AccountKey = { userId: string } | { accountId: string };

/** The account row locked for the rest of the caller's transaction, then its books read fresh. */
export async function lockBooks(
  tx: DbExecutor,
  { symbol, idempotencyKey = null, ...key }: BooksQuery & AccountKey,
): Promise<Books | null> {
  const { rows: locked } = await executeText<{ id: string }>(
    tx,
    'accountId' in key ? LOCK_ACCOUNT : LOCK_ACTIVE_ACCOUNT_OF_USER,
    ['accountId' in key ? key.accountId : key.userId],
  );
  if (!locked[0]) return null;
  const { rows } = await executeText<StateRow>(tx, BOOKS_OF_ACCOUNT, [locked[0].id, symbol, idempotencyKey]);
  return booksOf(rows[0]!, symbol);
}

export interface Opening {
  userId: string;
  /** The opening deposit (and so the first cash balance). */
  cash: string;
  atMs: number;
}

/** A user's active paper account with its opening deposit, unless one exists (a concurrent request may have made it). */
export async function openAccount(tx: DbExecutor, { userId, cash, atMs }: Opening): Promise<void> {
  await executeText(tx, OPEN_ACCOUNT, [userId, cash, new Date(atMs).toISOString()]);
}

/** The user's active account locked, opened first when the user has none yet. */
export async function lockOrOpenBooks(
  tx: DbExecutor,
  { opening, ...query }: BooksQuery & { opening: Opening },
): Promise<Books> {
  const key = { userId: opening.userId, ...query };
  const locked = await lockBooks(tx, key);
  if (locked) return locked;
  await openAccount(tx, opening);
  const opened = await lockBooks(tx, key);
  if (!opened) throw new Error('paper account could not be opened');
  return opened;
}
