import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { FLAT, type PositionBook } from './accounting';
import { amount, type Amount } from './money';

/**
 * The paper account row locked (SELECT … FOR UPDATE) for the rest of the caller's transaction,
 * with what placement and matching decide on: cash, the cash pending buys hold, the position in
 * one symbol and the quantity pending sells hold. Every change to an account's orders, fills,
 * ledger and positions happens under this lock, so concurrent orders queue here and can never
 * overspend or oversell.
 */

export interface LockedAccount {
  id: string;
  userId: string;
  cash: Amount;
  /** Σ reserved cash of the account's pending orders. */
  reservedCash: Amount;
}

export interface LockedPosition {
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

export interface Locked {
  account: LockedAccount;
  position: LockedPosition;
  /** The order an idempotency key already placed (its id and request hash). */
  replay: { orderId: string; requestHash: string | null } | null;
}

interface AccountLockRow {
  id: string;
  user_id: string;
  cash_balance: string;
}

interface StateRow {
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

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export type AccountKey = { userId: string } | { accountId: string };

export async function lockAccount(
  tx: DbExecutor,
  key: AccountKey,
  symbol: string,
  idempotencyKey: string | null = null,
): Promise<Locked | null> {
  const where = 'accountId' in key ? sql`id = ${key.accountId}` : sql`user_id = ${key.userId} and status = 'active'`;
  const [account] = rowsOf<AccountLockRow>(
    await tx.execute(sql`select id, user_id, cash_balance from paper_accounts where ${where} for update`),
  );
  if (!account) return null;
  // a statement of its own, after the lock is held: in READ COMMITTED it sees every write committed
  // before the lock was granted (a waiting SELECT … FOR UPDATE re-reads only the row it locks)
  const [row] = rowsOf<StateRow>(
    await tx.execute(sql`
      select
        coalesce((select sum(o.reserved_cash) from orders o
                   where o.account_id = ${account.id} and o.status = 'pending'), 0) as reserved_cash,
        coalesce((select sum(o.quantity - o.filled_quantity) from orders o
                   where o.account_id = ${account.id} and o.status = 'pending' and o.side = 'sell'
                     and o.symbol = ${symbol}), 0) as reserved_quantity,
        p.id as position_id, p.quantity, p.cost_basis, p.realized_pnl, p.stop_loss, p.take_profit,
        p.opened_at::text as opened_at, p.levels_checked_until::text as levels_checked_until,
        r.id as replay_id, r.request_hash as replay_hash
      from (select 1) as one
      left join positions p on p.account_id = ${account.id} and p.symbol = ${symbol}
      left join orders r on r.user_id = ${account.user_id} and r.idempotency_key = ${idempotencyKey}`),
  );
  return {
    account: {
      id: account.id,
      userId: account.user_id,
      cash: amount(account.cash_balance),
      reservedCash: amount(row!.reserved_cash),
    },
    position: {
      id: row!.position_id,
      symbol,
      book: row!.position_id
        ? { quantity: amount(row!.quantity!), costBasis: amount(row!.cost_basis!), realizedPnl: amount(row!.realized_pnl!) }
        : FLAT,
      reservedQuantity: amount(row!.reserved_quantity),
      stopLoss: row!.stop_loss,
      takeProfit: row!.take_profit,
      openedAt: row!.opened_at ? new Date(row!.opened_at) : null,
      levelsCheckedUntil: row!.levels_checked_until ? new Date(row!.levels_checked_until) : null,
    },
    replay: row!.replay_id ? { orderId: row!.replay_id, requestHash: row!.replay_hash } : null,
  };
}

/** A user's active paper account with its opening deposit, unless one exists (a concurrent request may have made it). */
export async function openAccount(tx: DbExecutor, userId: string, openingCash: string, atMs: number): Promise<void> {
  const at = new Date(atMs).toISOString();
  await tx.execute(sql`
    with account as (
      insert into paper_accounts (user_id, opening_cash, cash_balance, created_at)
      values (${userId}, ${openingCash}, ${openingCash}, ${at})
      on conflict (user_id) where status = 'active' do nothing
      returning id
    )
    insert into cash_ledger (account_id, kind, amount, at)
    select id, 'opening', ${openingCash}, ${at} from account`);
}

/** The active account locked, opened first when the user has none yet. */
export async function lockOrOpenAccount(
  tx: DbExecutor,
  userId: string,
  symbol: string,
  idempotencyKey: string | null,
  opening: { cash: string; atMs: number },
): Promise<Locked> {
  const locked = await lockAccount(tx, { userId }, symbol, idempotencyKey);
  if (locked) return locked;
  await openAccount(tx, userId, opening.cash, opening.atMs);
  const opened = await lockAccount(tx, { userId }, symbol, idempotencyKey);
  if (!opened) throw new Error('paper account could not be opened');
  return opened;
}
