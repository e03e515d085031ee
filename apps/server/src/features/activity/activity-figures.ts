import type { DbExecutor } from '../../db/client';
import type { CalendarDay } from './calendar';

export interface DayRange {
  start: CalendarDay;
  end: CalendarDay;
}

/**
 * What the dashboard shows from other features' data. Those features record their events here, so
 * activity imports none of them: each supplies its figures when its routes are registered.
 */
export interface ActivityFigures {
  /** The user's live files, and the views their files have received (a deleted file's views stay counted). */
  contentCounts(db: DbExecutor, userId: string): Promise<{ files: number; views: number }>;
  /** Views of the user's files per calendar day. */
  viewsByDay(db: DbExecutor, userId: string, range: DayRange): Promise<Map<CalendarDay, number>>;
  /** People who first opened, and first clicked, a message of the user's campaigns, per day in the user's zone. */
  campaignReactionsByDay(
    db: DbExecutor,
    user: { id: string; timezone: string },
    range: DayRange,
  ): Promise<{ opens: Map<CalendarDay, number>; clicks: Map<CalendarDay, number> }>;
}

const supplied: Partial<ActivityFigures> = {};

/** Called by the feature that owns the data (content, campaigns) as its routes are registered. */
export function supplyActivityFigures(figures: Partial<ActivityFigures>): void {
  Object.assign(supplied, figures);
}

export function activityFigures(): ActivityFigures {
  const { contentCounts, viewsByDay, campaignReactionsByDay } = supplied;
  if (!contentCounts || !viewsByDay || !campaignReactionsByDay) {
    throw new Error('Activity figures are supplied by the content and campaigns features: register their routes.');
  }
  return { contentCounts, viewsByDay, campaignReactionsByDay };
}
