import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';

/** Every outbound e-mail, written before delivery is attempted. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    template: text('template').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    status: text('status').$type<'pending' | 'sent' | 'dev_mailbox' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** Set while a worker delivers the message, so two workers never send it twice. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    messageId: text('message_id'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('email_outbox_status_idx').on(t.status, t.createdAt),
    index('email_outbox_created_idx').on(t.createdAt),
  ],
);
