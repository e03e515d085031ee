import { describe, expect, it } from 'vitest';
import { publicStatsResponseSchema } from '@tp/shared';
import { useTestApp } from '../../test/kit';
import { users } from '../../db/schema';

describe('GET /api/stats/public', () => {
  const t = useTestApp();

  it('answers zeros when nobody has signed up', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/stats/public' });
    expect(res.statusCode).toBe(200);
    expect(publicStatsResponseSchema.parse(res.json())).toEqual({ signupsLastHour: 0, totalUsers: 0 });
  });

  it('counts only the sign-ups of the last hour, and all users in the total', async () => {
    const now = Date.now();
    await t.app.deps.db.insert(users).values([
      { email: 'new1@example.com', createdAt: new Date(now - 5 * 60_000) },
      { email: 'new2@example.com', createdAt: new Date(now - 59 * 60_000) },
      { email: 'old@example.com', createdAt: new Date(now - 61 * 60_000) },
      { email: 'older@example.com', createdAt: new Date(now - 3 * 24 * 60 * 60_000) },
    ]);
    const res = await t.app.inject({ method: 'GET', url: '/api/stats/public' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(publicStatsResponseSchema.parse(res.json())).toEqual({ signupsLastHour: 2, totalUsers: 4 });
  });
});
