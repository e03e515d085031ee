import { desc, eq, sql } from 'drizzle-orm';
import { SEARCH, type FileCategory, type Period, type RecentSearch, type SearchResult } from '@tp/shared';
import type { Deps } from '../../deps';
import { executeStatement, type Statement } from '../../db/client';
import type { AccessClaims } from '../../plugins/auth';
import { liveSessionFrom, markSessionSeen, proveSessionAlone } from '../../plugins/auth/session-in-statement';
import { RateLimitedError, unauthorized } from '../../plugins/errors';
import { counterUpsert, hitCounter } from '../../plugins/rate-limit';
import { contentRecentSearches, SEARCH_CONFIG_TEXT } from './content.tables';
import { accessPath } from './signed-url';
import { ownerReadQuery } from './file-links';

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
  /** Whether the session's "last seen" is older than a minute (every row carries it). */
  session_stale: boolean;
  /** The user's searches in this window, this one included, and when the window resets. */
  count: number | string;
  ttl_ms: number | string;
  /** null on the one row of a search that found nothing (or was refused). */
  id: string | null;
  name: string;
  category: FileCategory;
  created_at: string | Date;
  description: string;
  is_public: boolean;
  snippet: string | null;
}

/** Who searches: the request's verified claims, the session proven live by the search's statement. */
export type Searcher = Pick<AccessClaims, 'userId' | 'sessionId'>;

/**
 * POST /api/content/search: full text (websearch syntax: "quoted phrase", OR, -word) over the
 * user's own files only — another user's file is never found, public or not (a public file is
 * opened by its link, never listed: docs/content.md, "Who may do what") — ranked by where the words are (name above tags
 * and description), then newest first (a match only inside the text of files), with a
 * highlighted snippet. A blank query finds nothing and counts
 * for nothing; otherwise each search counts against 60 a minute per user and is remembered.
 * One statement (`searchStatement`) proves the session, counts the search, matches and remembers
 * it, in a transaction that sets what the match and its commit need (decision 0054).
 */
export async function searchFiles(deps: Deps, searcher: Searcher, input: SearchInput): Promise<SearchResult[]> {
  const query = input.query.trim();
  if (!query) {
    await proveSessionAlone(deps.connection, searcher);
    return [];
  }
  const rows = await deps.db.transaction(async (tx) => {
    await tx.execute(SEARCH_SETTINGS);
    return executeStatement<MatchRow>(tx, searchStatement(searcher, { ...input, query }));
  });
  const [first] = rows;
  if (!first) throw unauthorized();
  if (first.session_stale) await markSessionSeen(deps.connection, searcher.sessionId);
  if (Number(first.count) > SEARCH.rateLimit) {
    throw new RateLimitedError(Math.max(1, Math.ceil(Number(first.ttl_ms) / 1000)));
  }
  return rows.flatMap((row) =>
    row.id === null
      ? []
      : [
          {
            id: row.id,
            name: row.name,
            type: row.category,
            date: new Date(row.created_at).toISOString(),
            description: row.description,
            url: `${accessPath(row.id)}${ownerReadQuery(deps.config, { id: row.id, isPublic: row.is_public })}`,
            snippet: highlightSnippet(row.snippet ?? ''),
          },
        ],
  );
}

/**
 * The search transaction's settings: the match through the index only (decision 0042); the plan
 * the statement was first given with that setting, kept per connection, not planned anew for each
 * search (its shape does not depend on the values: decision 0054); the commit without waiting for
 * the disk (the counter and the recent searches: losing their last write in a crash is harmless).
 */
const SEARCH_SETTINGS = sql`select set_config('enable_seqscan', 'off', true),
  set_config('plan_cache_mode', 'force_generic_plan', true), set_config('synchronous_commit', 'off', true)`;

const SEARCH_COUNTER = `'content-search:' || $2::uuid::text`;
const TS_QUERY = `websearch_to_tsquery(${SEARCH_CONFIG_TEXT}, $3::text)`;
const PHRASED = `(${TS_QUERY}::text ~ '${PHRASE_OPERATOR}')`;
/**
 * A phrase's words alone (bill <-> lade: bill & lade), unless under a NOT; written out, not taken
 * from q, so that it is the scan's own condition on the index beside the owner's.
 */
const WORDS = `(case when ${PHRASED} and position('!' in ${TS_QUERY}::text) = 0
    then regexp_replace(${TS_QUERY}::text, '${PHRASE_OPERATOR}', '&', 'g')::tsquery else ${TS_QUERY} end)`;
/** The period filter's first instant ($7: today in the user's zone, week, month; null: all). */
const SINCE = `case $7::text
    when 'today' then date_trunc('day', now() at time zone g.timezone) at time zone g.timezone
    when 'week' then now() - interval '7 days'
    when 'month' then now() - interval '30 days' end`;

/**
 * The search's one statement: $1 the session, $2 the user, $3 the query, $4 its key, $5 the page
 * size, $6 the category and $7 the period (null: any). Run with `enable_seqscan` off (decision
 * 0042). No row unless the session is live (decision 0027); then the search is counted, and only
 * within the limit is it matched and remembered, every row carrying the count.
 * Match through the GIN index only, the owner's files within the filters: the index holds the
 * owner beside the words (btree_gin), so a word held by a fifth of a million files costs the
 * owner's few, not every user's (bench/search.ts). From each match it takes what ranking needs
 * (the small inline rank vector of name, tags and description; the date), ranks (then newest
 * first), and reads names and texts, and makes headlines, for the page only. The matching vector of
 * a long document is kilobytes of TOAST: reading it row by row (a sequential scan, or a filter after
 * another index, which the planner takes for cheap) costs a detoast per file; going back to the
 * table by id for each match cost a lookup per match.
 * A phrase ("bill of lading": bill <-> lade) needs the words' positions, which the index does
 * not keep, so each candidate's whole vector is read to check it: the index matches the words
 * alone (bill & lade), and the phrase is checked in rank order only until the page is full.
 * (Under a NOT the words alone would match less than the phrase: such a query is matched as is.)
 * The recent searches keep the newest: the statement sees them as they were before it, so it keeps
 * this one and the newest others but one.
 */
const SEARCH_TEXT = `
  with live as (
    select live_session.session_stale, u.timezone
    from ${liveSessionFrom('$1', '$2')} join users u on u.id = $2::uuid
  ),
  hit as (${counterUpsert(SEARCH_COUNTER, '1', String(WINDOW_MS), 'live')}),
  gate as (select live.session_stale, live.timezone, hit.count, hit.ttl_ms, hit.count <= ${SEARCH.rateLimit} as allowed from live, hit),
  q as (select ${TS_QUERY} as query, ${PHRASED} as phrased),
  f as materialized (
    -- the owner as text: only the search index holds it so, so no other index can take the match
    -- and leave the words to a row-by-row filter; the filters apply to the owner's matches
    select f.id, f.category, f.created_at, f.rank_vector
    from content_files f
    where f.search_vector @@ ${WORDS} and f.owner_user_id::text = $2::uuid::text
      and (select allowed from gate)
  ),
  ranked as materialized (
    select id, row_number() over (order by rank desc, created_at desc, id) as place
    from (
      select f.id, ts_rank(f.rank_vector, q.query) as rank, f.created_at from f, q, gate g
      where ($6::text is null or f.category = $6::text) and ($7::text is null or f.created_at >= ${SINCE})
    ) visible
    order by place
  ),
  top as (
    select r.id, r.place from ranked r, q
    where not q.phrased or (select c.search_vector @@ q.query from content_files c where c.id = r.id)
    limit $5::int
  ),
  remembered as (
    insert into content_recent_searches (user_id, query_key, query, results_count, searched_at)
    select $2::uuid, $4::text, $3::text, (select count(*) from top), now() from gate where allowed
    on conflict (user_id, query_key) do update
      set query = excluded.query, results_count = excluded.results_count, searched_at = excluded.searched_at
  ),
  forgotten as (
    delete from content_recent_searches r
    where r.user_id = $2::uuid and r.query_key <> $4::text and (select allowed from gate)
      and r.query_key not in (
        select o.query_key from content_recent_searches o where o.user_id = $2::uuid and o.query_key <> $4::text
        order by o.searched_at desc, o.query_key limit ${SEARCH.recentKept - 1})
  )
  select g.session_stale, g.count, g.ttl_ms, page.*
  from gate g left join (
    select f.id, f.name, f.category, f.created_at, f.description, f.is_public, top.place,
      ts_headline(${SEARCH_CONFIG_TEXT},
        concat_ws(' · ', f.name, nullif(f.description, ''), left(f.extracted_text, ${HEADLINE_SOURCE_CHARS})),
        q.query, '${HEADLINE_OPTIONS}') as snippet
    from top join content_files f on f.id = top.id, q
  ) page on true
  order by page.place`;

/** The search's statement and its values (see SEARCH_TEXT). */
export function searchStatement(searcher: Searcher, input: SearchInput): Statement {
  return {
    text: SEARCH_TEXT,
    values: [
      searcher.sessionId,
      searcher.userId,
      input.query,
      queryKey(input.query),
      Math.min(input.limit, SEARCH.maxResults),
      input.filters.type ?? null,
      input.filters.dateRange && input.filters.dateRange !== 'all' ? input.filters.dateRange : null,
    ],
  };
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
