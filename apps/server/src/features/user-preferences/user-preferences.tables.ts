import { jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { ownerId } from '../users/users.tables';

/**
 * A user's client preferences (theme and display), validated by the shared schema on the way in
 * and read through it with defaults on the way out. The time zone lives on users.timezone.
 */
export const userPreferences = pgTable('user_preferences', {
  userId: ownerId().primaryKey(),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
