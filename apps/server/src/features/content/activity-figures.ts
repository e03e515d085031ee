import { and, between, eq } from 'drizzle-orm';
import type { ActivityFigures } from '../activity';
import { contentViewDays } from './content.tables';
import { contentCounts } from './owner-stats';

/** The content hub's part of the dashboard's figures (supplied to activity by content.routes.ts). */
export const contentActivityFigures: Pick<ActivityFigures, 'contentCounts' | 'viewsByDay'> = {
  async contentCounts(db, userId) {
    const counts = await contentCounts(db, userId);
    return { files: counts.contentCount, views: counts.viewCount };
  },
  async viewsByDay(db, userId, { start, end }) {
    const rows = await db
      .select({ day: contentViewDays.day, views: contentViewDays.views })
      .from(contentViewDays)
      .where(and(eq(contentViewDays.ownerUserId, userId), between(contentViewDays.day, start, end)));
    return new Map(rows.map((row) => [row.day, row.views]));
  },
};
