import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { refreshResponseSchema } from '@tp/shared';
import { refreshTokens } from '../../db/schema';
import { hashToken } from '../../plugins/tokens/one-time-tokens';
import { bearer, useTestApp, signedInClient, usingPostgres } from '../../test/kit';

describe(`refreshes within the grace window keep a session one chain (${usingPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  const suite = useTestApp();

  const refresh = (refreshToken: string) =>
    suite.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });

  it('answers 10 concurrent refreshes of one token with one and the same successor', async () => {
    const { refreshToken, sessionId } = await signedInClient(suite.app);
    const answers = await Promise.all(Array.from({ length: 10 }, () => refresh(refreshToken)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const successors = new Set(answers.map((a) => refreshResponseSchema.parse(a.json()).refreshToken));
    expect(successors.size).toBe(1);
    const [successor] = [...successors] as [string];

    // one successor stored: the family is one chain, parent → child
    const family = await suite.app.deps.db.select().from(refreshTokens).where(eq(refreshTokens.sessionId, sessionId));
    expect(family).toHaveLength(2);
    expect(family.find((t) => t.tokenHash === hashToken(successor))?.parentId).toBe(
      family.find((t) => t.tokenHash === hashToken(refreshToken))?.id,
    );

    // every access token answered works, and the chain goes on from the one successor
    for (const answer of answers) {
      const me = await suite.app.inject({
        url: '/api/auth/me',
        headers: bearer(refreshResponseSchema.parse(answer.json()).token),
      });
      expect(me.statusCode).toBe(200);
    }
    const next = await refresh(successor);
    expect(next.statusCode).toBe(200);
    expect(refreshResponseSchema.parse(next.json()).refreshToken).not.toBe(successor);
  });

  it('does not let the copies answered in the grace window fork the session later', async () => {
    const { refreshToken } = await signedInClient(suite.app);
    const [first, second] = await Promise.all([refresh(refreshToken), refresh(refreshToken)]);
    const a = refreshResponseSchema.parse(first.json()).refreshToken;
    const b = refreshResponseSchema.parse(second.json()).refreshToken;
    expect(a).toBe(b);
    // the tab that refreshed first goes on; the other tab's copy is the same token, now used
    expect((await refresh(a)).statusCode).toBe(200);
    await suite.app.deps.db
      .update(refreshTokens)
      .set({ usedAt: sql`now() - interval '11 seconds'` })
      .where(eq(refreshTokens.tokenHash, hashToken(b)));
    // a late replay of the used copy is theft: the whole session ends
    expect((await refresh(b)).statusCode).toBe(401);
  });
});
