// CPU per call of the content search and of an order, the built server's process and PostgreSQL's
// backends, for two builds in one run: BENCH_BASE_DIST (e.g. a copy of main's apps/server/dist
// inside apps/server, so that it finds its packages) against apps/server/dist. Each build serves
// from one process on a scratch database of its own, seeded as bench/capacity.ts seeds its people
// (BENCH_PEOPLE, 1000) and vacuumed; then every person searches once (one of the seed's words), or
// places one order (AAPL, bought and sold in turn, with an Idempotency-Key), the two builds
// alternated, a warm-up round and BENCH_ROUNDS (4) measured, BENCH_CONCURRENCY (8) calls at a time.
// BENCH_KINDS (search,order). BENCH_OLD_INDEX=1 turns the base database's search index back to
// keeping a pending list (before migration 0015). Decision 0054 has the figures.
// Run: npm run build -w apps/server && BENCH_BASE_DIST=apps/server/dist-base BENCH_DATABASE_URL=… node --import tsx bench/call-cpu.ts
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { loadavg } from 'node:os';
import { IDEMPOTENCY_KEY_HEADER } from '@tp/shared';
import { openDatabase, runMigrations } from '../apps/server/src/db/client';
import { SEARCH_WORDS, seedPeople, tokensFor } from './lib/capacity-seed';
import {
  benchServerUrl,
  cpuSecondsOf,
  PostgresCpuMeter,
  startBuiltServer,
  withScratchDatabase,
  type ServerProcess,
} from './lib/servers';

const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const KINDS = (process.env.BENCH_KINDS ?? 'search,order').split(',');
const OLD_INDEX = process.env.BENCH_OLD_INDEX === '1';
const BASE_DIST = process.env.BENCH_BASE_DIST;

interface Build {
  name: string;
  server: ServerProcess;
  url: string;
  tokens: string[];
  sells: boolean[];
}

/** A migrated, seeded and vacuumed database: its people's access tokens. */
async function prepare(url: string, oldIndex: boolean): Promise<string[]> {
  const database = await openDatabase({ databaseUrl: url });
  try {
    await runMigrations(database);
    if (oldIndex) await database.exec('alter index content_files_owner_search_idx set (fastupdate = on)');
    const people = await seedPeople(url, 'run', 0, PEOPLE);
    // settled as a running database is: no autovacuum of the seed during the rounds
    await database.exec('vacuum analyze');
    return tokensFor(people);
  } finally {
    await database.close();
  }
}

function call(agent: http.Agent, baseURL: string, token: string, path: string, body: string, headers = {}) {
  const { hostname, port } = new URL(baseURL);
  return new Promise<number>((resolve, reject) => {
    const request = http.request(
      {
        agent,
        host: hostname,
        port,
        method: 'POST',
        path,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** Every person calls once; how many calls failed. */
async function callEach(build: Build, kind: string): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  let next = 0;
  let failed = 0;
  const worker = async () => {
    for (let i = next++; i < PEOPLE; i = next++) {
      let status: number;
      if (kind === 'search') {
        const query = SEARCH_WORDS[i % SEARCH_WORDS.length];
        status = await call(
          agent,
          build.server.baseURL,
          build.tokens[i]!,
          '/api/content/search',
          JSON.stringify({ query }),
        );
      } else {
        const body = JSON.stringify({ symbol: 'AAPL', side: build.sells[i] ? 'sell' : 'buy', quantity: 1 });
        build.sells[i] = !build.sells[i];
        status = await call(agent, build.server.baseURL, build.tokens[i]!, '/api/trades', body, {
          [IDEMPOTENCY_KEY_HEADER]: randomUUID(),
        });
      }
      if (status >= 300) failed += 1;
    }
  };
  try {
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  } finally {
    agent.destroy();
  }
  return failed;
}

/** Per kind and build: server and PostgreSQL CPU ms per call, one entry a round. */
async function measure(builds: Build[]): Promise<Map<string, { server: number[]; database: number[] }>> {
  const results = new Map<string, { server: number[]; database: number[] }>();
  for (let round = 0; round <= ROUNDS; round += 1) {
    for (const kind of KINDS) {
      for (const build of round % 2 ? builds : [...builds].reverse()) {
        const meter = new PostgresCpuMeter(build.url, 500);
        await meter.start();
        const before = cpuSecondsOf(build.server.pid);
        const failed = await callEach(build, kind);
        const server = ((cpuSecondsOf(build.server.pid) - before) * 1_000) / PEOPLE;
        const database = ((await meter.stop()).backends * 1_000) / PEOPLE;
        if (round === 0) continue; // warm-up
        const key = `${kind} ${build.name}`;
        const result = results.get(key) ?? { server: [], database: [] };
        result.server.push(server);
        result.database.push(database);
        results.set(key, result);
        console.log(
          `round ${round} ${key}: server ${server.toFixed(3)} ms, PostgreSQL ${database.toFixed(3)} ms a call` +
            `${failed ? `, ${failed} failed` : ''} (load ${loadavg()[0]!.toFixed(1)})`,
        );
      }
    }
  }
  return results;
}

async function run(baseUrl: string, newUrl: string): Promise<void> {
  const builds: Build[] = [];
  try {
    for (const [name, dist, url] of [
      ['base', BASE_DIST!, baseUrl],
      ['new', 'apps/server/dist', newUrl],
    ] as const) {
      const tokens = await prepare(url, OLD_INDEX && name === 'base');
      process.env.BENCH_SERVER_DIST = dist;
      const server = await startBuiltServer({ DATABASE_URL: url, SERVER_PROCESSES: '1' }, { output: 'stderr-only' });
      builds.push({ name, server, url, tokens, sells: tokens.map(() => false) });
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    for (const [key, result] of await measure(builds)) {
      console.log(
        `${key}: median server ${median(result.server).toFixed(3)} ms, PostgreSQL ${median(result.database).toFixed(3)} ms a call`,
      );
    }
  } finally {
    for (const build of builds) await build.server.stop();
  }
}

const serverUrl = benchServerUrl();
if (!serverUrl || !BASE_DIST) console.log('call-cpu: skipped — set BENCH_DATABASE_URL and BENCH_BASE_DIST');
else
  await withScratchDatabase(serverUrl, 'tp_bench_calls_base', (baseUrl) =>
    withScratchDatabase(serverUrl, 'tp_bench_calls_new', (newUrl) => run(baseUrl, newUrl)),
  );
process.exit(0);
