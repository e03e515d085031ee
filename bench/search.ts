// Content search answer time: POST /api/content/search over HTTP on loopback against the real app
// (started in this process) with 10,000 files of 50 users in the database: each of a kind
// (invoice, bill of lading, certificate, price list, contract) about one or two goods, with a
// name, tags, a description and 1–12 KB of "extracted text" (the kind's phrases and the goods
// among filler words of Zipf frequencies); one file in five public. Several kinds of query, each from users who see their own 200 files
// and the ~2,000 public ones; p50/p95/max per kind and overall. PostgreSQL from
// BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL (a scratch database created on that
// server and dropped afterwards); then the same on an in-memory PGlite, for comparison.
// Run: node --import tsx bench/search.ts   (or `npm run bench -- search`)
// BENCH_FILES (default 10000), BENCH_QUERIES (default 40 per kind), BENCH_PGLITE=0 leaves PGlite out.
import { randomUUID } from 'node:crypto';
import { withBenchApp } from './lib/bench-app';
import { benchServerUrl, withScratchDatabase } from './lib/servers';
import type { Connection } from '../apps/server/src/db/client';
import { users } from '../apps/server/src/db/schema';
import { createSession } from '../apps/server/src/features/auth/sessions.service';
import { contentFiles, rankVectorOf, searchVectorOf } from '../apps/server/src/features/content/content.tables';
import { initialStates } from '../apps/server/src/features/content/content.jobs';

const FILES = Number(process.env.BENCH_FILES ?? 10_000);
const PER_KIND = Number(process.env.BENCH_QUERIES ?? 40);
const OWNERS = 50;
const SEARCHERS = 10; // 60 searches a minute each: enough users to stay under the limit

// deterministic pseudo-random numbers, so every run searches the same library
let seed = 42;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;

/** Filler: 4,000 made-up words drawn with Zipf frequencies (the k-th in proportion to 1/k). */
const SYLLABLES = ['ka', 'lo', 'mi', 'ren', 'to', 'sa', 'vu', 'ne', 'ar', 'ti', 'po', 'el', 'qu', 'di', 'an', 'or'];
const FILLER = Array.from({ length: 4_000 }, (_, i) => {
  let word = '';
  for (let n = i + 7; word.length < 6 || n > 0; n = Math.floor(n / 16)) word += SYLLABLES[n % 16];
  return word;
});
const cumulative: number[] = [];
FILLER.reduce((sum, _, k) => {
  cumulative.push(sum + 1 / (k + 1));
  return sum + 1 / (k + 1);
}, 0);
function filler(): string {
  const target = random() * cumulative.at(-1)!;
  let low = 0;
  let high = cumulative.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (cumulative[middle]! < target) low = middle + 1;
    else high = middle;
  }
  return FILLER[low]!;
}
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;

/**
 * An exporter's library is topical: each kind of document carries its own phrases and one or two
 * goods, among filler text. (Trade words in every file would make every search a worst case.)
 */
const GOODS = ['coffee', 'cocoa', 'pepper', 'saffron', 'vanilla', 'cashew', 'cotton', 'rubber', 'tea', 'cinnamon'];
const KINDS = {
  invoice: ['commercial invoice', 'invoice number', 'payment terms', 'unit price', 'total amount', 'bank details'],
  lading: ['bill of lading', 'port of loading', 'port of discharge', 'vessel', 'container number', 'consignee'],
  certificate: ['certificate of origin', 'chamber of commerce', 'country of origin', 'exporter', 'declaration'],
  prices: ['price list', 'minimum order', 'per tonne', 'valid until', 'incoterms', 'packing'],
  contract: ['sales contract', 'letter of credit', 'force majeure', 'arbitration', 'incoterms', 'delivery terms'],
} as const;
type Kind = keyof typeof KINDS;

function documentText(kind: Kind, goods: string[], words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i += 1) {
    const roll = random();
    if (roll < 0.03) out.push(pick(KINDS[kind]));
    else if (roll < 0.05) out.push(pick(goods));
    else out.push(filler());
  }
  return out.join(' ');
}

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

async function seedLibrary(database: Connection): Promise<string[]> {
  const owners = await database.db
    .insert(users)
    .values(Array.from({ length: OWNERS }, (_, i) => ({ email: `owner-${i}-${randomUUID().slice(0, 6)}@bench.test` })))
    .returning({ id: users.id });
  const categories = ['document', 'document', 'document', 'image', 'other'] as const;
  const mimes = { document: 'application/pdf', image: 'image/png', other: 'application/zip' };
  for (let start = 0; start < FILES; start += 250) {
    const batch = Array.from({ length: Math.min(250, FILES - start) }, (_, j) => {
      const i = start + j;
      const category = pick(categories);
      const kind = pick(Object.keys(KINDS) as Kind[]);
      const goods = [pick(GOODS), pick(GOODS)];
      const name = `${kind}-${goods[0]}-${filler()}-${i}.${category === 'image' ? 'jpg' : 'pdf'}`;
      const description = random() < 0.6 ? `${pick(KINDS[kind])} ${goods.join(' ')} ${filler()} ${filler()}` : '';
      const tags = random() < 0.5 ? [kind, goods[0]!] : [];
      // 150–1,800 words (about 1–12 KB) of text from the documents
      const extractedText =
        category === 'document' ? documentText(kind, goods, 150 + Math.floor(random() * 1_650)) : null;
      return {
        ownerUserId: owners[i % OWNERS]!.id,
        storageKey: `bench/${randomUUID()}`,
        name,
        size: 10_000 + Math.floor(random() * 5_000_000),
        mime: mimes[category],
        category,
        description,
        tags: [...new Set(tags)],
        isPublic: random() < 0.2,
        extractedText,
        ...initialStates(mimes[category]),
        textState: extractedText ? ('done' as const) : ('skipped' as const),
        searchVector: searchVectorOf({ name, description, tags, extractedText }),
        rankVector: rankVectorOf({ name, description, tags }),
        createdAt: new Date(Date.now() - Math.floor(random() * 90) * 86_400_000),
      };
    });
    await database.db.insert(contentFiles).values(batch);
  }
  await database.query('analyze content_files');
  return owners.slice(0, SEARCHERS).map((owner) => owner.id);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;

async function measure(label: string, databaseUrl?: string): Promise<void> {
  await withBenchApp('search', databaseUrl, {}, async (app, database) => {
    const seeded = performance.now();
    const searcherIds = await seedLibrary(database);
    const seedSeconds = (performance.now() - seeded) / 1000;
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
    for (const make of Object.values(QUERIES)) await search(make()); // warm-up: plans, caches, JIT

    console.log(
      `search (${label}): ${FILES} files of ${OWNERS} users (seeded in ${seedSeconds.toFixed(1)} s), ` +
        `${PER_KIND} queries of each kind, one at a time over loopback HTTP`,
    );
    const all: number[] = [];
    for (const [kind, make] of Object.entries(QUERIES)) {
      const times: number[] = [];
      let results = 0;
      for (let i = 0; i < PER_KIND; i += 1) {
        if (turn % (tokens.length * 55) === 0)
          await database.query("delete from rate_limits where key like 'content-search:%'");
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
if (serverUrl) await withScratchDatabase(serverUrl, 'tp_bench_search', (url) => measure('PostgreSQL', url));
else console.log('search (PostgreSQL): skipped — set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to postgres://...');
if (process.env.BENCH_PGLITE !== '0') await measure('PGlite in memory');
process.exit(0);
