// Content search answer time: POST /api/content/search over HTTP on loopback against the real app
// (started in this process), signed in as the library's owners, over BENCH_FILES files of
// BENCH_USERS users (bench/lib/search-library.ts): each file of a kind (invoice, bill of lading,
// certificate, price list, contract) about one or two goods, with a name, tags, a description and,
// for three in five, 1–12 KB of extracted text (the kind's phrases and the goods among filler
// words of Zipf frequencies); one file in five public. A search finds only the searcher's own files
// (a public file is opened by its link, never listed to others: docs/content.md, "Who may do
// what"), so each query runs in a library of BENCH_FILES / BENCH_USERS files among all the others.
// p50/p95/max per kind of query and overall. PostgreSQL from BENCH_DATABASE_URL, TEST_DATABASE_URL
// or DATABASE_URL (a scratch database, BENCH_SCRATCH_NAME, created on that server and dropped
// afterwards; seeded by COPY); then the same on an in-memory PGlite, for comparison.
// Run: node --import tsx bench/search.ts   (or `npm run bench -- search`)
// BENCH_FILES (10000), BENCH_USERS (50), BENCH_QUERIES (40 per kind), BENCH_PGLITE=0 leaves PGlite
// out, BENCH_SCRATCH_NAME (tp_bench_search). A million: BENCH_FILES=1000000 BENCH_USERS=10000 BENCH_PGLITE=0.
// BENCH_KEEP_DATABASE=<name>: the library is seeded into that database on the same server and kept;
// a later run with the same name and BENCH_FILES measures it again without seeding (minutes at a million).
import { loadavg } from 'node:os';
import { withBenchApp } from './lib/bench-app';
import { benchServerUrl, keptDatabase, withScratchDatabase } from './lib/servers';
import type { Connection } from '../apps/server/src/db/client';
import { createSession } from '../apps/server/src/features/auth/sessions.service';
import { FILLER, GOODS, pick, random, seedLibrary } from './lib/search-library';

const FILES = Number(process.env.BENCH_FILES ?? 10_000);
const OWNERS = Number(process.env.BENCH_USERS ?? 50);
const PER_KIND = Number(process.env.BENCH_QUERIES ?? 40);
const SEARCHERS = 10; // 60 searches a minute each: enough users to stay under the limit

const QUERIES: Record<string, () => { query: string; filters?: Record<string, string> }> = {
  'goods word': () => ({ query: pick(GOODS) }),
  'kind word': () => ({ query: pick(['invoice', 'certificate', 'contract', 'vessel', 'consignee']) }),
  'rare word': () => ({ query: FILLER[2_000 + Math.floor(random() * 2_000)]! }),
  'two words': () => ({ query: `${pick(GOODS)} ${pick(['invoice', 'contract', 'price'])}` }),
  '"phrase"': () => ({
    query: `"${pick(['bill of lading', 'letter of credit', 'port of loading', 'certificate of origin'])}"`,
  }),
  'a OR b -c': () => ({ query: `${pick(GOODS)} OR ${pick(GOODS)} -${pick(GOODS)}` }),
  'word + filters': () => ({ query: pick(GOODS), filters: { type: 'document', dateRange: 'month' } }),
};

/** The owners of a library an earlier run seeded and kept (BENCH_KEEP_DATABASE) with BENCH_FILES files; none otherwise. */
async function ownersOfKeptLibrary(database: Connection): Promise<string[] | undefined> {
  if (!process.env.BENCH_KEEP_DATABASE) return undefined;
  const {
    rows: [files],
  } = await database.query<{ count: number }>('select count(*)::int as count from content_files');
  if (files?.count !== FILES) return undefined;
  const { rows: owners } = await database.query<{ id: string }>(
    `select id from users where email like 'owner-%@bench.test' order by email limit ${SEARCHERS}`,
  );
  return owners.map((owner) => owner.id);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;

async function measure(label: string, databaseUrl?: string): Promise<void> {
  await withBenchApp('search', databaseUrl, {}, async (app, database) => {
    const seeded = performance.now();
    const keptOwners = await ownersOfKeptLibrary(database);
    const library = keptOwners
      ? { ownerIds: keptOwners, steps: {} }
      : await seedLibrary(database, databaseUrl, { files: FILES, owners: OWNERS });
    const seedSeconds = (performance.now() - seeded) / 1000;
    const searcherIds = library.ownerIds.slice(0, SEARCHERS);
    const tokens = await Promise.all(
      searcherIds.map(
        async (id) =>
          (await createSession(app.deps, database.db, id, false, { ipAddress: '127.0.0.1', userAgent: 'bench' })).token,
      ),
    );
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    let turn = 0;
    const search = async (body: object): Promise<{ ms: number; results: number }> => {
      const token = tokens[turn++ % tokens.length];
      const started = performance.now();
      const res = await fetch(`${address}/api/content/search`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const results = (await res.json()) as unknown[];
      if (res.status !== 200) throw new Error(`search ${res.status}: ${JSON.stringify(results)}`);
      return { ms: performance.now() - started, results: results.length };
    };
    const clearSearchCounts = () => database.query("delete from rate_limits where key like 'content-search:%'");
    await clearSearchCounts(); // a kept library keeps the counts of a run a minute ago
    for (const make of Object.values(QUERIES)) await search(make()); // warm-up: plans, caches, JIT

    console.log(
      `search (${label}): ${FILES} files of ${OWNERS} users (seeded in ${seedSeconds.toFixed(1)} s), ` +
        `${keptOwners ? '(kept from an earlier run) ' : ''}` +
        `${PER_KIND} queries of each kind, one at a time over loopback HTTP; load ${loadavg()
          .map((load) => load.toFixed(2))
          .join(' ')}`,
    );
    const steps = Object.entries(library.steps).map(([step, seconds]) => `${step} ${seconds.toFixed(1)} s`);
    if (steps.length) console.log(`  seeding: ${steps.join(', ')}`);
    const all: number[] = [];
    for (const [kind, make] of Object.entries(QUERIES)) {
      const times: number[] = [];
      let results = 0;
      for (let i = 0; i < PER_KIND; i += 1) {
        if (turn % (tokens.length * 55) === 0) await clearSearchCounts();
        const answer = await search(make());
        times.push(answer.ms);
        results += answer.results;
      }
      times.sort((a, b) => a - b);
      all.push(...times);
      console.log(
        `  ${kind.padEnd(16)} p50 ${percentile(times, 0.5).toFixed(1).padStart(6)} ms  p95 ${percentile(times, 0.95)
          .toFixed(1)
          .padStart(
            6,
          )} ms  max ${times.at(-1)!.toFixed(1).padStart(6)} ms  (${(results / PER_KIND).toFixed(1)} results)`,
      );
    }
    all.sort((a, b) => a - b);
    console.log(
      `  ${'all'.padEnd(16)} p50 ${percentile(all, 0.5).toFixed(1).padStart(6)} ms  p95 ${percentile(all, 0.95)
        .toFixed(1)
        .padStart(6)} ms  (target p95 < 50 ms on PostgreSQL)`,
    );
  });
}

const serverUrl = benchServerUrl();
const scratchName = process.env.BENCH_SCRATCH_NAME ?? 'tp_bench_search';
const keptName = process.env.BENCH_KEEP_DATABASE;
if (serverUrl && keptName) await measure('PostgreSQL', await keptDatabase(serverUrl, keptName));
else if (serverUrl) await withScratchDatabase(serverUrl, scratchName, (url) => measure('PostgreSQL', url));
else console.log('search (PostgreSQL): skipped — set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to postgres://...');
if (process.env.BENCH_PGLITE !== '0') await measure('PGlite in memory');
process.exit(0);
