// The activity feature's public entry: what other features may import (docs/decisions/0043).
export {
  ACTIVITY_CONTEXT_COLUMNS,
  ACTIVITY_PARAMETERS,
  activityContextOf,
  activityContextStatement,
  activityEvent,
  activityParts,
  activityPartsOfRecord,
  activityRecord,
  activityValues,
} from './activity-in-statement';
export type { ActivityContext, ActivityContextRow, ActivityEvent } from './activity-in-statement';
export { recordActivity, recordSignIn } from './activity.service';
export { addDays, localDay } from './calendar';
export type { CalendarDay } from './calendar';
export { supplyActivityFigures } from './activity-figures';
export type { ActivityFigures, DayFigureTerms } from './activity-figures';
