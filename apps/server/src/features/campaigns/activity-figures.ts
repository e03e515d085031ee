import type { ActivityFigures, DayFigureTerms } from '../activity';

/**
 * People who first opened (or clicked) a message of the user's campaigns, per day in the user's zone:
 * what the campaigns' own Opens and Clicks count (one per recipient, machines left out).
 */
const firstReactionsByDaySql = (firstAt: 'first_opened_at' | 'first_clicked_at', t: DayFigureTerms) => `
  select reaction.day::text as day, count(*)::int as value
  from campaign_recipients r
  join campaigns c on c.id = r.campaign_id
  cross join lateral (select (r.${firstAt} at time zone ${t.timeZone})::date as day) as reaction
  where c.user_id = ${t.userId} and r.${firstAt} is not null and reaction.day between ${t.start} and ${t.end}
  group by reaction.day`;

/** The campaigns' part of the dashboard's figures (supplied to activity by campaigns.routes.ts). */
export const campaignActivityFigures: Pick<ActivityFigures, 'campaignReactionsByDaySql'> = {
  campaignReactionsByDaySql: (terms) => ({
    opens: firstReactionsByDaySql('first_opened_at', terms),
    clicks: firstReactionsByDaySql('first_clicked_at', terms),
  }),
};
