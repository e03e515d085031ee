import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { and, eq, lt, sql } from 'drizzle-orm';
import {
  CAMPAIGN_LIMITS,
  CAMPAIGN_MESSAGES,
  formatBytes,
  emailSchema,
  type ImportProgressLine,
  type ImportResult,
} from '@tp/shared';
import type { Deps } from '../../deps';
import { AppError, badRequest } from '../../plugins/errors';
import { contactImportRows } from './campaigns.tables';
import { requireOwnLists } from './contacts.service';
import { executeCount, executeRows } from '../../db/client';

/**
 * Contact import (docs/product/campaigns.md#contacts): one address per line, or CSV with an email column. Lines
 * holding a valid address are kept, the rest counted invalid; addresses are de-duplicated. The
 * body is read as a stream and its valid addresses staged in batches, so 100,000 lines never sit
 * in memory; one transaction then moves them into the user's contacts and lists, so an import
 * that fails half-way (too large, connection lost) adds nothing.
 */

const BATCH = 2_000;
const SAVE_SLICE = 5_000;
const EMAIL_HEADERS = new Set(['email', 'e-mail', 'email address', 'e-mail address', 'mail', 'emailaddress']);
const NAME_HEADERS = new Set(['name', 'full name', 'fullname', 'contact', 'contact name']);

export type ImportProgress = Extract<ImportProgressLine, { type: 'progress' }>;

interface Entry {
  email: string | null;
  name: string;
}

const normaliseHeader = (cell: string) =>
  cell
    .trim()
    .replace(/^\uFEFF/, '')
    .replace(/^"|"$/g, '')
    .trim()
    .toLowerCase();

function validEmail(candidate: string | undefined): string | null {
  if (!candidate) return null;
  const checked = emailSchema.safeParse(candidate.trim().replace(/^mailto:/i, ''));
  return checked.success ? checked.data : null;
}

/** A plain line: `ada@example.com`, `Ada Lovelace <ada@example.com>` or `ada@example.com, Ada`. */
export function parseLine(line: string): Entry {
  const trimmed = line.trim();
  const angle = /^(.*?)<([^<>\s]+)>(.*)$/.exec(trimmed);
  if (angle) {
    return {
      email: validEmail(angle[2]),
      name: `${angle[1]}${angle[3]}`
        .replace(/["']/g, '')
        .replace(/[\s,;]+/g, ' ')
        .trim(),
    };
  }
  const tokens = trimmed.split(/[\s,;]+/);
  const at = tokens.findIndex((token) => token.includes('@'));
  if (at < 0) return { email: null, name: '' };
  const name = tokens
    .filter((_, i) => i !== at)
    .join(' ')
    .replace(/["']/g, '')
    .trim();
  return { email: validEmail(tokens[at]), name };
}

/** The CSV layout of a header line naming an email column, or null for one address per line. */
function csvLayout(header: string): { delimiter: string } | null {
  for (const delimiter of [',', ';', '\t']) {
    if (!header.includes(delimiter)) continue;
    if (header.split(delimiter).some((cell) => EMAIL_HEADERS.has(normaliseHeader(cell)))) return { delimiter };
  }
  return EMAIL_HEADERS.has(normaliseHeader(header)) ? { delimiter: ',' } : null;
}

/** Counts bytes and refuses a body past the limit (413) while it streams. */
async function* capped(source: AsyncIterable<Buffer | string>, maxBytes: number, seen: { bytes: number }) {
  for await (const chunk of source) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    seen.bytes += buffer.length;
    if (seen.bytes > maxBytes) {
      throw new AppError(413, `${CAMPAIGN_MESSAGES.importTooLarge} (${formatBytes(maxBytes)})`, 'PAYLOAD_TOO_LARGE');
    }
    yield buffer;
  }
}

async function* splitLines(source: AsyncIterable<Buffer>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  let rest = '';
  for await (const chunk of source) {
    rest += decoder.decode(chunk, { stream: true });
    const lines = rest.split(/\r?\n/);
    rest = lines.pop() ?? '';
    yield* lines;
  }
  rest += decoder.decode();
  if (rest) yield rest;
}

/** Entries of the body, one per non-empty line (or CSV record after the header). */
async function* entries(source: AsyncIterable<Buffer>): AsyncGenerator<Entry> {
  const iterator = source[Symbol.asyncIterator]();
  // read up to the end of the first non-empty line to learn the format
  const head: Buffer[] = [];
  let text = '';
  for (;;) {
    const next = await iterator.next();
    if (next.done) break;
    head.push(next.value);
    text += next.value.toString('utf8');
    if (/\S[^\n]*\n/.test(text)) break;
  }
  const firstLine =
    text
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)
      .find((line) => line.trim() !== '') ?? '';
  const layout = csvLayout(firstLine);
  async function* whole(): AsyncGenerator<Buffer> {
    yield* head;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  }
  if (!layout) {
    for await (const line of splitLines(whole())) {
      if (line.trim() !== '') yield parseLine(line);
    }
    return;
  }
  const input = Readable.from(whole());
  const parser = parse({
    delimiter: layout.delimiter,
    bom: true,
    trim: true,
    skip_empty_lines: true,
    relax_column_count: true,
    relax_quotes: true,
  });
  input.on('error', (error) => parser.destroy(error));
  input.pipe(parser);
  let emailAt = -1;
  let nameAt = -1;
  let firstAt = -1;
  let lastAt = -1;
  for await (const record of parser as AsyncIterable<string[]>) {
    if (emailAt < 0) {
      const headers = record.map(normaliseHeader);
      emailAt = headers.findIndex((h) => EMAIL_HEADERS.has(h));
      nameAt = headers.findIndex((h) => NAME_HEADERS.has(h));
      firstAt = headers.findIndex((h) => h === 'first name' || h === 'firstname' || h === 'given name');
      lastAt = headers.findIndex(
        (h) => h === 'last name' || h === 'lastname' || h === 'surname' || h === 'family name',
      );
      continue;
    }
    const name = nameAt >= 0 ? (record[nameAt] ?? '') : [record[firstAt] ?? '', record[lastAt] ?? ''].join(' ').trim();
    yield { email: validEmail(record[emailAt]), name: name.slice(0, CAMPAIGN_LIMITS.contactNameMax) };
  }
}

export interface ImportOptions {
  lists: string[];
  maxBytes?: number;
  onProgress?: (progress: ImportProgress) => void;
}

/** The lists an import adds to must be the user's own: a 404 naming each that is not. */
export async function checkImportLists(deps: Deps, userId: string, lists: string[]): Promise<void> {
  await requireOwnLists(deps.db, userId, lists, 'lists');
}

export async function importContacts(
  deps: Deps,
  userId: string,
  body: AsyncIterable<Buffer | string>,
  options: ImportOptions,
): Promise<ImportResult> {
  await checkImportLists(deps, userId, options.lists);
  const importId = randomUUID();
  const seen = { bytes: 0 };
  const counts = { lines: 0, valid: 0, invalid: 0, duplicates: 0, saved: 0 };
  const progress = (phase: ImportProgress['phase']) =>
    options.onProgress?.({
      type: 'progress',
      phase,
      lines: counts.lines,
      bytes: seen.bytes,
      valid: counts.valid,
      invalid: counts.invalid,
      saved: counts.saved,
    });
  let batch: Array<{ email: string; name: string }> = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const rows = batch;
    batch = [];
    const staged = await executeCount(
      deps.db,
      sql`
      insert into contact_import_rows (import_id, email, name)
      select ${importId}, a.email, a.name
      from unnest(${pgTextArray(rows.map((r) => r.email))}::text[], ${pgTextArray(rows.map((r) => r.name))}::text[]) as a(email, name)
      on conflict do nothing`,
    );
    counts.duplicates += rows.length - staged;
  };
  try {
    for await (const entry of entries(capped(body, options.maxBytes ?? CAMPAIGN_LIMITS.importBytesMax, seen))) {
      counts.lines += 1;
      if (entry.email) {
        counts.valid += 1;
        batch.push({ email: entry.email, name: entry.name.slice(0, CAMPAIGN_LIMITS.contactNameMax) });
        if (batch.length >= BATCH) await flush();
      } else {
        counts.invalid += 1;
      }
      if (counts.lines % CAMPAIGN_LIMITS.importProgressEvery === 0) progress('reading');
    }
    await flush();
    if (counts.valid === 0) throw badRequest(CAMPAIGN_MESSAGES.noValidEmails);
    progress('saving');
    const imported = await saveStaged(deps, userId, importId, options.lists, (saved) => {
      counts.saved = saved;
      progress('saving');
    });
    return { imported, skipped: counts.valid - imported, invalid: counts.invalid };
  } finally {
    await deps.db.delete(contactImportRows).where(eq(contactImportRows.importId, importId));
  }
}

/** A PostgreSQL array literal of strings (each quoted and escaped), for one parameter instead of thousands. */
export function pgTextArray(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}

/**
 * Moves the staged addresses into contacts and lists in slices of SAVE_SLICE, each its own short
 * transaction: the embedded database has one connection, and one long transaction over 100,000
 * rows would hold every other request for its whole length. The staged set is complete and valid
 * before the first slice, so only an outage can stop it half-way, and a retry of the same import
 * then adds only what is missing.
 */
async function saveStaged(
  deps: Deps,
  userId: string,
  importId: string,
  lists: string[],
  onSlice: (saved: number) => void,
): Promise<number> {
  const listArray = `{${[...new Set(lists)].join(',')}}`;
  let after = '';
  let saved = 0;
  let imported = 0;
  for (;;) {
    const slice = await deps.db.transaction(async (tx) => {
      const [bounds] = await executeRows<{ upto: string | null; n: number }>(
        tx,
        sql`
          select max(email) as upto, count(*)::int as n from (
            select email from contact_import_rows
            where import_id = ${importId} and email > ${after}
            order by email limit ${SAVE_SLICE}) s`,
      );
      if (!bounds?.upto) return null;
      const created = await executeCount(
        tx,
        sql`
        insert into contacts (user_id, email, name)
        select ${userId}, email, name from contact_import_rows
        where import_id = ${importId} and email > ${after} and email <= ${bounds.upto}
        on conflict (user_id, email) do nothing`,
      );
      if (lists.length > 0) {
        await tx.execute(sql`
          insert into contact_list_members (list_id, contact_id)
          select l.id, c.id
          from contact_import_rows r
          join contacts c on c.user_id = ${userId} and c.email = r.email
          cross join unnest(${listArray}::uuid[]) as l(id)
          where r.import_id = ${importId} and r.email > ${after} and r.email <= ${bounds.upto}
          on conflict do nothing`);
      }
      return { upto: bounds.upto, n: Number(bounds.n), created };
    });
    if (!slice) return imported;
    after = slice.upto;
    saved += slice.n;
    imported += slice.created;
    onSlice(saved);
  }
}

/** Rows a statement changed, from either driver's result. */
/** Staged rows of imports that died with their process (a crash mid-upload). */
export async function pruneAbandonedImports(deps: Pick<Deps, 'db'>): Promise<void> {
  await deps.db.delete(contactImportRows).where(and(lt(contactImportRows.createdAt, sql`now() - interval '1 day'`)));
}
