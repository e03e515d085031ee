import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Account } from '@tp/shared';
import type { Deps } from '../../deps';
import { lockBooks, openAccount } from './books.repository';
import { toAccount, type AccountRow } from './order-view';
import { orders, paperAccounts } from './trading.tables';

/** Paper accounts: opened lazily with the configured cash; a reset closes one and opens the next. */

/** The user's active account, opened now when there is none. */
export async function activeAccount(deps: Deps, userId: string): Promise<AccountRow> {
  const find = () =>
    deps.db
      .select()
      .from(paperAccounts)
      .where(and(eq(paperAccounts.userId, userId), eq(paperAccounts.status, 'active')));
  const [existing] = await find();
  if (existing) return existing;
  await openAccount(deps.db, { userId, cash: deps.config.trading.openingCash, atMs: openingInstant(deps) });
  const [opened] = await find();
  return opened!;
}

/** An account opens at the start of its second, the instant fills are recorded at. */
const openingInstant = (deps: Deps) => Math.floor(deps.market.now() / 1_000) * 1_000;

/** Σ reserved cash of each account's pending orders. */
async function reservedByAccount(deps: Deps, accountIds: string[]): Promise<Map<string, string>> {
  if (accountIds.length === 0) return new Map();
  const rows = await deps.db
    .select({ accountId: orders.accountId, reserved: sql<string>`sum(${orders.reservedCash})` })
    .from(orders)
    .where(and(inArray(orders.accountId, accountIds), eq(orders.status, 'pending')))
    .groupBy(orders.accountId);
  return new Map(rows.map((row) => [row.accountId, row.reserved]));
}

export async function listAccounts(deps: Deps, userId: string): Promise<Account[]> {
  await activeAccount(deps, userId);
  const rows = await deps.db
    .select()
    .from(paperAccounts)
    .where(eq(paperAccounts.userId, userId))
    .orderBy(desc(paperAccounts.createdAt));
  const reserved = await reservedByAccount(
    deps,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toAccount(row, reserved.get(row.id) ?? '0'));
}

/**
 * Closes the active account (its pending orders are cancelled; its orders, fills, ledger and
 * positions stay readable) and opens a fresh one with the configured opening cash.
 */
export async function resetAccount(
  deps: Deps,
  userId: string,
): Promise<{ account: Account; closedAccountId: string | null }> {
  const now = deps.market.now();
  const closedAccountId = await deps.db.transaction(async (tx) => {
    const locked = await lockBooks(tx, { userId, symbol: '' });
    if (locked) {
      await tx
        .update(orders)
        .set({ status: 'cancelled', reservedCash: '0', updatedAt: new Date(now), version: sql`${orders.version} + 1` })
        .where(and(eq(orders.accountId, locked.account.id), eq(orders.status, 'pending')));
      await tx
        .update(paperAccounts)
        // the version turns, so a placement computed from the open account writes nothing
        .set({ status: 'closed', closedAt: new Date(now), version: sql`${paperAccounts.version} + 1` })
        .where(eq(paperAccounts.id, locked.account.id));
    }
    await openAccount(tx, { userId, cash: deps.config.trading.openingCash, atMs: openingInstant(deps) });
    return locked?.account.id ?? null;
  });
  const account = await activeAccount(deps, userId);
  return { account: toAccount(account, '0'), closedAccountId };
}
