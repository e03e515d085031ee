import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';

export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    lists: text('lists')
      .array()
      .notNull()
      .default(sql`ARRAY['general']::text[]`),
    status: text('status').notNull().default('pending'), // pending | confirmed | unsubscribed
    createdAt: createdAt(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('newsletter_subscriptions_email_key').on(t.email)],
);
