import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { SEARCH, type FileCategory, type Period, type RecentSearch, type SearchResult } from '@tp/shared';
import type { Deps } from '../../deps';
import { RateLimitedError } from '../../plugins/errors';
import { hitCounter } from '../../plugins/rate-limit';
import { contentFiles, contentRecentSearches, SEARCH_CONFIG } from './content.tables';
import { accessPath } from './signed-url';
import { ownerReadQuery } from './file-links';
import type { Owner } from './files.service';
import { createdSince } from './period';
import { executeRows } from '../../db/client';

export interface SearchInput {
  query: string;
  filters: { type?: FileCategory; dateRange?: Period };
  limit: number;
}

const WINDOW_MS = 60_000;
// marks ts_headline puts around matched words; control characters no indexed text keeps
const START = '\u0002';
const STOP = '\u0003';
const SNIPPET_MAX = 1_000;
/**
 * ts_headline parses and stems every word it is given (≈ 0.4 ms per 1,000 characters, the
 * largest part of a search): a snippet comes from the first 2,000 characters of a file's text
 * (a page of it). A match further in is found and ranked, its snippet shows the start of the file
 * unmarked.
 */
const HEADLINE_SOURCE_CHARS = 2_000;
const HEADLINE_OPTIONS = `StartSel=${START}, StopSel=${STOP}, MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`;

/** A phrase operator in a tsquery's text: <-> or <N>. */
const PHRASE_OPERATOR = '<(-|[0-9]+)>';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * ts_headline's text as safe HTML: everything escaped, the matched words in <mark>, at most
 * `max` characters of HTML, never a tag cut in half or left open.
 */
export function highlightSnippet(raw: string, max = SNIPPET_MAX): string {
  let html = '';
  let open = false;
  for (const char of raw) {
    let piece: string;
    if (char === START) piece = open ? '' : '<mark>';
    else if (char === STOP) piece = open ? '</mark>' : '';
    else piece = HTML_ESCAPES[char] ?? char;
    const closing = open || char === START ? '</mark>'.length : 0;
    if (html.length + piece.length + closing + 1 > max) {
      html += '…';
      break;
    }
    html += piece;
    if (char === START) open = true;
    else if (char === STOP) open = false;
  }
  return open ? `${html}</mark>` : html;
}

/** Two searches are the same when they differ only in case and spacing. */
const queryKey = (query: string) => query.toLowerCase().replace(/\s+/g, ' ');

interface MatchRow extends Record<string, unknown> {
  id: string;
  name: string;
  category: FileCategory;
  created_at: string | Date;
  description: string;
  is_public: boolean;
  snippet: string | null;
}

/**
 * POST /api/content/search: full text (websearch syntax: "quoted phrase", OR, -word) over the
 * user's own files only — another user's file is never found, public or not (a public file is
 * opened by its link, never listed: docs/content.md, "Who may do what") — ranked by where the words are (name above tags
 * and description), then newest first (a match only inside the text of files), with a
 * highlighted snippet. A blank query finds nothing and counts
 * for nothing; otherwise each search counts against 60 a minute per user and is remembered.
 */
export async function searchFiles(deps: Deps, owner: Owner, input: SearchInput): Promise<SearchResult[]> {
  const query = input.query.trim();
  if (!query) return [];
  await countSearch(deps, owner.userId);

  const rows = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return executeRows<MatchRow>(tx, searchStatement(owner, { ...input, query }));
  });
  const results = rows.map((row) => ({
    id: row.id,
    name: row.name,
    type: row.category,
    date: new Date(row.created_at).toISOString(),
    description: row.description,
    url: `${accessPath(row.id)}${ownerReadQuery(deps.config, { id: row.id, isPublic: row.is_public })}`,
    snippet: highlightSnippet(row.snippet ?? ''),
  }));
  await rememberSearch(deps, owner.userId, query, results.length);
  return results;
}

/**
 * The search's one statement (run with `enable_seqscan` off, decision 0042). Match through the GIN
 * index only, the owner's files within the filters: the index holds the owner beside the words
 * (btree_gin), so a word held by a fifth of a million files costs the owner's few, not every
 * user's (bench/search.ts). From each match it takes what ranking needs (the small inline rank
 * vector of name, tags and description; the date), ranks (then newest first), and reads names
 * and texts, and makes headlines, for the page only. The matching vector of a long document is
 * kilobytes of TOAST: reading it row by row (a sequential scan, or a filter after another index,
 * which the planner takes for cheap) costs a detoast per file; going back to the table by id for
 * each match cost a lookup per match.
 * A phrase ("bill of lading": bill <-> lade) needs the words' positions, which the index does
 * not keep, so each candidate's whole vector is read to check it: the index matches the words
 * alone (bill & lade), and the phrase is checked in rank order only until the page is full.
 * (Under a NOT the words alone would match less than the phrase: such a query is matched as is.)
 */
export function searchStatement(owner: Owner, input: SearchInput): SQL {
  // the owner as text: only the search index holds it so, so no other index can take the match
  // and leave the words to a row-by-row filter; the filters apply to the owner's matches
  const owned = sql`f.owner_user_id::text = ${owner.userId}`;
  const filters = and(
    sql`true`,
    input.filters.type ? sql`f.category = ${input.filters.type}` : undefined,
    input.filters.dateRange
      ? createdSince(sql.raw('f.created_at'), input.filters.dateRange, owner.timeZone)
      : undefined,
  );
  const limit = Math.min(input.limit, SEARCH.maxResults);
  const tsQuery = sql`websearch_to_tsquery(${SEARCH_CONFIG}, ${input.query})`;
  const phrased = sql`(${tsQuery}::text ~ ${PHRASE_OPERATOR})`;
  // a phrase's words alone (bill <-> lade: bill & lade), unless under a NOT; written out, not
  // taken from q, so that it is the scan's own condition on the index beside the owner's
  const words = sql`(case when ${phrased} and position('!' in ${tsQuery}::text) = 0
    then regexp_replace(${tsQuery}::text, ${PHRASE_OPERATOR}, '&', 'g')::tsquery else ${tsQuery} end)`;
  return sql`
      with q as (select ${tsQuery} as query, ${phrased} as phrased),
      f as materialized (
        select f.id, f.category, f.created_at, f.rank_vector
        from ${contentFiles} f where f.search_vector @@ ${words} and ${owned}
      ),
      ranked as materialized (
        select id, row_number() over (order by rank desc, created_at desc, id) as place
        from (select f.id, ts_rank(f.rank_vector, q.query) as rank, f.created_at from f, q where ${filters}) visible
        order by place
      ),
      top as (
        select r.id, r.place from ranked r, q
        where not q.phrased or (select c.search_vector @@ q.query from ${contentFiles} c where c.id = r.id)
        limit ${limit}
      )
      select f.id, f.name, f.category, f.created_at, f.description, f.is_public,
        ts_headline(${SEARCH_CONFIG},
          concat_ws(' · ', f.name, nullif(f.description, ''), left(f.extracted_text, ${HEADLINE_SOURCE_CHARS})),
          q.query, ${HEADLINE_OPTIONS}) as snippet
      from top join ${contentFiles} f on f.id = top.id, q
      order by top.place`;
}

/** Each search, answered here or from the client's cache, counts against 60 a minute per user. */
async function countSearch(deps: Deps, userId: string): Promise<void> {
  const hit = await hitCounter(deps.connection, `content-search:${userId}`, WINDOW_MS, { relaxed: true });
  if (hit.count > SEARCH.rateLimit) throw new RateLimitedError(Math.max(1, Math.ceil(hit.ttlMs / 1000)));
}

/**
 * POST /api/content/recent-searches: a search the client answered from its cache of an earlier
 * answer goes to the front of the recent searches, as one answered by POST /search does
 * (docs/product/content-hub.md#recent-searches); it counts against the same rate limit. Answers the recent searches.
 */
export async function recordSearch(
  deps: Deps,
  userId: string,
  input: { query: string; resultsCount: number },
): Promise<RecentSearch[]> {
  await countSearch(deps, userId);
  await rememberSearch(deps, userId, input.query.trim(), input.resultsCount);
  return recentSearches(deps, userId);
}

async function rememberSearch(deps: Deps, userId: string, query: string, resultsCount: number): Promise<void> {
  const key = queryKey(query);
  await deps.db.transaction(async (tx) => {
    // a convenience list: losing its last write in a crash is harmless, waiting for the disk is not
    await tx.execute(sql`set local synchronous_commit = off`);
    await tx
      .insert(contentRecentSearches)
      .values({ userId, queryKey: key, query, resultsCount, searchedAt: sql`now()` })
      .onConflictDoUpdate({
        target: [contentRecentSearches.userId, contentRecentSearches.queryKey],
        set: { query, resultsCount, searchedAt: sql`now()` },
      });
    await tx.execute(sql`
      delete from ${contentRecentSearches}
      where user_id = ${userId} and query_key not in (
        select query_key from ${contentRecentSearches} where user_id = ${userId}
        order by searched_at desc, query_key limit ${SEARCH.recentKept})`);
  });
}

/** GET /api/content/recent-searches: the user's, newest first, at most 10. */
export async function recentSearches(deps: Deps, userId: string): Promise<RecentSearch[]> {
  const rows = await deps.db
    .select()
    .from(contentRecentSearches)
    .where(eq(contentRecentSearches.userId, userId))
    .orderBy(desc(contentRecentSearches.searchedAt), contentRecentSearches.queryKey)
    .limit(SEARCH.recentKept);
  return rows.map((row) => ({
    query: row.query,
    timestamp: row.searchedAt.toISOString(),
    resultsCount: row.resultsCount,
  }));
}
