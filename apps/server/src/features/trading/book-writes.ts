import { executeText, type Connection, type DbExecutor } from '../../db/client';
import type { cashLedger, fills, positions } from './trading.tables';
import { ACTIVITY_PARAMETERS, activityParts, activityValues, type ActivityEvent } from '../activity';
import { liveSessionFrom, SESSION_STALE } from '../../plugins/auth/session-in-statement';
import type { OrderRow } from './order-view';

/**
 * Every write to an account's books in one statement: the rows travel as arrays (unnest), so the
 * statement has one text per combination of parts present (new orders, changed orders, fills,
 * ledger rows, the position), prepared once per connection however many rows each part holds. The account row is updated first, with its version checked:
 * every other part reads from that update, so when another write came first nothing is written
 * and the statement answers 0.
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
  ['legs', 'jsonb', (f) => JSON.stringify(f.legs)],
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

/** Which parts a change has: the statement of each combination is compiled (and prepared) once. */
interface Parts {
  inserted: boolean;
  updated: boolean;
  fills: boolean;
  ledger: boolean;
  position: boolean;
  activity: boolean;
  guard: boolean;
}

const UPDATE_COLUMNS: ReadonlyArray<Column<OrderRow>> = [
  ['id', 'uuid', (o) => o.id],
  // the version the change was computed from (the row's own version stays unchanged until written)
  ['expected_version', 'int', (o) => o.version],
  ...ORDER_COLUMNS.filter(([name]) => ORDER_CHANGES.has(name)),
];

/** The statement's text for the parts present, its array parameters in the order valuesOf gives them. */
function compile(parts: Parts): string {
  let n = 3; // $1 cash, $2 account id, $3 expected version
  const arrays = <T>(columns: ReadonlyArray<Column<T>>) => {
    const first = n + 1;
    n += columns.length;
    const names = columns.map(([name]) => name).join(', ');
    const params = columns.map(([, type], i) => `$${first + i}::${type === 'jsonb' ? 'text' : type}[]`).join(', ');
    const select = columns.map(([name, type]) => (type === 'jsonb' ? `v.${name}::jsonb` : `v.${name}`)).join(', ');
    return { names, params, select };
  };
  const ctes: string[] = [];
  if (parts.inserted) {
    const a = arrays(ORDER_COLUMNS);
    ctes.push(`new_orders as (
      insert into orders (${a.names})
      select ${a.select} from account, unnest(${a.params}) as v(${a.names})
    )`);
  }
  if (parts.updated) {
    const a = arrays(UPDATE_COLUMNS);
    const changed = [...ORDER_CHANGES].map((name) => `${name} = v.${name}`).join(', ');
    ctes.push(`changed_orders as (
      update orders o set ${changed}, version = o.version + 1
      from account, unnest(${a.params}) as v(${a.names})
      where o.id = v.id and o.version = v.expected_version
    )`);
  }
  if (parts.fills) {
    const a = arrays(FILL_COLUMNS);
    ctes.push(`new_fills as (
      insert into fills (${a.names})
      select ${a.select} from account, unnest(${a.params}) as v(${a.names})
    )`);
  }
  if (parts.ledger) {
    const a = arrays(LEDGER_COLUMNS);
    ctes.push(`ledger as (
      insert into cash_ledger (account_id, ${a.names})
      select account.id, ${a.select} from account, unnest(${a.params}) as v(${a.names})
    )`);
  }
  if (parts.position) {
    const a = arrays(POSITION_COLUMNS);
    const set = POSITION_COLUMNS.filter(([name]) => name !== 'id' && name !== 'symbol')
      .map(([name]) => `${name} = excluded.${name}`)
      .join(', ');
    ctes.push(`position as (
      insert into positions (account_id, ${a.names})
      select account.id, ${a.select} from account, unnest(${a.params}) as v(${a.names})
      on conflict (account_id, symbol) do update set ${set}
    )`);
  }
  if (parts.activity) {
    ctes.push(activityParts('account', n + 1));
    n += ACTIVITY_PARAMETERS;
  }
  let guard = '';
  let answer = 'select count(*)::int as applied from account';
  if (parts.guard) {
    const [session, user, zone, day] = [`$${n + 1}`, `$${n + 2}`, `$${n + 3}`, `$${n + 4}`] as const;
    guard = `
        and user_id = ${user}::uuid and status = 'active'
        and exists (select 1 from ${liveSessionFrom(session, user)})
        and (select u.timezone from users u where u.id = ${user}::uuid) = ${zone}::text
        and not exists (select 1 from activity_days d where d.user_id = ${user}::uuid and d.day > ${day}::date)`;
    answer = `select count(*)::int as applied,
      (select ${SESSION_STALE} from auth_sessions s where s.id = ${session}::uuid) as session_stale from account`;
  }
  ctes.unshift(`account as (
      update paper_accounts set cash_balance = $1::numeric, version = version + 1
      where id = $2::uuid and version = $3::int${guard}
      returning id
    )`);
  return `with ${ctes.join(',\n')}\n${answer}`;
}

const compiled = new Map<string, { name: string; text: string }>();
function statementFor(parts: Parts) {
  const key = Object.values(parts)
    .map((present) => (present ? '1' : '0'))
    .join('');
  let statement = compiled.get(key);
  if (!statement) compiled.set(key, (statement = { name: `trading_books_${key}`, text: compile(parts) }));
  return statement;
}

const columnsOf = <T>(columns: ReadonlyArray<Column<T>>, rows: readonly T[]) =>
  columns.map(([, , value]) => rows.map(value));

function valuesOf(changes: BookChanges, parts: Parts): unknown[] {
  const values: unknown[] = [changes.account.cash, changes.account.id, changes.account.version];
  if (parts.inserted) values.push(...columnsOf(ORDER_COLUMNS, changes.inserted));
  if (parts.updated) {
    values.push(
      ...columnsOf(
        UPDATE_COLUMNS,
        changes.updated.map(({ row, version }) => ({ ...row, version })),
      ),
    );
  }
  if (parts.fills) values.push(...columnsOf(FILL_COLUMNS, changes.fills));
  if (parts.ledger) values.push(...columnsOf(LEDGER_COLUMNS, changes.ledger));
  if (parts.position) values.push(...columnsOf(POSITION_COLUMNS, [changes.position!]));
  if (parts.activity) values.push(...activityValues(changes.activity!));
  if (parts.guard) {
    const { sessionId, userId, timeZone, day } = changes.guard!;
    values.push(sessionId, userId, timeZone, day);
  }
  return values;
}

/**
 * Writes the changes if the account is still at the version they were computed from. `target` is
 * the database (a statement of its own, prepared once per connection) or the caller's transaction.
 */
export async function writeBooks(target: Connection | DbExecutor, changes: BookChanges): Promise<boolean> {
  return (await writeBooksAnswer(target, changes)).applied;
}

/** writeBooks, also saying (with a guard) whether the session's "last seen" is older than a minute. */
export async function writeBooksAnswer(
  target: Connection | DbExecutor,
  changes: BookChanges,
): Promise<{ applied: boolean; sessionStale: boolean }> {
  const parts: Parts = {
    inserted: changes.inserted.length > 0,
    updated: changes.updated.length > 0,
    fills: changes.fills.length > 0,
    ledger: changes.ledger.length > 0,
    position: changes.position !== null,
    activity: changes.activity != null,
    guard: changes.guard != null,
  };
  const { name, text } = statementFor(parts);
  const values = valuesOf(changes, parts);
  type Answer = { applied: number; session_stale?: boolean | null };
  const { rows } =
    'executeSql' in target
      ? await target.query<Answer>(text, values, name)
      : await executeText<Answer>(target, text, values);
  return { applied: Number(rows[0]?.applied) === 1, sessionStale: rows[0]?.session_stale === true };
}
