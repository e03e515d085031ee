// What the framework layer costs every feature: ratios of the real server against a bare Fastify
// doing the same work, measured in one run on one machine with autocannon, in alternating rounds,
// median of three. Needs `npm run build` (the real server is the production bundle) and PostgreSQL
// for the signed-in read (BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL; a scratch database
// is created and dropped).
// Run: node --import tsx bench/framework.ts [config|me|static]   (or `npm run bench -- framework`)
// BENCH_SECONDS (default 5) per round, BENCH_CONNECTIONS (default 20).
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { signAccessToken } from '../apps/server/src/plugins/auth/access-token';
import { startServerProcess } from '../apps/server/src/test/server-process';
import { BENCH_SECRET, benchServerUrl, root, startBuiltServer, withScratchDatabase } from './lib/servers';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ROUNDS = 3;

// Both sides log what they would in production (the real server its request lines at info), to
// /dev/null: read by this process, the lines would cost the measuring side. Their errors show here.
// A fresh embedded database takes long on a loaded machine.
const startReal = (env: Record<string, string>) =>
  startBuiltServer({ LOG_LEVEL: 'info', ...env }, { output: 'stderr-only', startTimeoutMs: 180_000 });
const startBare = (env: Record<string, string>, readyPath: string) =>
  startServerProcess(env, {
    entry: { script: 'bench/servers/bare.ts' },
    nodeEnv: 'production',
    readyPath,
    output: 'stderr-only',
    startTimeoutMs: 180_000,
  });

async function rate(url: string, headers: Record<string, string> = {}): Promise<number> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return result.requests.average;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Alternating rounds (real, bare, real, bare, …), then the median of each side and their ratio. */
async function compare(label: string, real: () => Promise<number>, bare: () => Promise<number>): Promise<void> {
  await real(); // warm both (JIT, connection pools, file cache)
  await bare();
  const ours: number[] = [];
  const baseline: number[] = [];
  for (let i = 0; i < ROUNDS; i += 1) {
    ours.push(await real());
    baseline.push(await bare());
  }
  const [a, b] = [median(ours), median(baseline)];
  console.log(
    `${label}: ${Math.round(a)} req/s vs bare ${Math.round(b)} req/s → ratio ${(a / b).toFixed(2)}` +
      `  (rounds: ${ours.map(Math.round).join(', ')} | ${baseline.map(Math.round).join(', ')})`,
  );
}

/** The real answer's own headers (what the bare server with the same features sets too). */
const OWN_HEADERS_SKIPPED = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'content-type',
  'x-request-id',
]);

async function benchConfig(): Promise<void> {
  const real = await startReal({});
  try {
    const folder = mkdtempSync(path.join(tmpdir(), 'tp-bench-body-'));
    const answer = await fetch(`${real.baseURL}/api/config`);
    const bodyFile = path.join(folder, 'config.json');
    writeFileSync(bodyFile, await answer.text());
    const headersFile = path.join(folder, 'headers.json');
    writeFileSync(
      headersFile,
      JSON.stringify(Object.fromEntries([...answer.headers].filter(([name]) => !OWN_HEADERS_SKIPPED.has(name)))),
    );
    const bare = await startBare({ BARE_KIND: 'config', BARE_BODY_FILE: bodyFile }, '/api/config');
    const featured = await startBare(
      { BARE_KIND: 'config', BARE_BODY_FILE: bodyFile, BARE_FEATURES: '1', BARE_HEADERS_FILE: headersFile },
      '/api/config',
    );
    try {
      await compare(
        'GET /api/config',
        () => rate(`${real.baseURL}/api/config`),
        () => rate(`${bare.baseURL}/api/config`),
      );
      // the same server on PostgreSQL, as deployed: the embedded database's background work
      // (pg-boss's polls, its maintenance) runs in the server's own thread on PGlite
      const base = benchServerUrl();
      if (base) {
        await withScratchDatabase(base, 'tp_bench_cfg', async (databaseUrl) => {
          const onPostgres = await startReal({ DATABASE_URL: databaseUrl });
          try {
            await compare(
              'GET /api/config, the server on PostgreSQL',
              () => rate(`${onPostgres.baseURL}/api/config`),
              () => rate(`${bare.baseURL}/api/config`),
            );
          } finally {
            await onPostgres.stop();
          }
        });
      }
      // not the target: how much of the gap is Fastify's own price for a request log and answer headers
      await compare(
        'GET /api/config against a bare Fastify with the same log line and headers',
        () => rate(`${real.baseURL}/api/config`),
        () => rate(`${featured.baseURL}/api/config`),
      );
    } finally {
      await Promise.all([bare.stop(), featured.stop()]);
    }
  } finally {
    await real.stop();
  }
}

async function benchMe(): Promise<void> {
  const base = benchServerUrl();
  if (!base) {
    console.log('GET /api/auth/me: skipped (set BENCH_DATABASE_URL to a PostgreSQL server)');
    return;
  }
  await withScratchDatabase(base, 'tp_bench_fw', async (databaseUrl) => {
    const real = await startReal({ DATABASE_URL: databaseUrl });
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ id: string }>(
        "insert into users (email, name, phone, company, position) values ('bench@example.com', 'Bench', '+1 555', 'Bench Ltd', 'Trader') returning id",
      );
      const userId = rows[0]!.id;
      const session = await client.query<{ id: string }>(
        "insert into auth_sessions (user_id, expires_at) values ($1, now() + interval '1 day') returning id",
        [userId],
      );
      const token = await signAccessToken(BENCH_SECRET, { userId, sessionId: session.rows[0]!.id });
      const bare = await startBare(
        { BARE_KIND: 'me', DATABASE_URL: databaseUrl, BARE_USER_ID: userId },
        '/api/auth/me',
      );
      try {
        await compare(
          'GET /api/auth/me (PostgreSQL)',
          () => rate(`${real.baseURL}/api/auth/me`, { authorization: `Bearer ${token}` }),
          () => rate(`${bare.baseURL}/api/auth/me`),
        );
      } finally {
        await bare.stop();
      }
    } finally {
      await client.end();
      await real.stop();
    }
  });
}

async function benchStatic(): Promise<void> {
  const dist = path.join(root, 'apps/web/dist');
  const asset = readdirSync(path.join(dist, 'assets')).find(
    (f) => f.endsWith('.js') && !f.endsWith('.gz') && !f.endsWith('.br'),
  );
  if (!asset) throw new Error('no built asset: run npm run build');
  const real = await startReal({});
  try {
    const bare = await startBare({ BARE_KIND: 'static', BARE_STATIC_ROOT: dist }, `/assets/${asset}`);
    try {
      // as a browser asks: compressed
      const headers = { 'accept-encoding': 'br, gzip' };
      await compare(
        `GET /assets/${asset}`,
        () => rate(`${real.baseURL}/assets/${asset}`, headers),
        () => rate(`${bare.baseURL}/assets/${asset}`, headers),
      );
    } finally {
      await bare.stop();
    }
  } finally {
    await real.stop();
  }
}

const only = process.argv[2];
if (!only || only === 'config') await benchConfig();
if (!only || only === 'me') await benchMe();
if (!only || only === 'static') await benchStatic();
