import { timestamp } from 'drizzle-orm/pg-core';

/** Column helpers every feature's tables use. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
