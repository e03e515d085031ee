import type { ActivityFigures } from '../activity';

/** The content hub's part of the dashboard's figures (supplied to activity by content.routes.ts). */
export const contentActivityFigures: Pick<ActivityFigures, 'contentCountsSql' | 'viewsByDaySql'> = {
  // the owner's stats row, kept with each file and view (owner-stats.ts)
  contentCountsSql: (userId) => `
    select s.file_count as files, s.view_count::bigint as views from content_owner_stats s where s.owner_user_id = ${userId}`,
  viewsByDaySql: (t) => `
    select v.day::text as day, v.views as value from content_view_days v
    where v.owner_user_id = ${t.userId} and v.day between ${t.start} and ${t.end}`,
};
