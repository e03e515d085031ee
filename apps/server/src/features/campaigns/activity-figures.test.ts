import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { executeRows } from '../../db/client';
import { useSignedInTestApp } from '../../test/kit';
import { campaignActivityFigures } from './activity-figures';
import { campaignRecipients, campaigns } from './campaigns.tables';

/** The dashboard's opens per day for a week in Kolkata (UTC+05:30 all year), the user's id a literal. */
const opensOfWeek = (userId: string) =>
  campaignActivityFigures.campaignReactionsByDaySql({
    userId: `'${userId}'::uuid`,
    timeZone: `'Asia/Kolkata'::text`,
    start: `'2026-03-02'::date`,
    end: `'2026-03-08'::date`,
  });

describe("campaigns' opens and clicks per day on the dashboard", () => {
  const t = useSignedInTestApp();

  it("counts a reaction on the user's local day, from the first day's midnight to the last day's end", async () => {
    const { db } = t.app.deps;
    const [campaign] = await db
      .insert(campaigns)
      .values({ userId: t.client.user.id, name: 'Cotton', subject: 'Prices', template: 'plain', status: 'sent' })
      .returning({ id: campaigns.id });
    const opened = (email: string, at: string) => ({ campaignId: campaign!.id, email, firstOpenedAt: new Date(at) });
    await db.insert(campaignRecipients).values([
      opened('before@example.com', '2026-03-01T18:29:59.999Z'), // 23:59:59.999 on 1 March in Kolkata
      opened('first@example.com', '2026-03-01T18:30:00Z'), // midnight starting 2 March there
      opened('last@example.com', '2026-03-08T18:29:59.999Z'), // the last instant of 8 March
      opened('after@example.com', '2026-03-08T18:30:00Z'), // 9 March
    ]);
    const rows = await executeRows<{ day: string; value: number }>(
      db,
      sql.raw(`${opensOfWeek(t.client.user.id).opens} order by 1`),
    );
    expect(rows).toEqual([
      { day: '2026-03-02', value: 1 },
      { day: '2026-03-08', value: 1 },
    ]);
  });

  it("reads each campaign's reactions in the week from its partial index, not every recipient", async () => {
    const plans = Object.values(opensOfWeek(t.client.user.id)).map((statement) =>
      t.app.deps.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const [row] = await executeRows<{ 'QUERY PLAN': unknown }>(tx, sql.raw(`explain (format json) ${statement}`));
        return JSON.stringify(row!['QUERY PLAN']);
      }),
    );
    const [opens, clicks] = await Promise.all(plans);
    expect(opens).toMatch(
      /"Index Name":"campaign_recipients_first_opened_idx"[^}]*"Index Cond":"[^"]*first_opened_at >=/,
    );
    expect(clicks).toMatch(
      /"Index Name":"campaign_recipients_first_clicked_idx"[^}]*"Index Cond":"[^"]*first_clicked_at >=/,
    );
  });
});
