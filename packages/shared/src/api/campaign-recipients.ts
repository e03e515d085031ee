import { z } from 'zod';
import { CAMPAIGN_LIMITS, campaignTemplateIdSchema, DEFAULT_CAMPAIGN_TEMPLATE } from './campaigns';
import { paginationSchema } from './common';
import { messageFieldsChecked, subjectFieldsChecked } from './merge-fields';
import { text } from './text';

/**
 * A campaign's recipients, one at a time: the composer's preview of the real message for one
 * contact of the chosen lists, and each recipient's results once a campaign has gone out (who was
 * sent it, delivered, bounced, opened, clicked, unsubscribed), as a page or as CSV.
 */

const uuid = z.uuid();
const count = z.number().int().min(0);
const isoDate = text().max(40);

export const RECIPIENT_LIMITS = {
  /** Recipients a page of results holds at most. */
  pageMax: 200,
  /** How far the preview steps into the audience. */
  previewPositionMax: 1_000_000,
} as const;

export const RECIPIENT_MESSAGES = {
  /** The preview of lists that reach nobody: the message is shown with its fallbacks. */
  previewNobody: 'Nobody in the chosen lists can receive e-mail: the preview shows your fallbacks',
  previewNoLists: 'Select a contact list to preview the message for one of its contacts',
} as const;

// ---------------------------------------------------------------- preview

/**
 * POST /api/campaigns/preview: the message as it goes out to the recipient at `recipient` (0-based)
 * of the chosen lists — each address once, ordered by address, unsubscribed and bounced ones left
 * out, as a send would reach them — with that contact's personalisation merged. Unknown
 * personalisation fields: 400 naming the field (`subject`, `message`); another user's list or
 * file: 404 naming it. The subject may still be empty.
 */
export const campaignPreviewRequestSchema = z.object({
  subject: text().trim().max(CAMPAIGN_LIMITS.subjectMax).superRefine(subjectFieldsChecked).default(''),
  template: campaignTemplateIdSchema.default(DEFAULT_CAMPAIGN_TEMPLATE),
  message: text().max(CAMPAIGN_LIMITS.messageMax).superRefine(messageFieldsChecked).default(''),
  selectedLists: z.array(uuid).max(CAMPAIGN_LIMITS.listsPerCampaign).default([]),
  attachedFiles: z.array(text().min(1).max(64)).max(CAMPAIGN_LIMITS.attachmentsMax).default([]),
  recipient: z.number().int().min(0).max(RECIPIENT_LIMITS.previewPositionMax).default(0),
});
export type CampaignPreviewRequest = z.input<typeof campaignPreviewRequestSchema>;
export type ParsedCampaignPreviewRequest = z.output<typeof campaignPreviewRequestSchema>;

/**
 * The rendered message (links lead nowhere, the open pixel is blank) for `recipient`: null when
 * the lists reach nobody (or none is chosen), the fields then showing their fallbacks.
 * `position` is the recipient's place (0-based; a request past the end gets the last one) among
 * `recipients`.
 */
export const campaignPreviewSchema = z.object({
  subject: text(),
  html: text(),
  text: text(),
  recipient: z.object({ email: text(), name: text() }).nullable(),
  position: count,
  recipients: count,
});
export type CampaignPreview = z.infer<typeof campaignPreviewSchema>;
export const campaignPreviewResponseSchema = z.object({ data: campaignPreviewSchema });

// ---------------------------------------------------------------- results

/**
 * Where a recipient's message is: `queued` not yet written (it waits its turn, or never goes out
 * when the campaign was cancelled), `sending` in flight or retrying after a temporary failure,
 * `delivered` accepted by the relay (or kept by the dev mailbox), `failed` refused for good.
 */
export const RECIPIENT_DELIVERIES = ['queued', 'sending', 'delivered', 'failed'] as const;
export type RecipientDelivery = (typeof RECIPIENT_DELIVERIES)[number];
export const BOUNCE_TYPES = ['hard', 'soft', 'complaint'] as const;

/**
 * One recipient's results. `opens`, `clicks` and the first times are a person's; requests made by
 * machines (mail scanners within seconds of delivery, privacy proxies) are counted apart in
 * `machineOpens` and `machineClicks`. A bounce is the relay's later report on a delivered message.
 */
export const campaignRecipientResultSchema = z.object({
  id: uuid,
  email: text(),
  name: text(),
  delivery: z.enum(RECIPIENT_DELIVERIES),
  deliveredAt: isoDate.nullable(),
  bounce: z.enum(BOUNCE_TYPES).nullable(),
  bouncedAt: isoDate.nullable(),
  openedAt: isoDate.nullable(),
  opens: count,
  machineOpens: count,
  clickedAt: isoDate.nullable(),
  clicks: count,
  machineClicks: count,
  unsubscribedAt: isoDate.nullable(),
});
export type CampaignRecipientResult = z.infer<typeof campaignRecipientResultSchema>;

/** Which recipients a page lists: all, or those a person opened or clicked, who bounced, unsubscribed or failed. */
export const RECIPIENT_FILTERS = ['all', 'opened', 'clicked', 'bounced', 'unsubscribed', 'failed'] as const;
export type RecipientFilter = (typeof RECIPIENT_FILTERS)[number];

/**
 * GET /api/campaigns/{id}/recipients?page=&limit=&filter=: a page of the campaign's recipients,
 * ordered by address; another user's campaign is 404. GET /api/campaigns/{id}/recipients/export:
 * every recipient as CSV (UTF-8 with BOM for spreadsheets, ISO 8601 times in the user's zone).
 */
export const campaignRecipientsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(RECIPIENT_LIMITS.pageMax).default(50),
  filter: z.enum(RECIPIENT_FILTERS).default('all'),
});

export const campaignRecipientsResponseSchema = z.object({
  data: z.array(campaignRecipientResultSchema),
  pagination: paginationSchema,
});
