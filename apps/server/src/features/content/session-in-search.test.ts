import { describe, expect, it, vi } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { searchResponseSchema } from '@tp/shared';
import { rateLimits } from '../../plugins/rate-limit/rate-limit.tables';
import { ageLastSeen, deadSessionClients, lastSeenOf, signedInClient, useTestApp } from '../../test/kit';
import { contentRecentSearches } from './content.tables';
import { uploaded } from './content-test-kit';

/**
 * The content search proves the session, counts the search, matches and remembers it in one
 * statement (decision 0054): a dead session is refused before anything is counted, shown or
 * remembered.
 */
describe('content search: the session proven in its statement', () => {
  const t = useTestApp();

  const searchCounters = () => t.app.deps.db.select().from(rateLimits).where(like(rateLimits.key, 'content-search:%'));
  const remembered = (userId: string) =>
    t.app.deps.db.select().from(contentRecentSearches).where(eq(contentRecentSearches.userId, userId));

  /** The data statements an action sends, through Drizzle and through deps.connection (not begin and commit). */
  const statementsOf = async (action: () => Promise<unknown>) => {
    const session = (t.app.deps.db as unknown as { _: { session: object } })._.session;
    type Prepare = (query: { sql: string }) => unknown;
    const drizzle = vi.spyOn(Object.getPrototypeOf(session) as { prepareQuery: Prepare }, 'prepareQuery');
    const direct = vi.spyOn(t.app.deps.connection, 'query');
    await action();
    const texts = [...drizzle.mock.calls.map(([query]) => query.sql), ...direct.mock.calls.map(([text]) => text)];
    drizzle.mockRestore();
    direct.mockRestore();
    return texts.filter((text) => !/^\s*(begin|commit)\b/i.test(text));
  };

  it("refuses a logged-out, an expired and another user's session: nothing shown, counted or remembered", async () => {
    const dead = await deadSessionClients(t.app);
    for (const client of dead) {
      await uploaded(client, { fileName: 'cardamom.txt', content: Buffer.from('cardamom') }).catch(() => undefined);
      for (const query of ['cardamom', '  ']) {
        const res = await client.post('/api/content/search', { query });
        expect(res.statusCode, res.body).toBe(401);
        expect(res.body).not.toContain('cardamom.txt');
      }
      expect(await remembered(client.user.id)).toEqual([]);
    }
    expect(await searchCounters()).toEqual([]);
  });

  it('answers a search with one statement after its settings, counted and remembered', async () => {
    const ada = await signedInClient(t.app);
    const file = await uploaded(ada, { fileName: 'saffron-invoice.bin', content: Buffer.from([1, 2, 3]) });
    let body: unknown;
    const statements = await statementsOf(async () => {
      const res = await ada.post('/api/content/search', { query: 'Saffron  INVOICE' });
      expect(res.statusCode, res.body).toBe(200);
      body = res.json();
    });
    // in its transaction: the settings of the match and the commit, then the search
    expect(statements).toHaveLength(2);
    expect(statements[0]).toMatch(/^select set_config\('enable_seqscan', 'off', true\)/);
    expect(statements[1]).toMatch(/^\s*with live as/);
    expect(searchResponseSchema.parse(body).map((hit) => hit.id)).toEqual([file.file.id]);
    expect(await searchCounters()).toMatchObject([{ key: `content-search:${ada.user.id}`, count: 1 }]);
    expect(await remembered(ada.user.id)).toMatchObject([
      { query: 'Saffron  INVOICE', queryKey: 'saffron invoice', resultsCount: 1 },
    ]);
  });

  it('keeps "last seen" to the minute', async () => {
    const ada = await signedInClient(t.app);
    const stale = await ageLastSeen(t.app.deps.db, ada.sessionId);
    expect((await ada.post('/api/content/search', { query: 'nothing' })).statusCode).toBe(200);
    expect((await lastSeenOf(t.app.deps.db, ada.sessionId)).getTime()).toBeGreaterThan(stale.getTime() + 4 * 60_000);
  });
});
