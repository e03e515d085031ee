// What the framework layer costs every feature: ratios of the real server against a bare Fastify
// doing the same work, measured in one run on one machine with autocannon, in alternating rounds,
// median of three. Needs `npm run build` (the real server is the production bundle) and PostgreSQL
// for the signed-in read (BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL; a scratch database
// is created and dropped).
// Run: node --import tsx bench/framework.ts [config|me|static]   (or `npm run bench -- framework`)
// BENCH_SECONDS (default 5) per round, BENCH_ROUNDS (default 3) per side, BENCH_CONNECTIONS (default 20), BENCH_WARMUP_SECONDS (default 20) of
// unmeasured load on each server and path first.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import autocannon from 'autocannon';
import pg from 'pg';
import { signAccessToken } from '../apps/server/src/plugins/auth/access-token';
import { startServerProcess, type ServerProcess } from '../apps/server/src/test/server-process';
import { BENCH_SECRET, benchServerUrl, cpuSecondsOf, root, startBuiltServer, withScratchDatabase } from './lib/servers';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/**
 * A server's first load on a path, unmeasured, on both sides: what a fresh process does once
 * (JIT, lazy set-up, the embedded database's first checkpoints) stays out of the rounds.
 */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

// Both sides log what they would in production (the real server its request log at info), to
// /dev/null: read by this process, the lines would cost the measuring side. Their errors show here.
// A fresh embedded database takes long on a loaded machine.
const startReal = (env: Record<string, string>) =>
  startBuiltServer({ LOG_LEVEL: 'info', ...env }, { output: 'stderr-only', startTimeoutMs: 180_000 }).then(tracked);
const startBare = (env: Record<string, string>, readyPath: string) =>
  startServerProcess(env, {
    entry: { script: 'bench/servers/bare.ts' },
    nodeEnv: 'production',
    readyPath,
    output: 'stderr-only',
    startTimeoutMs: 180_000,
  }).then(tracked);

/** The servers started and not yet stopped: each round pauses all but the one it measures. */
const servers = new Set<ServerProcess>();
function tracked(server: ServerProcess): ServerProcess {
  servers.add(server);
  const stop = server.stop.bind(server);
  server.stop = (signal) => (servers.delete(server), stop(signal));
  return server;
}

// a paused server cannot see its parent go (exit-with-parent.mjs): resumed before this process ends
// on a signal it can catch; after a SIGKILL of this process, `pkill -CONT -f exit-with-parent` does it
const paused = new Set<number>();
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
  ['SIGHUP', 129],
] as const) {
  process.once(signal, () => {
    resumePaused();
    process.exit(code);
  });
}

function resumePaused(): void {
  for (const pid of paused) {
    try {
      process.kill(pid, 'SIGCONT');
    } catch {
      // it has died meanwhile: nothing to resume
    }
    paused.delete(pid);
  }
}

/** How long a resumed server gets for the timers that fell due while it was paused. */
const RESUME_SETTLE_MS = 1_000;

/**
 * Runs `round` with every other server paused (SIGSTOP), then resumes them: on two cores, the
 * idle ones' timers (an embedded database's job polls, a log flush) otherwise land in another's round.
 */
async function alone<T>(server: ServerProcess, round: () => Promise<T>): Promise<T> {
  const others = [...servers].filter((other) => other !== server);
  try {
    for (const other of others) {
      paused.add(other.pid);
      process.kill(other.pid, 'SIGSTOP');
    }
    await delay(RESUME_SETTLE_MS);
    return await round();
  } finally {
    resumePaused();
  }
}

interface Round {
  perSecond: number;
  /** The server process's CPU (user + system, all threads) per answer, in µs. */
  cpuPerAnswer: number;
}

/** One round against one server: answers per second, and what each cost the server's CPU (from /proc). */
function rate(server: ServerProcess, urlPath: string, headers: Record<string, string> = {}): Promise<Round> {
  return alone(server, async () => {
    const serverPath = `${server.pid} ${urlPath}`;
    if (!warmed.has(serverPath)) {
      await autocannon({ url: server.baseURL + urlPath, connections: CONNECTIONS, duration: WARMUP_SECONDS, headers });
      warmed.add(serverPath);
    }
    return measure(server, urlPath, headers);
  });
}
const warmed = new Set<string>();

async function measure(server: ServerProcess, urlPath: string, headers: Record<string, string>): Promise<Round> {
  const cpuBefore = cpuSecondsOf(server.pid);
  const result = await autocannon({
    url: server.baseURL + urlPath,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers,
  });
  const cpu = cpuSecondsOf(server.pid) - cpuBefore;
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${urlPath}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return { perSecond: result.requests.average, cpuPerAnswer: (cpu * 1e6) / result.requests.total };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Alternating rounds (real, bare, real, bare, …), then the median of each side and their ratio:
 * answers per second (the target's figure), and the server's CPU per answer (bare's over ours) —
 * the load generator shares this machine, so a longer answer also costs the client's parsing.
 */
async function compare(label: string, real: () => Promise<Round>, bare: () => Promise<Round>): Promise<void> {
  await real(); // warm both (JIT, connection pools, file cache)
  await bare();
  const ours: Round[] = [];
  const baseline: Round[] = [];
  for (let i = 0; i < ROUNDS; i += 1) {
    ours.push(await real());
    baseline.push(await bare());
  }
  const [a, b] = [median(ours.map((r) => r.perSecond)), median(baseline.map((r) => r.perSecond))];
  const [cpuA, cpuB] = [median(ours.map((r) => r.cpuPerAnswer)), median(baseline.map((r) => r.cpuPerAnswer))];
  console.log(
    `${label}: ${Math.round(a)} req/s vs bare ${Math.round(b)} req/s → ratio ${(a / b).toFixed(2)}` +
      `  (rounds: ${ours.map((r) => Math.round(r.perSecond)).join(', ')} | ${baseline.map((r) => Math.round(r.perSecond)).join(', ')})` +
      `; server CPU per answer ${cpuA.toFixed(1)} vs ${cpuB.toFixed(1)} µs → ratio ${(cpuB / cpuA).toFixed(2)}`,
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
    const sameBytes = await startBare(
      { BARE_KIND: 'config', BARE_BODY_FILE: bodyFile, BARE_FEATURES: 'headers', BARE_HEADERS_FILE: headersFile },
      '/api/config',
    );
    try {
      // the framework-overhead target's comparison: a bare Fastify answering the same bytes (body and headers)
      await compare(
        'GET /api/config against a bare Fastify answering the same bytes',
        () => rate(real, '/api/config'),
        () => rate(sameBytes, '/api/config'),
      );
      await compare(
        'GET /api/config against a bare Fastify answering the body alone',
        () => rate(real, '/api/config'),
        () => rate(bare, '/api/config'),
      );
      // the same server on PostgreSQL, as deployed: the embedded database's background work
      // (pg-boss's polls, its maintenance) runs in the server's own thread on PGlite
      const base = benchServerUrl();
      if (base) {
        await withScratchDatabase(base, 'tp_bench_cfg', async (databaseUrl) => {
          const onPostgres = await startReal({ DATABASE_URL: databaseUrl });
          try {
            await compare(
              'GET /api/config, the server on PostgreSQL, against a bare Fastify answering the same bytes',
              () => rate(onPostgres, '/api/config'),
              () => rate(sameBytes, '/api/config'),
            );
            await compare(
              'GET /api/config, the server on PostgreSQL, against a bare Fastify answering the body alone',
              () => rate(onPostgres, '/api/config'),
              () => rate(bare, '/api/config'),
            );
          } finally {
            await onPostgres.stop();
          }
        });
      }
      // not the target: what the answer's own header bytes cost by themselves — a bare Fastify sending
      // the same headers, set in its handler (no hook, no log), against the bare one
      await compare(
        'GET /api/config, bare Fastify with the same answer headers against bare Fastify',
        () => rate(sameBytes, '/api/config'),
        () => rate(bare, '/api/config'),
      );
      // not the target: the same server writing a line for every request (LOG_EVERY_REQUEST, decision
      // 0032), which is what that costs; started last and alone, as an idle embedded database is load too
      await real.stop();
      const everyLine = await startReal({ LOG_EVERY_REQUEST: 'true' });
      try {
        await compare(
          'GET /api/config, the server with LOG_EVERY_REQUEST=true (a line per request), against a bare Fastify answering the same bytes',
          () => rate(everyLine, '/api/config'),
          () => rate(sameBytes, '/api/config'),
        );
        // and against Fastify's own price for a request line and answer headers
        await compare(
          'GET /api/config, the server with LOG_EVERY_REQUEST=true, against a bare Fastify with the same log line and headers',
          () => rate(everyLine, '/api/config'),
          () => rate(featured, '/api/config'),
        );
      } finally {
        await everyLine.stop();
      }
    } finally {
      await Promise.all([bare.stop(), featured.stop(), sameBytes.stop()]);
      rmSync(folder, { recursive: true, force: true });
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
          () => rate(real, '/api/auth/me', { authorization: `Bearer ${token}` }),
          () => rate(bare, '/api/auth/me'),
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
        () => rate(real, `/assets/${asset}`, headers),
        () => rate(bare, `/assets/${asset}`, headers),
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
