// The people of bench/capacity.ts, written straight into its database with a few set-based
// statements per batch: each a user with a session, a paper account holding three positions (their
// orders, fills and ledger rows, so the books balance), five files (searchable: their vectors come
// from the content feature's own expressions), ten contacts and five desk invoices.
import { sql } from 'drizzle-orm';
import { openDatabase, type Connection } from '../../apps/server/src/db/client';
import { signAccessToken } from '../../apps/server/src/plugins/auth/access-token';
import { rankVectorOf, searchVectorOf } from '../../apps/server/src/features/content/content.tables';
import { BENCH_SECRET } from './servers';

export interface Person {
  userId: string;
  sessionId: string;
}

const BATCH = 2_000;
/** The goods and kinds of document a person's files are about; a search looks for one of them. */
export const SEARCH_WORDS = ['coffee', 'cotton', 'cocoa', 'pepper', 'tea', 'invoice', 'contract', 'certificate'];

const users = (database: Connection, run: string, from: number, count: number) =>
  database.query<{ id: string }>(
    `insert into users (email, name, company, email_verified_at)
     select 'capacity-' || $1 || '-' || i || '@bench.test', 'Person ' || i, 'Exporter ' || i, now()
     from generate_series($2::int, $3::int) i order by i returning id`,
    [run, from, from + count - 1],
  );

const sessions = (database: Connection, ids: string[]) =>
  database.query<{ id: string; user_id: string }>(
    `insert into auth_sessions (user_id, remember_me, expires_at, ip_address, user_agent)
     select user_id, true, now() + interval '30 days', '127.0.0.1', 'bench' from unnest($1::uuid[]) user_id
     returning id, user_id`,
    [ids],
  );

/** An account with AAPL, MSFT and EURUSD bought a week ago: orders, fills, ledger and positions agree. */
const books = (database: Connection, ids: string[]) =>
  database.query(
    `with held(symbol, quantity, price) as (values ('AAPL', 10::numeric, 180::numeric), ('MSFT', 5, 400), ('EURUSD', 1000, 1.08)),
     a as (insert into paper_accounts (user_id, opening_cash, cash_balance)
           select user_id, 100000, 100000 - (select sum(quantity * price) from held) from unnest($1::uuid[]) user_id
           returning id, user_id),
     opening as (insert into cash_ledger (account_id, kind, amount, at) select id, 'opening', 100000, now() - interval '8 days' from a),
     o as (insert into orders (account_id, user_id, symbol, side, type, time_in_force, quantity, filled_quantity,
             avg_fill_price, status, active_from)
           select a.id, a.user_id, h.symbol, 'buy', 'market', 'day', h.quantity, h.quantity, h.price, 'filled', now() - interval '7 days'
           from a cross join held h
           returning id, account_id, symbol, quantity, avg_fill_price),
     f as (insert into fills (order_id, account_id, symbol, side, quantity, price, legs, liquidity, gross_amount, filled_at)
           select id, account_id, symbol, 'buy', quantity, avg_fill_price,
             jsonb_build_array(jsonb_build_object('price', avg_fill_price::text, 'quantity', quantity::text)), 'taker',
             quantity * avg_fill_price, now() - interval '7 days'
           from o returning id, order_id, account_id, gross_amount, filled_at),
     l as (insert into cash_ledger (account_id, kind, amount, order_id, fill_id, at)
           select account_id, 'fill', -gross_amount, order_id, id, filled_at from f)
     insert into positions (account_id, symbol, quantity, cost_basis) select account_id, symbol, quantity, quantity * avg_fill_price from o`,
    [ids],
  );

/** Five documents each, about the search words, with an owner's stats row to match. */
async function files(database: Connection, ids: string[]): Promise<void> {
  const parts = { name: sql.raw('x.name'), description: sql.raw('x.description'), tags: sql.raw('x.tags') };
  await database.db.execute(sql`
    insert into content_files (owner_user_id, storage_key, name, size, mime, category, description, tags, is_public,
      extracted_text, text_state, thumbnail_state, search_vector, rank_vector, created_at)
    select x.owner, x.storage_key, x.name, x.size, 'application/pdf', 'document', x.description, x.tags, x.k = 1,
      x.extracted_text, 'done', 'skipped', ${searchVectorOf({ ...parts, extractedText: sql.raw('x.extracted_text') })},
      ${rankVectorOf(parts)}, now() - (x.k || ' days')::interval
    from (
      select owner, k, 'bench/' || gen_random_uuid() as storage_key, 20000 + k * 1000 as size,
        ${sql.raw(`(array['${SEARCH_WORDS.join("','")}'])`)}[1 + (k + n) % 8] as word,
        'shipment-' || n || '-' || k || '.pdf' as name
      from unnest(${`{${ids.join(',')}}`}::uuid[]) with ordinality as p(owner, n), generate_series(1, 5) k
    ) w, lateral (
      select w.owner, w.k, w.storage_key, w.size, w.name, 'Papers for the ' || w.word || ' shipment' as description,
        array[w.word] as tags,
        repeat('commercial invoice bill of lading port of loading ' || w.word || ' total amount payment terms ', 40)
          as extracted_text
    ) x`);
  await database.query(
    `insert into content_owner_stats (owner_user_id, file_count, total_bytes)
     select owner_user_id, count(*), sum(size) from content_files where owner_user_id = any($1::uuid[]) group by owner_user_id`,
    [ids],
  );
}

const contactsAndInvoices = (database: Connection, ids: string[]) =>
  database.query(
    `with c as (
       insert into contacts (user_id, email, name)
       select user_id, 'buyer-' || k || '-' || n || '@example.com', 'Buyer ' || k from unnest($1::uuid[]) with ordinality p(user_id, n), generate_series(1, 10) k
     )
     insert into desk_invoices (user_id, counterparty, reference, direction, currency, amount, paid_amount, issue_date,
       due_date, status, home_currency, booked_rate, booked_home_amount)
     select user_id, 'Buyer ' || k, 'INV-' || n || '-' || k, 'receivable', (array['EUR','GBP','JPY','INR','CHF'])[k],
       10000 * k, 0, current_date - 10, current_date + 30 * k, 'open', 'USD', 1.05, 10500 * k
     from unnest($1::uuid[]) with ordinality p(user_id, n), generate_series(1, 5) k`,
    [ids],
  );

/** Writes `count` new people (numbered from `from`) into the migrated database at `url`. */
export async function seedPeople(url: string, run: string, from: number, count: number): Promise<Person[]> {
  const database = await openDatabase({ databaseUrl: url });
  const people: Person[] = [];
  try {
    for (let start = 0; start < count; start += BATCH) {
      const size = Math.min(BATCH, count - start);
      const ids = (await users(database, run, from + start, size)).rows.map((row) => row.id);
      const sessionOf = new Map((await sessions(database, ids)).rows.map((row) => [row.user_id, row.id]));
      await books(database, ids);
      await files(database, ids);
      await contactsAndInvoices(database, ids);
      people.push(...ids.map((userId) => ({ userId, sessionId: sessionOf.get(userId)! })));
    }
    await database.query('analyze');
  } finally {
    await database.close();
  }
  return people;
}

/** Fresh access tokens (each good for 15 minutes) for `people`, signed as the server signs them. */
export const tokensFor = (people: readonly Person[]): Promise<string[]> =>
  Promise.all(people.map((person) => signAccessToken(BENCH_SECRET, person)));
