import { and, between, count, eq, isNotNull, sql, type AnyColumn } from 'drizzle-orm';
import type { ActivityFigures, CalendarDay, DayRange } from '../activity';
import type { DbExecutor } from '../../db/client';
import { campaignRecipients, campaigns } from './campaigns.tables';

/**
 * People who first opened (or clicked) a message of the user's campaigns, per day in the user's zone:
 * what the campaigns' own Opens and Clicks count (one per recipient, machines left out).
 */
async function firstReactionsByDay(
  db: DbExecutor,
  user: { id: string; timezone: string },
  firstAt: AnyColumn,
  range: DayRange,
): Promise<Map<CalendarDay, number>> {
  const day = sql<string>`to_char((${firstAt} at time zone ${user.timezone})::date, 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, n: count() })
    .from(campaignRecipients)
    .innerJoin(campaigns, eq(campaigns.id, campaignRecipients.campaignId))
    .where(and(eq(campaigns.userId, user.id), isNotNull(firstAt), between(day, range.start, range.end)))
    // by position: the day's expression carries the zone as a parameter, numbered anew at each use
    .groupBy(sql`1`);
  return new Map(rows.map((row) => [row.day as CalendarDay, row.n]));
}

/** The campaigns' part of the dashboard's figures (supplied to activity by campaigns.routes.ts). */
export const campaignActivityFigures: Pick<ActivityFigures, 'campaignReactionsByDay'> = {
  async campaignReactionsByDay(db, user, range) {
    const opens = await firstReactionsByDay(db, user, campaignRecipients.firstOpenedAt, range);
    const clicks = await firstReactionsByDay(db, user, campaignRecipients.firstClickedAt, range);
    return { opens, clicks };
  },
};
