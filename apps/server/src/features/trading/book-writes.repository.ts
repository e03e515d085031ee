import { executeText, type Connection, type DbExecutor } from '../../db/client';
import type { cashLedger, fills, positions } from './trading.tables';
import { activityParts, activityValues, type ActivityEvent } from '../activity';
import { liveSessionFrom, SESSION_STALE } from '../../plugins/auth/session-in-statement';
import type { OrderRow } from './order-view';

/**
 * The book writes repository: every write to an account's books in one statement (`writeBooks`).
 * The changes travel as one jsonb document — the account, then a list each of new orders, changed
 * orders, fills, ledger rows and the position, keyed by column name — so the statement is prepared
 * once per connection however many rows each part holds. The account row is updated first, with
 * its version checked: every other part reads from that update, so when another write came first
 * nothing is written and the statement answers 0.
 */

type FillRow = typeof fills.$inferInsert;
type LedgerRow = typeof cashLedger.$inferInsert;
type PositionRow = typeof positions.$inferSelect;

export interface BookChanges {
  account: { id: string; version: number; cash: string };
  inserted: readonly OrderRow[];
  updated: ReadonlyArray<{ row: OrderRow; version: number }>;
  fills: readonly FillRow[];
  ledger: readonly LedgerRow[];
  position: PositionRow | null;
  /** The user's activity event for this write (an accepted order's `trade_placed`), written with it. */
  activity?: ActivityEvent | null;
  /**
   * Books taken from memory, not read (books-memory.ts): the write happens only if, besides the
   * version, the session is live, the user's zone is still `timeZone` and no counted day is later
   * than `day` — what the skipped read would have proven or found.
   */
  guard?: WriteGuard | null;
}

export interface WriteGuard {
  sessionId: string;
  userId: string;
  timeZone: string;
  /** The day the user's zone gives now (an activity event counts toward it). */
  day: string;
}

type Column<T> = readonly [name: string, type: string, value: (row: T) => unknown];

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

const ORDER_COLUMNS: ReadonlyArray<Column<OrderRow>> = [
  ['id', 'uuid', (o) => o.id],
  ['account_id', 'uuid', (o) => o.accountId],
  ['user_id', 'uuid', (o) => o.userId],
  ['symbol', 'text', (o) => o.symbol],
  ['side', 'text', (o) => o.side],
  ['type', 'text', (o) => o.type],
  ['time_in_force', 'text', (o) => o.timeInForce],
  ['quantity', 'numeric', (o) => o.quantity],
  ['filled_quantity', 'numeric', (o) => o.filledQuantity],
  ['limit_price', 'numeric', (o) => o.limitPrice],
  ['stop_price', 'numeric', (o) => o.stopPrice],
  ['avg_fill_price', 'numeric', (o) => o.avgFillPrice],
  ['status', 'text', (o) => o.status],
  ['reject_code', 'text', (o) => o.rejectCode],
  ['reject_reason', 'text', (o) => o.rejectReason],
  ['source', 'text', (o) => o.source],
  ['idempotency_key', 'text', (o) => o.idempotencyKey],
  ['request_hash', 'text', (o) => o.requestHash],
  ['active_from', 'timestamptz', (o) => iso(o.activeFrom)],
  ['expires_at', 'timestamptz', (o) => iso(o.expiresAt)],
  ['triggered_at', 'timestamptz', (o) => iso(o.triggeredAt)],
  ['rested', 'boolean', (o) => o.rested],
  ['checked_until', 'timestamptz', (o) => iso(o.checkedUntil)],
  ['reserved_cash', 'numeric', (o) => o.reservedCash],
  ['fees', 'numeric', (o) => o.fees],
  ['version', 'int', (o) => o.version],
  ['created_at', 'timestamptz', (o) => iso(o.createdAt)],
  ['updated_at', 'timestamptz', (o) => iso(o.updatedAt)],
];
/** What a change to a stored order may touch. */
const ORDER_CHANGES = new Set([
  'quantity',
  'filled_quantity',
  'limit_price',
  'stop_price',
  'avg_fill_price',
  'status',
  'reject_code',
  'reject_reason',
  'time_in_force',
  'active_from',
  'expires_at',
  'triggered_at',
  'rested',
  'checked_until',
  'reserved_cash',
  'fees',
  'updated_at',
]);

const FILL_COLUMNS: ReadonlyArray<Column<FillRow>> = [
  ['id', 'uuid', (f) => f.id],
  ['order_id', 'uuid', (f) => f.orderId],
  ['account_id', 'uuid', (f) => f.accountId],
  ['symbol', 'text', (f) => f.symbol],
  ['side', 'text', (f) => f.side],
  ['quantity', 'numeric', (f) => f.quantity],
  ['price', 'numeric', (f) => f.price],
  ['legs', 'jsonb', (f) => f.legs],
  ['liquidity', 'text', (f) => f.liquidity],
  ['gross_amount', 'numeric', (f) => f.grossAmount],
  ['commission', 'numeric', (f) => f.commission],
  ['slippage', 'numeric', (f) => f.slippage],
  ['realized_pnl', 'numeric', (f) => f.realizedPnl],
  ['filled_at', 'timestamptz', (f) => iso(f.filledAt)],
  ['created_at', 'timestamptz', (f) => iso(f.createdAt as Date)],
];

const LEDGER_COLUMNS: ReadonlyArray<Column<LedgerRow>> = [
  ['kind', 'text', (l) => l.kind],
  ['amount', 'numeric', (l) => l.amount],
  ['order_id', 'uuid', (l) => l.orderId],
  ['fill_id', 'uuid', (l) => l.fillId],
  ['at', 'timestamptz', (l) => iso(l.at)],
];

const POSITION_COLUMNS: ReadonlyArray<Column<PositionRow>> = [
  ['id', 'uuid', (p) => p.id],
  ['symbol', 'text', (p) => p.symbol],
  ['quantity', 'numeric', (p) => p.quantity],
  ['cost_basis', 'numeric', (p) => p.costBasis],
  ['realized_pnl', 'numeric', (p) => p.realizedPnl],
  ['stop_loss', 'numeric', (p) => p.stopLoss],
  ['take_profit', 'numeric', (p) => p.takeProfit],
  ['levels_checked_until', 'timestamptz', (p) => iso(p.levelsCheckedUntil)],
  ['opened_at', 'timestamptz', (p) => iso(p.openedAt)],
  ['updated_at', 'timestamptz', (p) => iso(p.updatedAt)],
];

const UPDATE_COLUMNS: ReadonlyArray<Column<OrderRow>> = [
  ['id', 'uuid', (o) => o.id],
  // the version the change was computed from (the row's own version stays unchanged until written)
  ['expected_version', 'int', (o) => o.version],
  ...ORDER_COLUMNS.filter(([name]) => ORDER_CHANGES.has(name)),
];

/** The rows of one list of the document as a from-item `v`, typed by its columns. */
function rowsOf<T>(list: string, columns: ReadonlyArray<Column<T>>) {
  const names = columns.map(([name]) => name).join(', ');
  const record = columns.map(([name, type]) => `${name} ${type}`).join(', ');
  const select = columns.map(([name]) => `v.${name}`).join(', ');
  return { names, select, from: `jsonb_to_recordset($1::jsonb -> '${list}') as v(${record})` };
}

/**
 * The statement: $1 the document (valuesOf), then the activity event's parameters when it has one.
 * A list without rows writes nothing; the document's `account` also carries the guard's values.
 */
function compile({ activity, guard }: { activity: boolean; guard: boolean }): string {
  const orders = rowsOf('inserted', ORDER_COLUMNS);
  const changed = rowsOf('updated', UPDATE_COLUMNS);
  const fillRows = rowsOf('fills', FILL_COLUMNS);
  const ledger = rowsOf('ledger', LEDGER_COLUMNS);
  const position = rowsOf('position', POSITION_COLUMNS);
  const changes = [...ORDER_CHANGES].map((name) => `${name} = v.${name}`).join(', ');
  const positionChanges = POSITION_COLUMNS.filter(([name]) => name !== 'id' && name !== 'symbol')
    .map(([name]) => `${name} = excluded.${name}`)
    .join(', ');
  const guardColumns = guard ? ', session_id uuid, user_id uuid, time_zone text, day date' : '';
  const guarded = guard
    ? `
        and a.user_id = i.user_id and a.status = 'active'
        and exists (select 1 from ${liveSessionFrom('i.session_id', 'i.user_id')})
        and (select u.timezone from users u where u.id = i.user_id) = i.time_zone
        and not exists (select 1 from activity_days d where d.user_id = i.user_id and d.day > i.day)`
    : '';
  const answer = guard
    ? `select count(*)::int as applied,
        (select ${SESSION_STALE} from auth_sessions s where s.id = (select session_id from account)) as session_stale
      from account`
    : 'select count(*)::int as applied from account';
  return `with account as (
      update paper_accounts a set cash_balance = i.cash, version = a.version + 1
      from jsonb_to_record($1::jsonb -> 'account') as i(id uuid, version int, cash numeric${guardColumns})
      where a.id = i.id and a.version = i.version${guarded}
      returning a.id${guard ? ', i.session_id' : ''}
    ),
    new_orders as (
      insert into orders (${orders.names})
      select ${orders.select} from account, ${orders.from}
    ),
    changed_orders as (
      update orders o set ${changes}, version = o.version + 1
      from account, ${changed.from}
      where o.id = v.id and o.version = v.expected_version
    ),
    new_fills as (
      insert into fills (${fillRows.names})
      select ${fillRows.select} from account, ${fillRows.from}
    ),
    new_ledger as (
      insert into cash_ledger (account_id, ${ledger.names})
      select account.id, ${ledger.select} from account, ${ledger.from}
    ),
    position as (
      insert into positions (account_id, ${position.names})
      select account.id, ${position.select} from account, ${position.from}
      on conflict (account_id, symbol) do update set ${positionChanges}
    )${activity ? `,\n    ${activityParts('account', 2)}` : ''}
    ${answer}`;
}

const compiled = new Map<string, { name: string; text: string }>();
function statementFor(parts: { activity: boolean; guard: boolean }) {
  const key = `${parts.activity ? 'activity' : 'plain'}_${parts.guard ? 'guarded' : 'unguarded'}`;
  let statement = compiled.get(key);
  if (!statement) compiled.set(key, (statement = { name: `trading_write_books_${key}`, text: compile(parts) }));
  return statement;
}

const rowsWith = <T>(columns: ReadonlyArray<Column<T>>, rows: readonly T[]) =>
  rows.map((row) => Object.fromEntries(columns.map(([name, , value]) => [name, value(row)])));

/** The statement's parameters: the document, then the activity event's (activityValues). */
function valuesOf(changes: BookChanges): unknown[] {
  const { account, guard } = changes;
  const document = {
    account: {
      id: account.id,
      version: account.version,
      cash: account.cash,
      ...(guard && { session_id: guard.sessionId, user_id: guard.userId, time_zone: guard.timeZone, day: guard.day }),
    },
    inserted: rowsWith(ORDER_COLUMNS, changes.inserted),
    updated: rowsWith(
      UPDATE_COLUMNS,
      changes.updated.map(({ row, version }) => ({ ...row, version })),
    ),
    fills: rowsWith(FILL_COLUMNS, changes.fills),
    ledger: rowsWith(LEDGER_COLUMNS, changes.ledger),
    position: rowsWith(POSITION_COLUMNS, changes.position ? [changes.position] : []),
  };
  return [JSON.stringify(document), ...(changes.activity ? activityValues(changes.activity) : [])];
}

/**
 * Writes the changes if the account is still at the version they were computed from; with a guard,
 * also says whether the session's "last seen" is older than a minute. `target` is the database (a
 * statement of its own, prepared once per connection) or the caller's transaction.
 */
export async function writeBooks(
  target: Connection | DbExecutor,
  changes: BookChanges,
): Promise<{ applied: boolean; sessionStale: boolean }> {
  const { name, text } = statementFor({ activity: changes.activity != null, guard: changes.guard != null });
  const values = valuesOf(changes);
  type Answer = { applied: number; session_stale?: boolean | null };
  const { rows } =
    'executeSql' in target
      ? await target.query<Answer>(text, values, name)
      : await executeText<Answer>(target, text, values);
  return { applied: Number(rows[0]?.applied) === 1, sessionStale: rows[0]?.session_stale === true };
}
