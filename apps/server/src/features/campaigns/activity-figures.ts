import type { ActivityFigures, DayFigureTerms } from '../activity';

/**
 * People who first opened (or clicked) a message of the user's campaigns, per day in the user's zone:
 * what the campaigns' own Opens and Clicks count (one per recipient, machines left out). The range
 * is on the instant itself, from the first day's local midnight to the one after the last day, so
 * each campaign's reactions are read from its partial index (campaigns.tables.ts), not by reading
 * every recipient.
 */
const firstReactionsByDaySql = (firstAt: 'first_opened_at' | 'first_clicked_at', t: DayFigureTerms) => `
  select reaction.day::text as day, count(*)::int as value
  from campaign_recipients r
  join campaigns c on c.id = r.campaign_id
  cross join lateral (select (r.${firstAt} at time zone ${t.timeZone})::date as day) as reaction
  where c.user_id = ${t.userId}
    and r.${firstAt} >= (${t.start}::timestamp at time zone ${t.timeZone})
    and r.${firstAt} < ((${t.end} + 1)::timestamp at time zone ${t.timeZone})
  group by reaction.day`;

/** The campaigns' part of the dashboard's figures (supplied to activity by campaigns.routes.ts). */
export const campaignActivityFigures: Pick<ActivityFigures, 'campaignReactionsByDaySql'> = {
  campaignReactionsByDaySql: (terms) => ({
    opens: firstReactionsByDaySql('first_opened_at', terms),
    clicks: firstReactionsByDaySql('first_clicked_at', terms),
  }),
};
