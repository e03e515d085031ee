import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { emailOutbox } from '../../plugins/mail/mail.tables';

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    source: text('source').notNull().default('website'),
    ipAddress: text('ip_address').notNull().default(''),
    outboxId: uuid('outbox_id').references(() => emailOutbox.id),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);
