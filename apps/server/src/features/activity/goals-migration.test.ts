import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { MIGRATIONS_DIR } from '../../db/client';

const GOALS_MIGRATION = '0010_goals-from-real-events.sql';

async function apply(db: PGlite, file: string): Promise<void> {
  const text = readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
  for (const statement of text.split('--> statement-breakpoint')) if (statement.trim()) await db.exec(statement);
}

/**
 * The data steps of the migration to goals from real events (docs/decisions/0034): clicks from
 * before keep their rows, only the first click of an action on a day keeps its XP, days are summed
 * again, and the badges click XP or click progress could earn are dropped to be earned again.
 */
describe('migration: quick actions earn XP once a day', () => {
  let db: PGlite;
  const ada = '00000000-0000-4000-8000-00000000000a';

  beforeAll(async () => {
    db = await PGlite.create();
    const files = readdirSync(MIGRATIONS_DIR)
      .filter((name) => name.endsWith('.sql'))
      .sort();
    for (const file of files.slice(0, files.indexOf(GOALS_MIGRATION))) await apply(db, file);
    await db.exec(`
      insert into users (id, email, name) values ('${ada}', 'ada@example.com', 'Ada');
      insert into activity_days (user_id, day, time_zone, visited_at, streak, progress, quick_actions, xp, completed_at)
      values ('${ada}', '2026-05-11', 'UTC', '2026-05-11T08:00:00Z', 1, 100, 12, 5 + 10 * 20 + 3, '2026-05-11T09:00:00Z'),
             ('${ada}', '2026-05-12', 'UTC', '2026-05-12T08:00:00Z', 2, 10, 1, 5 + 20, null);
      insert into user_activity (user_id, kind, action, xp, day, occurred_at, key) values
        ('${ada}', 'daily_login', null, 5, '2026-05-11', '2026-05-11T08:00:00Z', 'daily_login:2026-05-11'),
        ('${ada}', 'daily_login', null, 5, '2026-05-12', '2026-05-12T08:00:00Z', 'daily_login:2026-05-12');
      insert into user_activity (user_id, kind, action, xp, day, occurred_at, key)
        select '${ada}', 'quick_action', 'enhanced-trading', case when n <= 10 then 20 else 0 end, '2026-05-11',
          timestamptz '2026-05-11T08:00:00Z' + n * interval '1 minute', 'quick:old-' || n
        from generate_series(1, 11) as n;
      insert into user_activity (user_id, kind, action, xp, day, occurred_at, key) values
        ('${ada}', 'quick_action', 'daily-summary', 0, '2026-05-11', '2026-05-11T09:30:00Z', 'quick:old-ds'),
        ('${ada}', 'quick_action', 'enhanced-trading', 20, '2026-05-12', '2026-05-12T08:05:00Z', 'quick:old-12');
      insert into user_achievements (user_id, achievement_id, earned_at) values
        ('${ada}', 'first-visit', '2026-05-11T08:00:00Z'),
        ('${ada}', 'goal-getter', '2026-05-11T09:00:00Z'),
        ('${ada}', 'xp-100', '2026-05-11T08:05:00Z');
    `);
    await apply(db, GOALS_MIGRATION);
  }, 120_000);
  afterAll(() => db?.close());

  it('keeps every click, with its XP only on the first rewarded click of an action on a day', async () => {
    const { rows } = await db.query<{ day: string; action: string; clicks: number; xp: number }>(`
      select day::text, action, count(*)::int as clicks, sum(xp)::int as xp from user_activity
      where kind = 'quick_action' group by day, action order by day, action`);
    expect(rows).toEqual([
      { day: '2026-05-11', action: 'daily-summary', clicks: 1, xp: 0 },
      { day: '2026-05-11', action: 'enhanced-trading', clicks: 11, xp: 20 },
      { day: '2026-05-12', action: 'enhanced-trading', clicks: 1, xp: 20 },
    ]);
  });

  it("sums each day's XP again from its events and drops the click-driven columns", async () => {
    const { rows } = await db.query<Record<string, unknown>>('select * from activity_days order by day');
    expect(rows).toHaveLength(2);
    expect(rows.map((row) => row.xp)).toEqual([5 + 20, 5 + 20]);
    expect(Object.keys(rows[0]!)).not.toContain('progress');
    expect(Object.keys(rows[0]!)).not.toContain('completed_at');
  });

  it('drops the badges clicks could earn, keeps the rest', async () => {
    const { rows } = await db.query<{ achievement_id: string }>('select achievement_id from user_achievements');
    expect(rows.map((row) => row.achievement_id)).toEqual(['first-visit']);
  });

  it('refuses a second rewarded click of an action on a day from now on', async () => {
    await expect(
      db.query(
        `insert into user_activity (user_id, kind, action, xp, day, key)
         values ('${ada}', 'quick_action', 'enhanced-trading', 20, '2026-05-12', 'quick:new')`,
      ),
    ).rejects.toThrow(/user_activity_quick_action_once/);
  });
});
