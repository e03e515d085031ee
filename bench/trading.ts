// Paper trading over HTTP, against the built server running as its own production process on
// loopback:
//  1. filled market orders per second — autocannon, one connection per virtual user, each user
//     with an account of its own, alternating buy and sell of one AAPL share — on PGlite, then on
//     PostgreSQL (a scratch database), with the books checked afterwards (every order filled once,
//     cash = Σ ledger, positions = Σ fills). On PostgreSQL also as a ratio of pgbench's TPC-B rate
//     (`pgbench -c 10`, a scratch database of the same server, measured in the same run).
//  2. one year of hourly candles for one symbol over HTTP: first request after start, then the
//     median of BENCH_ROUNDS (default 25).
// Targets: ≥ 500 orders/s and a ratio ≥ 0.4 on PostgreSQL; candles < 50 ms.
// Run: npm run build -w apps/server && node --import tsx bench/trading.ts   (or `npm run bench -- trading`)
// BENCH_SECONDS (default 5) bounds each measurement; BENCH_VUS (default 32) virtual users; BENCH_PARTS=candles|orders;
// BENCH_ORDER_DATABASES=postgres|pglite.
// PostgreSQL from BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL; pgbench from PGBENCH (default /usr/bin/pgbench).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { openDatabase } from '../apps/server/src/db/client';
import {
  backendPids,
  benchServerUrl,
  cpuSecondsOf,
  percentile,
  seedSignedInUsers,
  startBuiltServer,
  withScratchDatabase,
  type ServerProcess,
} from './lib/servers';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const VUS = Number(process.env.BENCH_VUS ?? 32);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 25);
const PGBENCH = process.env.PGBENCH ?? '/usr/bin/pgbench';
/** BENCH_PARTS=candles or orders runs one part (default both). */
const PARTS = (process.env.BENCH_PARTS ?? 'candles,orders').split(',');
/** BENCH_ORDER_DATABASES=postgres or pglite measures orders on one of them (default both). */
const ORDER_DATABASES = (process.env.BENCH_ORDER_DATABASES ?? 'pglite,postgres').split(',');
const TARGET_ORDERS = 500;
const TARGET_RATIO = 0.4;
const TARGET_CANDLES_MS = 50;

interface OrderFigures {
  ordersPerSecond: number;
  orders: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU time per answered order of the server process and of its PostgreSQL backends, in ms. */
  serverCpuMs?: number;
  databaseCpuMs?: number;
}

const order = (side: 'buy' | 'sell') => ({
  method: 'POST' as const,
  path: '/api/trades',
  body: JSON.stringify({ symbol: 'AAPL', side, quantity: 1 }),
});

async function placeOrders(server: ServerProcess, tokens: string[], seconds: number): Promise<OrderFigures> {
  let next = 0;
  const result = await autocannon({
    url: server.baseURL,
    connections: tokens.length,
    duration: seconds,
    // each connection is one virtual user for the whole run: its own token, so its own account (a
    // request's setupRequest context would not do: autocannon clears it each time the list starts over)
    setupClient: (client: { setRequests(requests: object[]): void }) => {
      const headers = { authorization: `Bearer ${tokens[next++ % tokens.length]}`, 'content-type': 'application/json' };
      // it buys one share, then sells it, and so on
      client.setRequests([order('buy'), order('sell')].map((request) => ({ ...request, headers })));
    },
    requests: [order('buy'), order('sell')],
  });
  const ok = result['2xx'] as number;
  return {
    ordersPerSecond: ok / (result.duration as number),
    orders: ok,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: (result.non2xx as number) + (result.errors as number) + (result.timeouts as number),
  };
}

/** The books after the run: every order filled once, cash = Σ ledger, positions = Σ fills. */
async function checkBooks(where: { databaseUrl?: string; pgliteDir?: string }, placed: number): Promise<string> {
  const database = await openDatabase(where);
  try {
    const { rows } = await database.query<Record<string, string>>(`
      select
        (select count(*) from orders where status = 'filled')::text as filled,
        (select count(*) from orders where status <> 'filled')::text as not_filled,
        (select count(*) from fills)::text as fills,
        (select count(*) from fills f where not exists (select 1 from orders o where o.id = f.order_id))::text as orphan_fills,
        (select count(*) from paper_accounts a
           where a.cash_balance <> (select coalesce(sum(amount), 0) from cash_ledger l where l.account_id = a.id))::text
          as cash_mismatch,
        (select count(*) from paper_accounts where cash_balance < 0)::text as negative_cash,
        (select count(*) from positions p where p.quantity <> (
           select coalesce(sum(case when side = 'buy' then quantity else -quantity end), 0)
             from fills f where f.account_id = p.account_id and f.symbol = p.symbol))::text as position_mismatch`);
    const books = rows[0]!;
    const problems = [
      Number(books.filled) < placed && `${books.filled} filled orders for ${placed} answered 201`,
      books.not_filled !== '0' && `${books.not_filled} orders not filled`,
      books.fills !== books.filled && `${books.fills} fills for ${books.filled} filled orders`,
      books.orphan_fills !== '0' && 'fills without orders',
      books.cash_mismatch !== '0' && `${books.cash_mismatch} accounts whose cash is not the sum of their ledger`,
      books.negative_cash !== '0' && 'negative cash',
      books.position_mismatch !== '0' && `${books.position_mismatch} positions not equal to their fills`,
    ].filter(Boolean);
    if (problems.length > 0) throw new Error(`books do not balance: ${problems.join('; ')}`);
    return `books balance (${books.filled} orders, ${books.fills} fills, cash = Σ ledger and positions = Σ fills for every account)`;
  } finally {
    await database.close();
  }
}

async function measureOrders(
  label: string,
  where: { databaseUrl?: string; pgliteDir?: string },
  env: Record<string, string>,
) {
  const tokens = await seedSignedInUsers(where, VUS);
  const server = await startBuiltServer(env);
  let figures: OrderFigures;
  try {
    await placeOrders(server, tokens, 3); // warm-up: JIT, connection pool, prepared statements, accounts opened
    // CPU per order, which the load of a shared machine changes far less than the rate
    const backends = where.databaseUrl ? await backendPids(where.databaseUrl) : [];
    const cpu = () => ({
      server: cpuSecondsOf(server.pid),
      database: backends.reduce((t, pid) => t + cpuSecondsOf(pid), 0),
    });
    const before = cpu();
    figures = await placeOrders(server, tokens, SECONDS);
    const after = cpu();
    figures.serverCpuMs = ((after.server - before.server) * 1000) / figures.orders;
    if (backends.length > 0) figures.databaseCpuMs = ((after.database - before.database) * 1000) / figures.orders;
  } finally {
    await server.stop();
  }
  const warmUpAndRun = await checkBooks(where, figures.orders);
  console.log(
    `trading orders (${label}): ${figures.ordersPerSecond.toFixed(0)} filled market orders/s over HTTP ` +
      `(${figures.orders} in ${SECONDS} s, ${VUS} virtual users with an account each, p50 ${figures.p50} ms, ` +
      `p99 ${figures.p99} ms, ${figures.errors} errors; load average ${loadavg()[0]!.toFixed(1)}; CPU per order: ` +
      `server ${figures.serverCpuMs?.toFixed(2)} ms${figures.databaseCpuMs === undefined ? ' (PostgreSQL in process)' : `, PostgreSQL ${figures.databaseCpuMs.toFixed(2)} ms`}); ${warmUpAndRun}`,
  );
  return figures;
}

/** pgbench's TPC-B-like rate with 10 clients on a scratch database of the same server. */
async function pgbenchTps(serverUrl: string): Promise<number> {
  return withScratchDatabase(serverUrl, 'tp_bench_pgbench', async (url) => {
    const target = new URL(url);
    const args = ['-h', target.hostname, '-p', target.port || '5432', '-U', decodeURIComponent(target.username)];
    const env = { ...process.env, PGPASSWORD: decodeURIComponent(target.password) };
    const database = target.pathname.slice(1);
    execFileSync(PGBENCH, ['-i', '-s', '10', '-q', ...args, database], { env, stdio: 'ignore' });
    const out = execFileSync(PGBENCH, ['-c', '10', '-j', '2', '-T', String(SECONDS), ...args, database], {
      env,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const tps = /tps = ([\d.]+)/.exec(out)?.[1];
    if (!tps) throw new Error(`no tps in pgbench output:\n${out}`);
    return Number(tps);
  });
}

async function measureCandles(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tp-bench-candles-'));
  const server = await startBuiltServer({ DATA_DIR: dataDir });
  const url = `${server.baseURL}/api/market/historical/AAPL?timeframe=1h&start=2025-01-01T00:00:00Z&end=2026-01-01T00:00:00Z`;
  // the time to answer: until the last byte of the body arrived (the client's own JSON parsing is not the server's)
  const fetchYear = async () => {
    const started = performance.now();
    const res = await fetch(url);
    const body = await res.arrayBuffer();
    const elapsed = performance.now() - started;
    if (res.status !== 200) throw new Error(`candles: ${res.status}`);
    return { elapsed, body };
  };
  try {
    const { elapsed: first, body } = await fetchYear();
    const candles = (JSON.parse(Buffer.from(body).toString()) as { data: { candles: unknown[] } }).data.candles;
    if (candles.length !== 8_760) throw new Error(`candles: ${candles.length} bars`);
    const times: number[] = [];
    for (let i = 0; i < ROUNDS; i += 1) times.push((await fetchYear()).elapsed);
    times.sort((a, b) => a - b);
    const median = percentile(times, 0.5);
    console.log(
      `trading candles over HTTP: one year of hourly AAPL candles (8,760 bars, ${(body.byteLength / 1024).toFixed(0)} KB) answered in ${median.toFixed(1)} ms ` +
        `(median of ${ROUNDS}, p90 ${percentile(times, 0.9).toFixed(1)} ms; first request after start ${first.toFixed(1)} ms; ` +
        `load average ${loadavg()[0]!.toFixed(1)}) — target < ${TARGET_CANDLES_MS} ms: ${median < TARGET_CANDLES_MS ? 'met' : 'NOT met'}`,
    );
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (PARTS.includes('candles')) await measureCandles();
if (PARTS.includes('orders')) await measureAllOrders();
process.exit(0);

async function measureAllOrders() {
  const pgliteData = mkdtempSync(path.join(tmpdir(), 'tp-bench-trading-'));
  try {
    if (ORDER_DATABASES.includes('pglite')) {
      await measureOrders('PGlite', { pgliteDir: path.join(pgliteData, 'db') }, { DATA_DIR: pgliteData });
    }
  } finally {
    rmSync(pgliteData, { recursive: true, force: true });
  }
  if (!ORDER_DATABASES.includes('postgres')) return;

  const serverUrl = benchServerUrl();
  if (!serverUrl) {
    console.log(
      'trading orders (PostgreSQL): skipped — set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to postgres://...',
    );
  } else {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tp-bench-trading-pg-'));
    try {
      const figures = await withScratchDatabase(serverUrl, 'tp_bench_trading', (url) =>
        measureOrders('PostgreSQL', { databaseUrl: url }, { DATABASE_URL: url, DATA_DIR: dataDir }),
      );
      if (!existsSync(PGBENCH)) {
        console.log(`trading orders vs pgbench: skipped — no pgbench at ${PGBENCH}`);
      } else {
        const tps = await pgbenchTps(serverUrl);
        const ratio = figures.ordersPerSecond / tps;
        console.log(
          `trading orders vs pgbench: ${figures.ordersPerSecond.toFixed(0)} orders/s / ${tps.toFixed(0)} TPC-B tps ` +
            `(pgbench -c 10 -j 2 -T ${SECONDS}, scale 10, same server) = ${ratio.toFixed(2)} — targets ≥ ${TARGET_ORDERS} orders/s: ` +
            `${figures.ordersPerSecond >= TARGET_ORDERS ? 'met' : 'NOT met'}, ratio ≥ ${TARGET_RATIO}: ${ratio >= TARGET_RATIO ? 'met' : 'NOT met'}`,
        );
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}
