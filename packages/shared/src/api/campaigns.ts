import { z } from 'zod';
import { emailSchema, paginationSchema } from './common';
import { messageFieldsChecked, subjectFieldsChecked } from './merge-fields';
import { text } from './text';

/**
 * E-mail campaigns contract (docs/product/api.md#campaigns, docs/product/campaigns.md):
 * contact lists, contacts, import, campaigns and their history. Every call is scoped to the
 * signed-in user and answers `{data}`; another user's id answers 404.
 */

export const CAMPAIGN_MESSAGES = {
  /** docs/product/campaigns.md#campaign-messages, verbatim. */
  draftIncomplete: 'Please fill in campaign name, subject, and select at least one contact list',
  noValidEmails: 'No valid email addresses found',
  contactEmailRequired: 'Please enter an email address',
  campaignSent: 'Campaign sent successfully!',
  campaignFailed: 'Failed to send campaign',
  listNotFound: 'Contact list not found',
  contactNotFound: 'Contact not found',
  /** DELETE /api/contact-lists/{id}/contacts/{contactId} of a contact the list does not hold. */
  contactNotInList: (email: string, list: string) => `${email} is not in the list “${list}”`,
  campaignNotFound: 'Campaign not found',
  listNameTaken: 'A contact list with this name already exists',
  scheduleInPast: 'Pick a time in the future to schedule the campaign',
  noRecipients: 'The selected contact lists have no contacts that can receive e-mail',
  noAddressable: 'None of these addresses can receive e-mail from you (unsubscribed or blocked)',
  attachmentNotFound: 'File not found among your files',
  attachmentDeleted: 'A file attached to this campaign has been deleted',
  /**
   * POST /api/campaigns/{id}/send (and a scheduled start) of a draft or scheduled campaign one of
   * whose lists was deleted: 400 LIST_DELETED naming each in `details` (`selectedLists.1`).
   */
  listDeleted: 'A contact list of this campaign has been deleted: pick another list before sending it',
  pickList: 'Select at least one contact list',
  quotaExceeded: 'Daily recipient limit reached',
  /** POST /api/email/send/notification to an address that is neither the user's own nor a contact's: 403 naming `to`. */
  notificationRecipient: 'A notification can go only to your own address or to one of your contacts',
  /** POST /api/email/send/notification past NOTIFICATIONS_PER_DAY: 429 with Retry-After. */
  notificationLimitReached: 'Daily notification limit reached',
  importTooLarge: 'The import is larger than the limit',
  badUnsubscribeLink: 'This unsubscribe link is invalid',
  unsubscribed: 'You have been unsubscribed',
} as const;

export const CAMPAIGN_LIMITS = {
  nameMax: 200,
  subjectMax: 200,
  messageMax: 20_000,
  listsPerCampaign: 50,
  attachmentsMax: 10,
  contactNameMax: 200,
  listNameMax: 100,
  /** Characters of pasted text in a JSON import (larger imports stream as text/plain or text/csv). */
  importTextMax: 1_000_000,
  /** Bytes of a streamed import body. */
  importBytesMax: 32 * 1_048_576,
  /** A progress line of a streamed import every this many lines. */
  importProgressEvery: 5_000,
  bulkRecipientsMax: 1_000,
  contactsPageMax: 200,
  /** Contacts one POST /api/contact-lists/members links. */
  membersPerRequest: 200,
  historyMax: 100,
} as const;

const uuid = z.uuid();
const isoDate = text().max(40);
const count = z.number().int().min(0);
const trimmedName = (max: number) => text().trim().max(max);

// ---------------------------------------------------------------- contact lists

/** Contact list (docs/product/campaigns.md#contact-lists): id, name, count (contacts in the list). */
export const contactListSchema = z.object({ id: uuid, name: text(), count });
export type ContactList = z.infer<typeof contactListSchema>;

/** POST /api/contact-lists, PATCH /api/contact-lists/{id} */
export const contactListRequestSchema = z.object({
  name: trimmedName(CAMPAIGN_LIMITS.listNameMax).min(1, 'Please enter a list name'),
});
export type ContactListRequest = z.input<typeof contactListRequestSchema>;

export const contactListsResponseSchema = z.object({ data: z.array(contactListSchema) });
export const contactListResponseSchema = z.object({ data: contactListSchema });

/**
 * DELETE /api/contact-lists/{id}/contacts/{contactId}: takes the contact out of the list (204, no
 * body); the contact and the list stay. Another user's list or contact answers 404, as does a
 * contact the list does not hold (`CAMPAIGN_MESSAGES.contactNotInList`).
 */
export const contactListMemberParamsSchema = z.object({ id: uuid, contactId: uuid });
export type ContactListMemberParams = z.infer<typeof contactListMemberParamsSchema>;
/** Its answer: 204 with no body. */
export const removeListMemberResponseSchema = z.null();

/**
 * POST /api/contact-lists/members: links contacts already in the address book to lists — every
 * named contact to every named list (one it is already in stays as it is). Only what still exists
 * among the user's own: a contact or list deleted meanwhile (or another user's) answers 404 naming
 * each (`contacts.0`, `lists.1`) and nothing is linked. Unlike POST /api/contacts it never makes a
 * contact. The answer: the named contacts as they are now.
 */
export const addListMembersRequestSchema = z.object({
  contacts: z.array(uuid).min(1).max(CAMPAIGN_LIMITS.membersPerRequest),
  lists: z.array(uuid).min(1).max(CAMPAIGN_LIMITS.listsPerCampaign),
});
export type AddListMembersRequest = z.input<typeof addListMembersRequestSchema>;

// ---------------------------------------------------------------- contacts

/** Whether a contact can receive this user's campaigns, and if not, why. */
export const CONTACT_STATUSES = ['active', 'unsubscribed', 'bounced', 'complained'] as const;
export const contactStatusSchema = z.enum(CONTACT_STATUSES);
export type ContactStatus = z.infer<typeof contactStatusSchema>;

/** Contact (docs/product/campaigns.md#contacts): email, name, lists (contact-list ids); plus id and delivery status. */
export const contactSchema = z.object({
  id: uuid,
  email: text(),
  name: text(),
  lists: z.array(uuid),
  status: contactStatusSchema,
  createdAt: isoDate,
});
export type Contact = z.infer<typeof contactSchema>;

/** POST /api/contacts — e-mail required and valid; adding a known address adds it to the lists. */
export const createContactRequestSchema = z.object({
  email: text({ error: CAMPAIGN_MESSAGES.contactEmailRequired })
    .trim()
    .min(1, CAMPAIGN_MESSAGES.contactEmailRequired)
    .pipe(emailSchema),
  name: trimmedName(CAMPAIGN_LIMITS.contactNameMax).default(''),
  lists: z.array(uuid).max(CAMPAIGN_LIMITS.listsPerCampaign).default([]),
});
export type CreateContactRequest = z.input<typeof createContactRequestSchema>;
export type ParsedCreateContactRequest = z.output<typeof createContactRequestSchema>;

/** GET /api/contacts?list=&search=&page=&limit= */
export const contactsQuerySchema = z.object({
  list: uuid.optional(),
  search: text().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(CAMPAIGN_LIMITS.contactsPageMax).default(50),
});

export const contactsResponseSchema = z.object({
  data: z.array(contactSchema),
  pagination: paginationSchema,
});
export const contactResponseSchema = z.object({ data: contactSchema });
/** The answer of POST /api/contact-lists/members. */
export const addListMembersResponseSchema = z.object({ data: z.array(contactSchema) });

/**
 * POST /api/contacts/import, JSON: the pasted text (one address per line, or CSV with an email
 * column) and the lists to add every imported address to. Larger imports send the same text as
 * the body (text/plain or text/csv, streamed) with the lists as `?lists=id,id`.
 */
export const importRequestSchema = z.object({
  text: text().max(CAMPAIGN_LIMITS.importTextMax),
  lists: z.array(uuid).max(CAMPAIGN_LIMITS.listsPerCampaign).default([]),
});

export const importListsQuerySchema = z.object({
  lists: text()
    .max(40 * CAMPAIGN_LIMITS.listsPerCampaign)
    .optional()
    .transform((v) => (v ? v.split(',').filter(Boolean) : []))
    .pipe(z.array(uuid).max(CAMPAIGN_LIMITS.listsPerCampaign)),
});

/**
 * GET /api/contact-lists/recipients?lists=<id>,<id>: how many people a campaign to these lists
 * reaches — each address once however many of the lists hold it, none that unsubscribed from this
 * sender or was blocked by a bounce or complaint. The compose summary shows it.
 */
export const recipientCountQuerySchema = importListsQuerySchema;
export const recipientCountSchema = z.object({ lists: count, recipients: count });
export type RecipientCount = z.infer<typeof recipientCountSchema>;
export const recipientCountResponseSchema = z.object({ data: recipientCountSchema });

/**
 * imported: new contacts; skipped: valid addresses already among the user's contacts or repeated
 * in the import (still added to the lists); invalid: non-empty lines without a valid address.
 */
export const importResultSchema = z.object({ imported: count, skipped: count, invalid: count });
export type ImportResult = z.infer<typeof importResultSchema>;
export const importResponseSchema = z.object({ data: importResultSchema });

/**
 * Streamed import answer (request `Accept: application/x-ndjson`): one JSON object per line.
 * `progress` every CAMPAIGN_LIMITS.importProgressEvery lines read, then one per slice saved, then
 * exactly one `done` or `error` line. `lines` counts lines read so far, `bytes` the body bytes.
 */
export const importProgressLineSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('progress'),
    phase: z.enum(['reading', 'saving']),
    lines: count,
    bytes: count,
    valid: count,
    invalid: count,
    /** Valid addresses moved into the contacts so far (phase saving). */
    saved: count,
  }),
  z.object({ type: z.literal('done'), data: importResultSchema }),
  z.object({ type: z.literal('error'), status: z.number().int(), error: text(), code: text() }),
]);
export type ImportProgressLine = z.infer<typeof importProgressLineSchema>;

// ---------------------------------------------------------------- templates

/** The composer's templates; `campaign` is the spec's Custom Message and the default. */
export const CAMPAIGN_TEMPLATE_IDS = ['campaign', 'newsletter', 'market-update', 'announcement'] as const;
export const campaignTemplateIdSchema = z.enum(CAMPAIGN_TEMPLATE_IDS);
export type CampaignTemplateId = z.infer<typeof campaignTemplateIdSchema>;
export const DEFAULT_CAMPAIGN_TEMPLATE: CampaignTemplateId = 'campaign';

// ---------------------------------------------------------------- campaigns

export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'sending', 'paused', 'sent', 'cancelled', 'failed'] as const;
export const campaignStatusSchema = z.enum(CAMPAIGN_STATUSES);
export type CampaignStatus = z.infer<typeof campaignStatusSchema>;

const requiredText = (max: number) =>
  text({ error: CAMPAIGN_MESSAGES.draftIncomplete })
    .trim()
    .min(1, CAMPAIGN_MESSAGES.draftIncomplete)
    .max(max)
    .refine((v) => !/[\r\n]/.test(v), 'must be one line');

/**
 * Campaign draft (docs/product/campaigns.md#compose): name, subject, template, message, selectedLists, attachedFiles
 * (content-hub file ids), scheduledFor, isImmediate. Send now: isImmediate true. Schedule:
 * isImmediate false and scheduledFor (ISO 8601 with offset; stored in UTC). Neither: a draft.
 * Missing name, subject or lists: the spec's one message, each field named in `details`. A subject
 * or message with an unknown personalisation field: 400 naming it and the field (./merge-fields).
 */
export const campaignDraftSchema = z.object({
  name: requiredText(CAMPAIGN_LIMITS.nameMax),
  subject: requiredText(CAMPAIGN_LIMITS.subjectMax).superRefine(subjectFieldsChecked),
  template: campaignTemplateIdSchema.default(DEFAULT_CAMPAIGN_TEMPLATE),
  message: text().max(CAMPAIGN_LIMITS.messageMax).superRefine(messageFieldsChecked).default(''),
  selectedLists: z
    .array(uuid, { error: CAMPAIGN_MESSAGES.draftIncomplete })
    .min(1, CAMPAIGN_MESSAGES.draftIncomplete)
    .max(CAMPAIGN_LIMITS.listsPerCampaign),
  attachedFiles: z.array(text().min(1).max(64)).max(CAMPAIGN_LIMITS.attachmentsMax).default([]),
  scheduledFor: z.iso.datetime({ offset: true }).nullable().default(null),
  isImmediate: z.boolean().default(true),
});
export type CampaignDraft = z.input<typeof campaignDraftSchema>;

/**
 * PATCH /api/campaigns/{id}: other lists for a draft or a scheduled campaign (the user picks them
 * for one whose list was deleted). Each must be the user's (else 404 naming it); a campaign that
 * has started answers 409. The answer: the campaign, as GET /api/campaigns/{id}.
 */
export const campaignListsRequestSchema = z.object({
  selectedLists: z
    .array(uuid, { error: CAMPAIGN_MESSAGES.pickList })
    .min(1, CAMPAIGN_MESSAGES.pickList)
    .max(CAMPAIGN_LIMITS.listsPerCampaign),
});
export type CampaignListsRequest = z.input<typeof campaignListsRequestSchema>;
export type ParsedCampaignDraft = z.output<typeof campaignDraftSchema>;

/**
 * Campaign history item (docs/product/campaigns.md#campaign-history). `recipients`: addresses the
 * campaign goes to (0 until it starts).
 */
export const campaignHistoryItemSchema = z.object({
  id: uuid,
  name: text(),
  subject: text(),
  status: campaignStatusSchema,
  /** When the last recipient was settled (status sent), else null. */
  sentAt: isoDate.nullable(),
  scheduledFor: isoDate.nullable(),
  recipients: count,
  /** Recipients who opened (people, not machines) and who clicked a link. */
  opens: count,
  clicks: count,
  /**
   * A scheduled campaign that waits for POST /send: its time passed while the server was down,
   * longer ago than the grace, or one of its lists had been deleted when its time came.
   */
  awaitingConfirmation: z.boolean(),
  /**
   * Of a draft's or a scheduled campaign's lists, those deleted since it was made (else empty):
   * it is not sent (400 LIST_DELETED) until it goes to lists that exist.
   */
  deletedLists: z.array(uuid),
  createdAt: isoDate,
});
export type CampaignHistoryItem = z.infer<typeof campaignHistoryItemSchema>;

/** GET /api/campaigns/{id}: the history item plus the draft and delivery figures. */
export const campaignDetailSchema = campaignHistoryItemSchema.extend({
  template: campaignTemplateIdSchema,
  message: text(),
  selectedLists: z.array(uuid),
  attachedFiles: z.array(text()),
  isImmediate: z.boolean(),
  startedAt: isoDate.nullable(),
  /** Accepted by the relay (or kept by the dev mailbox). */
  delivered: count,
  /** Refused permanently (SMTP 5xx). */
  failed: count,
  /** Not yet settled: waiting for its turn, in flight, or retrying after a temporary failure. */
  pending: count,
  unsubscribes: count,
  /** Open and click requests made by machines (within seconds of delivery, mail scanners, privacy proxies). */
  machineOpens: count,
  machineClicks: count,
  bounces: count,
  /** Why a campaign failed to start (quota, no recipients), else null. */
  error: text().nullable(),
});
export type CampaignDetail = z.infer<typeof campaignDetailSchema>;

export const campaignsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(CAMPAIGN_LIMITS.historyMax).default(50),
});
export const campaignsResponseSchema = z.object({ data: z.array(campaignHistoryItemSchema) });
export const campaignResponseSchema = z.object({ data: campaignDetailSchema });

// ---------------------------------------------------------------- e-mail service calls (base /api/email)

/** Template data of the bulk and notification calls; `message` is the body text. */
export const campaignTemplateDataSchema = z
  .object({
    message: text().max(CAMPAIGN_LIMITS.messageMax).superRefine(messageFieldsChecked).default(''),
    /** The campaign's name in the history (default: the subject). */
    name: text().trim().max(CAMPAIGN_LIMITS.nameMax).optional(),
  })
  .default({ message: '' });

const bulkRecipientSchema = z.union([
  emailSchema,
  z.object({ email: emailSchema, name: trimmedName(CAMPAIGN_LIMITS.contactNameMax).default('') }),
]);

/**
 * POST /api/email/send/bulk-campaign: recipients, subject, template (default campaign), data, attachments
 * (docs/product/campaigns.md#e-mail-service-calls).
 */
export const bulkCampaignRequestSchema = z.object({
  recipients: z.array(bulkRecipientSchema).min(1).max(CAMPAIGN_LIMITS.bulkRecipientsMax),
  subject: requiredText(CAMPAIGN_LIMITS.subjectMax).superRefine(subjectFieldsChecked),
  template: campaignTemplateIdSchema.default(DEFAULT_CAMPAIGN_TEMPLATE),
  data: campaignTemplateDataSchema,
  attachments: z.array(text().min(1).max(64)).max(CAMPAIGN_LIMITS.attachmentsMax).default([]),
});

export const RECIPIENT_RESULTS = ['queued', 'duplicate', 'unsubscribed', 'bounced', 'complained'] as const;
export const bulkCampaignResponseSchema = z.object({
  data: z.object({
    campaignId: uuid,
    results: z.array(z.object({ email: text(), status: z.enum(RECIPIENT_RESULTS) })),
  }),
});

/**
 * POST /api/email/send/notification (to, subject, template, data;
 * docs/product/campaigns.md#e-mail-service-calls): a one-recipient
 * campaign, to the user's own address or one of their contacts, NOTIFICATIONS_PER_DAY a day.
 */
export const notificationRequestSchema = z.object({
  to: emailSchema,
  subject: requiredText(CAMPAIGN_LIMITS.subjectMax).superRefine(subjectFieldsChecked),
  template: campaignTemplateIdSchema.default(DEFAULT_CAMPAIGN_TEMPLATE),
  data: campaignTemplateDataSchema,
});
export const notificationResponseSchema = z.object({
  data: z.object({ campaignId: uuid, status: z.enum(RECIPIENT_RESULTS) }),
});

/** POST /api/email/webhooks/bounce — from the relay; `Authorization: Bearer <BOUNCE_WEBHOOK_SECRET>`. */
export const bounceWebhookSchema = z.object({
  email: emailSchema,
  type: z.enum(['hard', 'soft', 'complaint']),
  /** The Message-ID of the bounced message, when the relay reports it: blames only its sender. */
  messageId: text().max(300).optional(),
});
export type BounceWebhook = z.input<typeof bounceWebhookSchema>;
export const bounceWebhookResponseSchema = z.object({
  data: z.object({ blocked: count, recorded: count }),
});

// ---------------------------------------------------------------- unsubscribe (public)

/** GET /api/unsubscribe/{token}: what the confirmation page shows. */
export const unsubscribeInfoSchema = z.object({
  data: z.object({
    /** The address, partly masked (a.***@example.com). */
    email: text(),
    senderName: text(),
    campaignName: text(),
    unsubscribed: z.boolean(),
  }),
});
export const unsubscribeResponseSchema = z.object({
  data: z.object({ unsubscribed: z.literal(true), message: text() }),
});
