import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Period } from '@tp/shared';

function validTimeZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}

/**
 * The condition for a period of the file list and search: today (since midnight in the user's
 * time zone), the last 7 days, the last 30 days; none for "all".
 */
export function createdSince(column: SQLWrapper, period: Period, timeZone: string): SQL | undefined {
  switch (period) {
    case 'today': {
      const zone = validTimeZone(timeZone);
      return sql`${column} >= (date_trunc('day', now() at time zone ${zone}) at time zone ${zone})`;
    }
    case 'week':
      return sql`${column} >= now() - interval '7 days'`;
    case 'month':
      return sql`${column} >= now() - interval '30 days'`;
    case 'all':
      return undefined;
  }
}
