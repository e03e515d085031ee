import { jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables';

/**
 * A user's client preferences (theme and display), validated by the shared schema on the way in
 * and read through it with defaults on the way out. The time zone lives on users.timezone.
 */
export const userPreferences = pgTable('user_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
