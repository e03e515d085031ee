// The content library that bench/search.ts searches: made-up but topical documents of exporters,
// written as the upload path and the text job write them (file rows, their search vectors,
// owners' totals), in a few set-based statements: on PostgreSQL the rows arrive by COPY FROM
// STDIN (pg-copy-streams), on PGlite by arrays unnested in batches.
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { PgDialect } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { Connection } from '../../apps/server/src/db/client';
import { initialStates } from '../../apps/server/src/features/content/content.jobs';
import { rankVectorOf, textVectorOf } from '../../apps/server/src/features/content/content.tables';

// deterministic pseudo-random numbers (mulberry32), so every run searches the same library; in
// 32-bit integer arithmetic: a multiplying generator in doubles loses its low bits past 2^53, and
// fell into short cycles that never drew the rarer words
let seed = 42;
export function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
}
export const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;

/** Filler: 4,000 made-up words drawn with Zipf frequencies (the k-th in proportion to 1/k). */
const SYLLABLES = ['ka', 'lo', 'mi', 'ren', 'to', 'sa', 'vu', 'ne', 'ar', 'ti', 'po', 'el', 'qu', 'di', 'an', 'or'];
export const FILLER = Array.from({ length: 4_000 }, (_, i) => {
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

/**
 * An exporter's library is topical: each kind of document carries its own phrases and one or two
 * goods, among filler text. (Trade words in every file would make every search a worst case.)
 */
export const GOODS = [
  'coffee',
  'cocoa',
  'pepper',
  'saffron',
  'vanilla',
  'cashew',
  'cotton',
  'rubber',
  'tea',
  'cinnamon',
];
const KINDS = {
  invoice: ['commercial invoice', 'invoice number', 'payment terms', 'unit price', 'total amount', 'bank details'],
  lading: ['bill of lading', 'port of loading', 'port of discharge', 'vessel', 'container number', 'consignee'],
  certificate: ['certificate of origin', 'chamber of commerce', 'country of origin', 'exporter', 'declaration'],
  prices: ['price list', 'minimum order', 'per tonne', 'valid until', 'incoterms', 'packing'],
  contract: ['sales contract', 'letter of credit', 'force majeure', 'arbitration', 'incoterms', 'delivery terms'],
} as const;
type Kind = keyof typeof KINDS;
const KIND_NAMES = Object.keys(KINDS) as Kind[];

/** 150–1,800 words (about 1–12 KB) of a document's text. */
function documentText(kind: Kind, goods: string[]): string {
  const words = 150 + Math.floor(random() * 1_650);
  const out: string[] = [];
  for (let i = 0; i < words; i += 1) {
    const roll = random();
    if (roll < 0.03) out.push(pick(KINDS[kind]));
    else if (roll < 0.05) out.push(pick(goods));
    else out.push(filler());
  }
  return out.join(' ');
}

/**
 * Distinct document texts at most. Up to this many documents each has a text of its own; beyond,
 * documents share these texts, as an exporter's invoices repeat one template (the text's search
 * vector is then computed once per text, not per file: 1,000,000 files' 4 GB of text would take
 * PostgreSQL's parser half an hour on two cores). Names, tags, descriptions stay each file's own.
 */
const DISTINCT_TEXTS = 20_000;
/** document, document, document, image, other: three in five files have text. */
const CATEGORIES = ['document', 'document', 'document', 'image', 'other'] as const;
const MIMES = { document: 'application/pdf', image: 'image/png', other: 'application/zip' };
const DAY_MS = 86_400_000;

interface Body {
  kind: Kind;
  goods: string[];
}

export interface LibraryPlan {
  files: number;
  owners: number;
}

/** Values of one row in COPY's text format: tab-separated, \N for null, escaped. */
const copyLine = (values: Array<string | number | boolean | null>) =>
  values
    .map((value) =>
      value === null
        ? '\\N'
        : String(value).replace(/[\\\t\n\r]/g, (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c]!),
    )
    .join('\t') + '\n';

type Row = Array<string | number | boolean | null>;
/** A table's columns with their types (the PGlite writer casts its arrays by them). */
type Columns = Array<[name: string, type: string]>;

/** Writes rows into a table: COPY FROM STDIN on PostgreSQL, unnested arrays on PGlite. */
type RowWriter = (table: string, columns: Columns, rows: Iterable<Row>) => Promise<void>;

function copyWriter(client: pg.Client): RowWriter {
  return async (table, columns, rows) => {
    function* chunks() {
      let chunk = '';
      for (const row of rows) {
        chunk += copyLine(row);
        if (chunk.length > 1 << 20) {
          yield chunk;
          chunk = '';
        }
      }
      if (chunk) yield chunk;
    }
    const names = columns.map(([name]) => name).join(', ');
    await pipeline(Readable.from(chunks()), client.query(copyFrom(`copy ${table} (${names}) from stdin`)));
  };
}

function unnestWriter(database: Connection): RowWriter {
  return async (table, columns, rows) => {
    const names = columns.map(([name]) => name).join(', ');
    const arrays = columns.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ');
    const flush = (batch: Row[]) =>
      database.query(
        `insert into ${table} (${names}) select * from unnest(${arrays})`,
        columns.map((_, i) => batch.map((row) => row[i])),
      );
    let batch: Row[] = [];
    for (const row of rows) {
      batch.push(row);
      if (batch.length === 1_000) {
        await flush(batch);
        batch = [];
      }
    }
    if (batch.length) await flush(batch);
  };
}

const dialect = new PgDialect();
/** The statement's text of a Drizzle SQL fragment without parameters. */
const inline = (fragment: ReturnType<typeof sql>) => dialect.sqlToQuery(fragment).sql;

/** How long each step of the seeding took, in seconds. */
export type SeedSteps = Record<string, number>;

/**
 * Fills the database with `plan.files` files of `plan.owners` new users (their ids returned, in
 * the order files were dealt to them). `databaseUrl` set: PostgreSQL through COPY; else the
 * app's PGlite.
 */
export async function seedLibrary(database: Connection, databaseUrl: string | undefined, plan: LibraryPlan) {
  const client = databaseUrl ? new pg.Client({ connectionString: databaseUrl }) : undefined;
  await client?.connect();
  const run = async (statement: string) => {
    if (client) await client.query(statement);
    else await database.exec(statement);
  };
  const write = client ? copyWriter(client) : unnestWriter(database);
  const steps: SeedSteps = {};
  const step = async (label: string, work: () => Promise<void>) => {
    const started = performance.now();
    await work();
    steps[label] = (performance.now() - started) / 1000;
  };
  try {
    if (client) {
      // a bulk load's settings, for this session only: a large sort for the index builds, the
      // faster of PostgreSQL's compressions for the kilobytes of text
      await run(`set maintenance_work_mem = '1GB'; set default_toast_compression = 'lz4'`);
    }
    const ownerIds = Array.from({ length: plan.owners }, () => randomUUID());
    const documents = Math.round((plan.files * 3) / 5);
    const bodies: Body[] = Array.from({ length: Math.max(1, Math.min(documents, DISTINCT_TEXTS)) }, () => ({
      kind: pick(KIND_NAMES),
      goods: [pick(GOODS), pick(GOODS)],
    }));
    await step('staged', async () => {
      await write(
        'users',
        USER_COLUMNS,
        ownerIds.map((id, i) => [id, `owner-${i}-${id.slice(0, 6)}@bench.test`]),
      );
      await run(`create unlogged table bench_texts (id int primary key, body text not null);
        create unlogged table bench_files (${FILE_COLUMNS.map(([name, type]) => `${name} ${type}`).join(', ')})`);
      const texts = (function* () {
        for (const [id, body] of bodies.entries()) yield [id, documentText(body.kind, body.goods)];
      })();
      await write('bench_texts', TEXT_COLUMNS, texts);
      await write('bench_files', FILE_COLUMNS, fileRows(plan, ownerIds, bodies));
    });
    for (const [label, statement] of promotion()) await step(label, () => run(statement));
    return { ownerIds, steps };
  } finally {
    await client?.end();
  }
}

const USER_COLUMNS: Columns = [
  ['id', 'uuid'],
  ['email', 'text'],
];
const TEXT_COLUMNS: Columns = [
  ['id', 'int'],
  ['body', 'text'],
];
const FILE_COLUMNS: Columns = [
  ['id', 'uuid'],
  ['owner_user_id', 'uuid'],
  ['storage_key', 'text'],
  ['name', 'text'],
  ['size', 'bigint'],
  ['mime', 'text'],
  ['category', 'text'],
  ['description', 'text'],
  ['tags', 'text'],
  ['is_public', 'boolean'],
  ['text_id', 'int'],
  ['text_state', 'text'],
  ['thumbnail_state', 'text'],
  ['created_at', 'timestamptz'],
];

/** Each file: an owner in turn, a kind, one or two goods, public one time in five, within 90 days. */
function* fileRows(plan: LibraryPlan, ownerIds: string[], bodies: Body[]): Generator<Row> {
  const now = Date.now();
  for (let i = 0; i < plan.files; i += 1) {
    const category = pick(CATEGORIES);
    const textId = category === 'document' ? Math.floor(random() * bodies.length) : null;
    const { kind, goods } = textId === null ? { kind: pick(KIND_NAMES), goods: [pick(GOODS)] } : bodies[textId]!;
    const name = `${kind}-${goods[0]}-${filler()}-${i}.${category === 'image' ? 'jpg' : 'pdf'}`;
    const description = random() < 0.6 ? `${pick(KINDS[kind])} ${goods.join(' ')} ${filler()} ${filler()}` : '';
    const tags = random() < 0.5 ? [...new Set([kind, goods[0]!])] : [];
    const states = initialStates(MIMES[category]);
    yield [
      randomUUID(),
      ownerIds[i % ownerIds.length]!,
      `bench/${randomUUID()}`,
      name,
      10_000 + Math.floor(random() * 5_000_000),
      MIMES[category],
      category,
      description,
      tags.join(' '),
      random() < 0.2,
      textId,
      textId === null ? 'skipped' : 'done',
      states.thumbnailState,
      new Date(now - Math.floor(random() * 90) * DAY_MS).toISOString(),
    ];
  }
}

/**
 * From the staged rows to the app's tables, in set-based statements: each text's vector once
 * (`textVectorOf`), each file's rank vector and matching vector as the upload and the text job
 * make them (`rankVectorOf` || `textVectorOf`, which is `searchVectorOf`), the owners' totals.
 * The table's secondary indexes are dropped for the load and built again from their own
 * definitions afterwards, as a restore does.
 */
function promotion(): Array<[label: string, statement: string]> {
  const rank = inline(
    rankVectorOf({ name: sql.raw('x.name'), description: sql.raw('x.description'), tags: sql.raw('x.tag_list') }),
  );
  return [
    [
      'text vectors',
      `create unlogged table bench_text_vectors as
        select id, ${inline(textVectorOf(sql.raw('body')))} as vector from bench_texts`,
    ],
    [
      'file rows',
      `create temp table bench_indexes as
        select indexname, indexdef from pg_indexes i
        where tablename = 'content_files'
          and not exists (select 1 from pg_constraint c where c.conname = i.indexname);
      do $$ declare r record; begin
        for r in select indexname from bench_indexes loop execute format('drop index %I', r.indexname); end loop;
      end $$;
      insert into content_files (id, owner_user_id, storage_key, name, size, mime, category, description, tags,
        is_public, extracted_text, text_state, thumbnail_state, search_vector, rank_vector, created_at, updated_at)
      select id, owner_user_id, storage_key, name, size, mime, category, description, tag_list, is_public, body,
        text_state, thumbnail_state, rank_vector || coalesce(vector, ${inline(textVectorOf(sql.raw('null')))}),
        rank_vector, created_at, created_at
      from (
        select x.*, ${rank} as rank_vector
        from (
          select s.*, string_to_array(s.tags, ' ') as tag_list, t.body, v.vector
          from bench_files s left join bench_texts t on t.id = s.text_id
            left join bench_text_vectors v on v.id = s.text_id
        ) x
      ) f`,
    ],
    [
      'indexes',
      `do $$ declare r record; begin
        for r in select indexdef from bench_indexes loop execute r.indexdef; end loop;
      end $$`,
    ],
    [
      'owners, statistics',
      `insert into content_owner_stats (owner_user_id, file_count, total_bytes)
        select owner_user_id, count(*), sum(size) from content_files group by owner_user_id;
      drop table bench_texts, bench_files, bench_text_vectors, bench_indexes;
      analyze content_files;
      analyze content_owner_stats;
      analyze users`,
    ],
  ];
}
