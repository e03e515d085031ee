import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { recentSearchesResponseSchema, SEARCH, searchResponseSchema } from '@tp/shared';
import { executeStatement } from '../../db/client';
import { useTestApp, signedInClient, type SignedInClient } from '../../test/kit';
import { contentFiles } from './content.tables';
import { makePdf, makePng, uploaded, waitForFileRow } from './content-test-kit';
import { highlightSnippet, searchStatement } from './search.service';

const text = (content: string) => Buffer.from(content, 'utf8');

async function search(client: SignedInClient, query: string, extra: Record<string, unknown> = {}) {
  const res = await client.post('/api/content/search', { query, ...extra });
  if (res.statusCode !== 200) throw new Error(`search answered ${res.statusCode}: ${res.body}`);
  return searchResponseSchema.parse(res.json());
}
const names = async (client: SignedInClient, query: string, extra: Record<string, unknown> = {}) =>
  (await search(client, query, extra)).map((result) => result.name);

/** Uploads a text file and waits until its words are in the index. */
async function indexed(app: FastifyInstance, client: SignedInClient, fileName: string, body: string, fields = {}) {
  const answer = await uploaded(client, { fileName, content: text(body) }, fields);
  await waitForFileRow(app, answer.file.id, (row) => row.textState === 'done');
  return answer;
}

describe('search over names, descriptions, tags and the text inside files', () => {
  // one user uploads 52 files in a test below
  const t = useTestApp({ CONTENT_UPLOADS_PER_MINUTE: '100' });

  it('finds a word inside a PDF once the extraction job has run, with the word highlighted', async () => {
    const ada = await signedInClient(t.app);
    const pdf = await uploaded(ada, {
      fileName: 'shipping-docs.pdf',
      content: makePdf(['Shipper: Fazenda Boa Vista', 'Port of loading: Santos. Vessel MSC Aurora']),
    });
    const row = await waitForFileRow(t.app, pdf.file.id, (r) => r.textState !== 'pending');
    expect(row.textState).toBe('done');
    expect(row.extractedText).toContain('Vessel MSC Aurora');

    const [hit] = await search(ada, 'aurora');
    expect(hit).toMatchObject({ id: pdf.file.id, name: 'shipping-docs.pdf', type: 'document', description: '' });
    expect(hit!.snippet).toContain('<mark>Aurora</mark>');
    expect(hit!.url).toBe(pdf.file.url);
    expect(hit!.date).toBe(pdf.file.createdAt);
    // stemmed: "loading" in the file, "loaded" in the query
    expect(await names(ada, 'loaded')).toEqual(['shipping-docs.pdf']);
  });

  it('ranks a match in the name above the description and tags, above the text inside', async () => {
    const ada = await signedInClient(t.app);
    await indexed(t.app, ada, 'notes.txt', 'The cocoa harvest arrives in March.');
    await indexed(t.app, ada, 'q3.txt', 'Figures for the quarter.', { description: 'Cocoa contracts for Q3' });
    await indexed(t.app, ada, 'cocoa-prices.txt', 'Prices per tonne.');
    expect(await names(ada, 'cocoa')).toEqual(['cocoa-prices.txt', 'q3.txt', 'notes.txt']);
  });

  it('takes the websearch syntax: a "quoted phrase", OR, and -word', async () => {
    const ada = await signedInClient(t.app);
    await indexed(t.app, ada, 'bl.txt', 'Bill of lading for the coffee shipment from Brazil');
    await indexed(t.app, ada, 'invoice.txt', 'Invoice: coffee from Colombia; lading charges extra on the bill');
    await indexed(t.app, ada, 'tea.txt', 'Tea from Kenya');

    expect(await names(ada, '"bill of lading"')).toEqual(['bl.txt']);
    expect((await names(ada, 'bill lading')).sort()).toEqual(['bl.txt', 'invoice.txt']);
    expect((await names(ada, 'kenya OR colombia')).sort()).toEqual(['invoice.txt', 'tea.txt']);
    expect(await names(ada, 'coffee -brazil')).toEqual(['invoice.txt']);
    expect((await names(ada, '"bill of lading" OR kenya')).sort()).toEqual(['bl.txt', 'tea.txt']);
    // not the phrase: the file with the words apart stays, the one with the phrase goes
    expect(await names(ada, 'coffee -"bill of lading"')).toEqual(['invoice.txt']);
    // the newer invoice.txt comes first among the files with both words, and is no phrase match:
    // a page of one still finds the phrase further down
    expect(await names(ada, '"bill of lading"', { limit: 1 })).toEqual(['bl.txt']);
    // only words the index drops: nothing to look for
    expect(await names(ada, 'the of')).toEqual([]);
    // nothing the parser could choke on
    expect(await names(ada, '"unbalanced (( OR -')).toEqual([]);
  });

  it('filters by type and date range', async () => {
    const ada = await signedInClient(t.app);
    const photo = await uploaded(ada, { fileName: 'pepper-sacks.png', content: await makePng(8, 8) });
    const doc = await indexed(t.app, ada, 'pepper-contract.txt', 'black pepper contract');
    const old = await indexed(t.app, ada, 'pepper-2025.txt', 'pepper last year');
    await t.app.deps.db
      .update(contentFiles)
      .set({ createdAt: sql`now() - interval '40 days'` })
      .where(eq(contentFiles.id, old.file.id));

    expect((await names(ada, 'pepper')).sort()).toEqual(['pepper-2025.txt', 'pepper-contract.txt', 'pepper-sacks.png']);
    expect(await names(ada, 'pepper', { filters: { type: 'image' } })).toEqual([photo.file.name]);
    expect((await names(ada, 'pepper', { filters: { type: 'document', dateRange: 'month' } })).sort()).toEqual([
      doc.file.name,
    ]);
    expect((await names(ada, 'pepper', { filters: { dateRange: 'today' } })).sort()).toEqual([
      'pepper-contract.txt',
      'pepper-sacks.png',
    ]);
    const bad = await ada.post('/api/content/search', { query: 'pepper', filters: { type: 'other' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('filters.type');
  });

  it('searches only the user’s own files, public or private, whatever userId the body names', async () => {
    const ada = await signedInClient(t.app);
    const bob = await signedInClient(t.app);
    await indexed(t.app, bob, 'saffron-public.txt', 'saffron offer', { isPublic: 'true' });
    await indexed(t.app, bob, 'saffron-private.txt', 'saffron margins');
    await indexed(t.app, ada, 'saffron-mine.txt', 'saffron order', { isPublic: 'true' });

    const found = await search(ada, 'saffron', { userId: bob.user.id });
    expect(found.map((r) => r.name)).toEqual(['saffron-mine.txt']);
    expect(found[0]!.url).toBe(`/api/content/access/${found[0]!.id}`);
    expect((await names(bob, 'saffron')).sort()).toEqual(['saffron-private.txt', 'saffron-public.txt']);
  });

  it('matches through one index condition on the owner and the words, never another user’s entries', async () => {
    // a word a fifth of all files hold: the search must read only the searcher's entries of it
    // (bench/search.ts, a million files), and never each file's long matching vector row by row
    const ada = await signedInClient(t.app);
    const owner = { userId: ada.user.id, sessionId: randomUUID() };
    const plans = [
      { query: 'invoice', filters: {}, limit: 20 },
      {
        query: '"bill of lading" OR cocoa',
        filters: { type: 'document' as const, dateRange: 'month' as const },
        limit: 5,
      },
    ].map((input) =>
      t.app.deps.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const statement = searchStatement(owner, input);
        const [row] = await executeStatement<{ 'QUERY PLAN': unknown }>(tx, {
          ...statement,
          text: `explain (format json) ${statement.text}`,
        });
        return JSON.stringify(row!['QUERY PLAN']);
      }),
    );
    for (const plan of await Promise.all(plans)) {
      const conditions = [
        ...plan.matchAll(/"Index Name":"content_files_owner_search_idx"[^}]*?"Index Cond":"([^"]*)"/g),
      ];
      expect(conditions.map(([, condition]) => condition)).toEqual([
        expect.stringMatching(/owner_user_id\)::text = '[0-9a-f-]+'::text\) AND \((?:f_?\d*\.)?search_vector @@/),
      ]);
      expect(plan).not.toMatch(/"Filter":"[^"]*search_vector @@/);
    }
  });

  it('keeps no pending list in the search index, which every search would read whole', async () => {
    const [index] = await executeStatement<{ reloptions: string[] | null }>(t.app.deps.db, {
      text: `select reloptions from pg_class where relname = 'content_files_owner_search_idx'`,
      values: [],
    });
    expect(index!.reloptions).toEqual(['fastupdate=false']);
  });

  it('escapes the snippet: only <mark> is markup', async () => {
    const ada = await signedInClient(t.app);
    await indexed(t.app, ada, 'memo.txt', 'nutmeg <img src=x onerror=alert(1)> & "quotes"', {
      description: '<script>alert(1)</script> nutmeg',
    });
    const [hit] = await search(ada, 'nutmeg');
    // ts_headline drops what its parser takes for tags; what is left of the text is escaped
    expect(hit!.snippet).not.toContain('<script');
    expect(hit!.snippet).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes');
    expect(hit!.snippet).toContain('<mark>nutmeg</mark>');
    expect(hit!.snippet.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
  });

  it('gives 20 results by default and at most 50', async () => {
    const ada = await signedInClient(t.app);
    for (let i = 0; i < 52; i += 1) {
      await uploaded(ada, { fileName: `clove-${i}.bin`, content: Buffer.from([0, 1, 2, i]) });
    }
    expect(await search(ada, 'clove')).toHaveLength(SEARCH.defaultLimit);
    expect(await search(ada, 'clove', { limit: 50 })).toHaveLength(50);
    expect((await ada.post('/api/content/search', { query: 'clove', limit: 51 })).statusCode).toBe(400);
  });

  it('ignores a blank query: no results, nothing remembered, nothing counted', async () => {
    const ada = await signedInClient(t.app);
    expect(await search(ada, '   ')).toEqual([]);
    expect((await ada.get('/api/content/recent-searches')).json()).toEqual([]);
  });

  it('remembers the user’s searches: newest first, one per query whatever its case, 10 kept', async () => {
    const ada = await signedInClient(t.app);
    const bob = await signedInClient(t.app);
    await indexed(t.app, ada, 'ginger.txt', 'ginger');
    for (const query of ['ginger', 'anise', 'Ginger', ...Array.from({ length: 10 }, (_, i) => `spice${i}`)]) {
      await search(ada, query);
    }
    const recent = recentSearchesResponseSchema.parse((await ada.get('/api/content/recent-searches')).json());
    expect(recent.map((r) => r.query)).toEqual(Array.from({ length: 10 }, (_, i) => `spice${9 - i}`));
    await search(ada, 'GINGER');
    const after = recentSearchesResponseSchema.parse((await ada.get('/api/content/recent-searches')).json());
    expect(after[0]).toMatchObject({ query: 'GINGER', resultsCount: 1 });
    expect(after).toHaveLength(10);
    expect(after.filter((r) => r.query.toLowerCase() === 'ginger')).toHaveLength(1);
    expect(new Date(after[0]!.timestamp).getTime()).toBeGreaterThanOrEqual(new Date(after[1]!.timestamp).getTime());
    expect((await bob.get('/api/content/recent-searches')).json()).toEqual([]);
  });

  it('puts a search the client answered from its cache at the front, as one the server answered', async () => {
    const ada = await signedInClient(t.app);
    const bob = await signedInClient(t.app);
    await search(ada, 'saffron');
    await search(ada, 'nutmeg');
    const recorded = await ada.post('/api/content/recent-searches', { query: ' Saffron ', resultsCount: 2 });
    expect(recorded.statusCode).toBe(200);
    const answer = recentSearchesResponseSchema.parse(recorded.json());
    expect(answer.map((r) => [r.query, r.resultsCount])).toEqual([
      ['Saffron', 2],
      ['nutmeg', 0],
    ]);
    expect((await ada.get('/api/content/recent-searches')).json()).toEqual(answer);
    expect((await bob.get('/api/content/recent-searches')).json()).toEqual([]);
    for (const body of [
      { query: '  ', resultsCount: 0 },
      { query: 'x', resultsCount: SEARCH.maxResults + 1 },
      { query: 'x' },
    ]) {
      expect((await ada.post('/api/content/recent-searches', body)).statusCode).toBe(400);
    }
  });

  it('allows 60 searches a minute per user, then answers 429 with Retry-After', async () => {
    const ada = await signedInClient(t.app);
    const bob = await signedInClient(t.app);
    for (let i = 0; i < SEARCH.rateLimit; i += 1) await search(ada, `mace ${i}`);
    const refused = await ada.post('/api/content/search', { query: 'mace' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await bob.post('/api/content/search', { query: 'mace' })).statusCode).toBe(200);
    // a search answered from the client's cache counts too
    expect((await ada.post('/api/content/recent-searches', { query: 'mace', resultsCount: 0 })).statusCode).toBe(429);
    for (let i = 1; i < SEARCH.rateLimit; i += 1) {
      await bob.post('/api/content/recent-searches', { query: 'mace', resultsCount: 0 });
    }
    expect((await bob.post('/api/content/search', { query: 'mace' })).statusCode).toBe(429);
  });
});

describe('highlightSnippet', () => {
  it('escapes everything and marks only what ts_headline marked', () => {
    expect(highlightSnippet('a <b> \u0002word\u0003 & "c"')).toBe('a &lt;b&gt; <mark>word</mark> &amp; &quot;c&quot;');
  });

  it('closes an open mark, drops stray ones and stays within the maximum', () => {
    expect(highlightSnippet('\u0003x \u0002y')).toBe('x <mark>y</mark>');
    const long = highlightSnippet(`\u0002${'<'.repeat(500)}\u0003`, 100);
    expect(long.length).toBeLessThanOrEqual(100);
    expect(long.startsWith('<mark>&lt;')).toBe(true);
    expect(long.endsWith('…</mark>')).toBe(true);
  });
});
