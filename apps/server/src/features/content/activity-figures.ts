import type { ActivityFigures } from '../activity';
import { contentCounts } from './owner-stats';

/** The content hub's part of the dashboard's figures (supplied to activity by content.routes.ts). */
export const contentActivityFigures: Pick<ActivityFigures, 'contentCounts' | 'viewsByDaySql'> = {
  async contentCounts(db, userId) {
    const counts = await contentCounts(db, userId);
    return { files: counts.contentCount, views: counts.viewCount };
  },
  viewsByDaySql: (t) => `
    select v.day::text as day, v.views as value from content_view_days v
    where v.owner_user_id = ${t.userId} and v.day between ${t.start} and ${t.end}`,
};
