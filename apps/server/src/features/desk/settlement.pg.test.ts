import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Connection } from '../../db/client';
import {
  getTestDatabase,
  getTestDatabaseUrl,
  resetDatabase,
  signInThrough,
  startTestSmtp,
  type TestSmtp,
} from '../../test/kit';
import { startServerProcesses, type ServerProcess } from '../../test/server-process';

/**
 * Two server processes on one PostgreSQL, both looking for forwards to settle every 200 ms, over the
 * same matured forwards (this file runs only in the PostgreSQL pass): each forward settles once, its
 * allocations paid once, whichever instance gets there first.
 */
describe('two instances settling the same matured forwards', () => {
  let database: Connection;
  let smtp: TestSmtp;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    database = await getTestDatabase();
    await resetDatabase(database);
    smtp = await startTestSmtp();
    const env = { DATABASE_URL: (await getTestDatabaseUrl())!, SMTP_URL: smtp.url, DESK_SETTLEMENT_INTERVAL_MS: '200' };
    [a, b] = (await startServerProcesses(2, env)) as [ServerProcess, ServerProcess];
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await smtp?.close();
  });

  it('settles each forward once and pays each allocation once', async () => {
    const { user } = await signInThrough(a, smtp, `desk-${randomUUID().slice(0, 8)}@example.com`, b);
    const count = 60;
    // matured yesterday: written straight into the books, as if booked months ago
    await database.query(
      `insert into desk_invoices (id, user_id, counterparty, reference, direction, currency, amount, issue_date, due_date,
         home_currency, booked_rate, booked_home_amount)
       select ('00000000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid, $1, 'Buyer ' || i, 'INV-' || i, 'receivable',
         'EUR', 1000.00, current_date - 90, current_date - 1, 'USD', 1.08, 1080.00
       from generate_series(1, $2) i`,
      [user.id, count],
    );
    await database.query(
      `insert into desk_forwards (id, user_id, currency, home_currency, side, amount, maturity_date, booked_at,
         spot_at_booking, forward_rate)
       select ('00000000-0000-4000-9000-' || lpad(i::text, 12, '0'))::uuid, $1, 'EUR', 'USD', 'sell', 1500.00,
         current_date - 1, now() - interval '90 days', 1.08, 1.09
       from generate_series(1, $2) i`,
      [user.id, count],
    );
    await database.query(
      `insert into desk_allocations (forward_id, invoice_id, user_id, amount)
       select ('00000000-0000-4000-9000-' || lpad(i::text, 12, '0'))::uuid,
              ('00000000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid, $1, 1000.00
       from generate_series(1, $2) i`,
      [user.id, count],
    );
    await vi.waitFor(
      async () => {
        const { rows } = await database.query<{ live: number }>(
          "select count(*)::int as live from desk_forwards where status = 'live'",
        );
        expect(rows[0]!.live).toBe(0);
      },
      { timeout: 60_000, interval: 250 },
    );
    const { rows: payments } = await database.query<{ forward_id: string; n: number; total: string }>(
      'select forward_id, count(*)::int as n, sum(amount)::text as total from desk_payments group by forward_id',
    );
    expect(payments).toHaveLength(count);
    expect(payments.every((p) => p.n === 1 && p.total === '1000.00')).toBe(true);
    const { rows: invoices } = await database.query<{ status: string; paid: string; realised: string }>(
      'select status, paid_amount::text as paid, realised_gain_loss::text as realised from desk_invoices',
    );
    // paid at F₀ 1.09 against a booked 1.08: USD 10.00 gained on each
    expect(invoices.every((i) => i.status === 'paid' && i.paid === '1000.00' && i.realised === '10.00')).toBe(true);
    const { rows: forwards } = await database.query<{ delivered: string }>(
      "select delivered_amount::text as delivered from desk_forwards where status = 'settled'",
    );
    expect(forwards).toHaveLength(count);
    expect(forwards.every((f) => f.delivered === '1000.00')).toBe(true);
  });
});
