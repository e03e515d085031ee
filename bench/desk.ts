// The hedge view's answer time: GET /api/desk/exposure over HTTP on loopback against the real app
// (started in this process) for one user with 10,000 invoices (13 currencies, due over two years, one
// in five partly paid, one in ten paid or cancelled) and 2,000 live forwards, on PostgreSQL. The app
// reads two grouped statements (apps/server/src/features/desk/exposure.repository.ts: PostgreSQL sums
// the invoices and values the forwards), so the bare baseline runs the very same two statements with
// the same arguments through node-postgres, without the app. Printed: p50/p95 of the exposure answer,
// of that bare read, and the ratio of the two p95s. Target: p95 under 100 ms.
// Run: node --import tsx bench/desk.ts   (or `npm run bench -- desk`)
// BENCH_INVOICES (default 10000), BENCH_FORWARDS (default 2000), BENCH_REQUESTS (default 200).
import pg from 'pg';
import { withBenchApp } from './lib/bench-app';
import { benchServerUrl, percentile, withScratchDatabase } from './lib/servers';
import type { Connection } from '../apps/server/src/db/client';
import { users } from '../apps/server/src/db/schema';
import { createSession } from '../apps/server/src/features/auth/sessions.service';
import { deskContext } from '../apps/server/src/features/desk/desk-context';
import { forwardSumsStatement, invoiceSumsStatement } from '../apps/server/src/features/desk/exposure.repository';
import { exposureSumsArgs } from '../apps/server/src/features/desk/exposure.service';

const INVOICES = Number(process.env.BENCH_INVOICES ?? 10_000);
const FORWARDS = Number(process.env.BENCH_FORWARDS ?? 2_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const CURRENCIES = ['EUR', 'GBP', 'JPY', 'CHF', 'CAD', 'AUD', 'CNY', 'INR', 'BRL', 'MXN', 'ZAR', 'TRY', 'VND'];

/** One exporter's books, written with generate_series: deterministic, and seconds rather than minutes. */
async function seedBooks(database: Connection, userId: string): Promise<void> {
  const currencies = `array['${CURRENCIES.join("','")}']`;
  await database.query(
    `insert into desk_invoices (user_id, counterparty, reference, direction, currency, amount, paid_amount, issue_date,
       due_date, status, home_currency, booked_rate, booked_home_amount)
     select $1, 'Buyer ' || (i % 300), 'INV-' || i, case when i % 4 = 0 then 'payable' else 'receivable' end,
       (${currencies})[1 + i % 13], 1000 + (i * 7919) % 250000,
       case when i % 5 = 0 then 500 else 0 end,
       current_date - 30, current_date + (i * 37) % 720,
       case when i % 10 = 3 then 'paid' when i % 10 = 7 then 'cancelled' when i % 5 = 0 then 'partly_paid' else 'open' end,
       'USD', 1.05, (1000 + (i * 7919) % 250000) * 1.05
     from generate_series(1, $2) i`,
    [userId, INVOICES],
  );
  await database.query(`update desk_invoices set paid_amount = amount where status = 'paid' and user_id = $1`, [
    userId,
  ]);
  await database.query(
    `insert into desk_forwards (user_id, currency, home_currency, side, amount, maturity_date, booked_at,
       spot_at_booking, forward_rate)
     select $1, (${currencies})[1 + i % 13], 'USD', case when i % 4 = 0 then 'buy' else 'sell' end,
       5000 + (i * 104729) % 500000, current_date + 2 + (i * 53) % 700, now() - interval '10 days', 1.05, 1.06
     from generate_series(1, $2) i`,
    [userId, FORWARDS],
  );
  await database.query('analyze desk_invoices; analyze desk_forwards');
}

async function timed(times: number[], run: () => Promise<void>): Promise<void> {
  const started = performance.now();
  await run();
  times.push(performance.now() - started);
}

const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95) };
};

async function measure(databaseUrl: string): Promise<void> {
  await withBenchApp('desk', databaseUrl, {}, async (app, database) => {
    const [user] = await database.db
      .insert(users)
      .values({ email: 'desk-bench@bench.test', name: 'Bench' })
      .returning({ id: users.id });
    await seedBooks(database, user!.id);
    const { token } = await createSession(app.deps, database.db, user!.id, false, {
      ipAddress: '127.0.0.1',
      userAgent: 'bench',
    });
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const bare = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    const { invoiceArgs, forwardArgs } = await exposureSumsArgs(app.deps, await deskContext(app.deps, user!.id));
    const statements = [invoiceSumsStatement(invoiceArgs), forwardSumsStatement(forwardArgs)];
    const exposure: number[] = [];
    const reads: number[] = [];
    try {
      for (let i = 0; i < REQUESTS + 10; i += 1) {
        const sample = i >= 10; // the first ten warm both up
        await timed(sample ? exposure : [], async () => {
          const res = await fetch(`${address}/api/desk/exposure`, { headers: { authorization: `Bearer ${token}` } });
          if (res.status !== 200) throw new Error(`exposure ${res.status}: ${await res.text()}`);
          await res.arrayBuffer();
        });
        await timed(sample ? reads : [], async () => {
          // in parallel and prepared by name, as the app runs them
          await Promise.all(statements.map((statement) => bare.query(statement)));
        });
      }
    } finally {
      await bare.end();
    }
    const app95 = summary(exposure);
    const bare95 = summary(reads);
    console.log(`desk exposure, ${INVOICES} invoices and ${FORWARDS} forwards, PostgreSQL, ${REQUESTS} requests`);
    console.log(
      `  GET /api/desk/exposure  p50 ${app95.p50.toFixed(1)} ms  p95 ${app95.p95.toFixed(1)} ms (target < 100)`,
    );
    console.log(`  bare read of the sums   p50 ${bare95.p50.toFixed(1)} ms  p95 ${bare95.p95.toFixed(1)} ms`);
    console.log(`  ratio (p95 exposure / p95 bare read): ${(app95.p95 / bare95.p95).toFixed(2)}`);
  });
}

const serverUrl = benchServerUrl();
if (!serverUrl) {
  console.log('desk: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server to measure');
} else {
  await withScratchDatabase(serverUrl, 'tp_bench_desk', measure);
}
