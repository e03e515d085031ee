import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { CurrencyCode, TimeZoneSource } from '@tp/shared';
import { createdAt, updatedAt } from '../../db/columns';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    company: text('company').notNull().default(''),
    position: text('position').notNull().default(''),
    plan: text('plan').notNull().default('free'),
    role: text('role').notNull().default('user'),
    timezone: text('timezone').notNull().default('UTC'),
    /** default (UTC, nobody chose), browser (adopted from the first browser that reported its zone) or user. */
    timezoneSource: text('timezone_source').$type<TimeZoneSource>().notNull().default('default'),
    /**
     * The desk's home (functional) currency: every desk figure marked "home" is in it
     * (docs/desk.md#1-home-currency-currencies-and-rates).
     */
    homeCurrency: text('home_currency').$type<CurrencyCode>().notNull().default('USD'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    passwordHash: text('password_hash'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email), index('users_created_at_idx').on(t.createdAt)],
);

export type UserRow = typeof users.$inferSelect;

/** A column naming a user; the row goes when the user does. */
export const userReference = (column = 'user_id') => uuid(column).references(() => users.id, { onDelete: 'cascade' });

/** The owner column every owned table carries, in one shape (a later team workspace owns rows the same way). */
export const ownerId = (column = 'user_id') => userReference(column).notNull();
