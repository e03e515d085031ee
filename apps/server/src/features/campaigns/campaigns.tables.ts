import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { ownerId } from '../users/users.tables';

export const contactLists = pgTable(
  'contact_lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerId(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('contact_lists_user_name_key').on(t.userId, sql`lower(${t.name})`)],
);

/** A user's address book; addresses are stored trimmed and lowercased, once per user. */
export const contacts = pgTable(
  'contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerId(),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('contacts_user_email_key').on(t.userId, t.email),
    index('contacts_user_created_idx').on(t.userId, t.createdAt),
  ],
);

export const contactListMembers = pgTable(
  'contact_list_members',
  {
    listId: uuid('list_id')
      .notNull()
      .references(() => contactLists.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.listId, t.contactId] }), index('contact_list_members_contact_idx').on(t.contactId)],
);

/** A streamed import's valid addresses, gathered in batches, then moved into contacts in one transaction. */
export const contactImportRows = pgTable(
  'contact_import_rows',
  {
    importId: uuid('import_id').notNull(),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.email] })],
);

export type SuppressionReason = 'unsubscribed' | 'hard_bounce' | 'complaint';

/** Addresses a sender may no longer mail: unsubscribed, hard-bounced or complained. */
export const emailSuppressions = pgTable(
  'email_suppressions',
  {
    userId: ownerId(),
    email: text('email').notNull(),
    reason: text('reason').$type<SuppressionReason>().notNull(),
    campaignId: uuid('campaign_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.email] })],
);

export type CampaignRowStatus = 'draft' | 'scheduled' | 'sending' | 'paused' | 'sent' | 'cancelled' | 'failed';
export type CampaignKind = 'campaign' | 'bulk' | 'notification';

/** One link of a campaign's message: click-through requests redirect only to these. */
export interface CampaignLink {
  url: string;
}

export interface AttachedFile {
  id: string;
  name: string;
  url: string;
  size: number;
  type: string;
}

export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerId(),
    kind: text('kind').$type<CampaignKind>().notNull().default('campaign'),
    name: text('name').notNull(),
    subject: text('subject').notNull(),
    template: text('template').notNull(),
    message: text('message').notNull().default(''),
    selectedLists: uuid('selected_lists')
      .array()
      .notNull()
      .default(sql`ARRAY[]::uuid[]`),
    attachedFiles: jsonb('attached_files').$type<AttachedFile[]>().notNull().default([]),
    isImmediate: boolean('is_immediate').notNull().default(true),
    status: text('status').$type<CampaignRowStatus>().notNull(),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
    awaitingConfirmation: boolean('awaiting_confirmation').notNull().default(false),
    /** The message rendered once when sending starts, with placeholders for each recipient's links. */
    html: text('html'),
    text: text('text'),
    links: jsonb('links').$type<CampaignLink[]>().notNull().default([]),
    replyTo: text('reply_to'),
    recipientCount: integer('recipient_count').notNull().default(0),
    deliveredCount: integer('delivered_count').notNull().default(0),
    failedCount: integer('failed_count').notNull().default(0),
    openCount: integer('open_count').notNull().default(0),
    clickCount: integer('click_count').notNull().default(0),
    machineOpenCount: integer('machine_open_count').notNull().default(0),
    machineClickCount: integer('machine_click_count').notNull().default(0),
    unsubscribeCount: integer('unsubscribe_count').notNull().default(0),
    bounceCount: integer('bounce_count').notNull().default(0),
    error: text('error'),
    /** The Idempotency-Key of the POST that created it (unique per user) and the hash of that request. */
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('campaigns_user_created_idx').on(t.userId, t.createdAt),
    index('campaigns_status_idx').on(t.status, t.scheduledFor),
    index('campaigns_user_started_idx').on(t.userId, t.startedAt),
    uniqueIndex('campaigns_idempotency_key')
      .on(t.userId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} IS NOT NULL`),
  ],
);

/**
 * One row per (campaign, recipient), made when sending starts: the unit of idempotent sending.
 * `outboxId` is set in the same transaction that writes the recipient's message to the outbox, so
 * a recipient is either unclaimed (null) or has exactly one message; the outbox row carries its
 * delivery state.
 */
export const campaignRecipients = pgTable(
  'campaign_recipients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    /** No foreign key on purpose: were outbox rows ever pruned, a recipient must not look unclaimed and go out again. */
    outboxId: uuid('outbox_id'),
    openCount: integer('open_count').notNull().default(0),
    clickCount: integer('click_count').notNull().default(0),
    firstOpenedAt: timestamp('first_opened_at', { withTimezone: true }),
    firstClickedAt: timestamp('first_clicked_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    bouncedAt: timestamp('bounced_at', { withTimezone: true }),
    bounceType: text('bounce_type'),
  },
  (t) => [
    uniqueIndex('campaign_recipients_campaign_email_key').on(t.campaignId, t.email),
    uniqueIndex('campaign_recipients_outbox_key').on(t.outboxId),
    index('campaign_recipients_unclaimed_idx')
      .on(t.campaignId, t.id)
      .where(sql`${t.outboxId} is null`),
    index('campaign_recipients_email_idx').on(t.email),
    // the dashboard's opens and clicks per day (activity-figures.ts) read only recipients who reacted
    index('campaign_recipients_first_opened_idx')
      .on(t.campaignId, t.firstOpenedAt)
      .where(sql`${t.firstOpenedAt} is not null`),
    index('campaign_recipients_first_clicked_idx')
      .on(t.campaignId, t.firstClickedAt)
      .where(sql`${t.firstClickedAt} is not null`),
  ],
);

/** Every open and click request, human or machine (the counters on campaigns and recipients are derived). */
export const campaignEvents = pgTable(
  'campaign_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => campaignRecipients.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'open' | 'click'>().notNull(),
    machine: boolean('machine').notNull(),
    linkIndex: integer('link_index'),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('campaign_events_campaign_idx').on(t.campaignId, t.createdAt)],
);
