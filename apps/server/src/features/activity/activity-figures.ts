/** SQL expressions (parameters, as `$1::uuid`) a per-day figure is selected over. */
export interface DayFigureTerms {
  userId: string;
  /** The user's zone, text: the day a timestamp falls on. */
  timeZone: string;
  /** First and last day, both included, as dates. */
  start: string;
  end: string;
}

/**
 * What the dashboard shows from other features' data. Those features record their events here, so
 * activity imports none of them: each supplies its figures when its routes are registered.
 */
export interface ActivityFigures {
  /**
   * The user's live files, and the views their files have received (a deleted file's views stay
   * counted): a select of at most one row `(files int, views int)` for the user `userId` (an SQL
   * expression), a part of the dashboard's one statement (activity-reads.ts).
   */
  contentCountsSql(userId: string): string;
  /**
   * Views of the user's files per calendar day: a select of rows `(day text, value int)`, a part of
   * the analytics' one statement (analytics-reads.ts).
   */
  viewsByDaySql(terms: DayFigureTerms): string;
  /**
   * People who first opened (`opens`), and first clicked (`clicks`), a message of the user's
   * campaigns, per day in the user's zone: selects of rows `(day text, value int)`, as above.
   */
  campaignReactionsByDaySql(terms: DayFigureTerms): { opens: string; clicks: string };
}

const supplied: Partial<ActivityFigures> = {};

/** Called by the feature that owns the data (content, campaigns) as its routes are registered. */
export function supplyActivityFigures(figures: Partial<ActivityFigures>): void {
  Object.assign(supplied, figures);
}

export function activityFigures(): ActivityFigures {
  const { contentCountsSql, viewsByDaySql, campaignReactionsByDaySql } = supplied;
  if (!contentCountsSql || !viewsByDaySql || !campaignReactionsByDaySql) {
    throw new Error('Activity figures are supplied by the content and campaigns features: register their routes.');
  }
  return { contentCountsSql, viewsByDaySql, campaignReactionsByDaySql };
}
