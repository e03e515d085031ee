import { z } from 'zod';
import { CONTACT_LIMITS, CONTACT_SUBJECT } from '../constants';
import { emailSchema } from './common';
import { text } from './text';

/** E-mail service contract, base /api/email (docs/product/api.md#e-mail). */

const trimmed = (max: number) => text().trim().min(1, 'Required').max(max);

/** POST /api/email/send/contact — the contact message payload (docs/product/public-site.md#contact-form-rules). */
export const contactMessageRequestSchema = z.object({
  name: trimmed(CONTACT_LIMITS.nameMax),
  email: emailSchema,
  subject: text().trim().max(CONTACT_LIMITS.subjectMax).default(CONTACT_SUBJECT),
  message: trimmed(CONTACT_LIMITS.messageMax),
  source: text().trim().min(1).max(64).default('website'),
});
export type ContactMessageRequest = z.input<typeof contactMessageRequestSchema>;

export const emailActionResponseSchema = z.object({ success: z.boolean(), message: text() });
export type EmailActionResponse = z.infer<typeof emailActionResponseSchema>;

export const NEWSLETTER_LISTS = ['general', 'product', 'market-insights'] as const;
export const newsletterListSchema = z.enum(NEWSLETTER_LISTS);

/**
 * POST /api/email/subscribe — newsletter payload; lists default to ["general"]
 * (docs/product/public-site.md#newsletter).
 */
export const subscribeRequestSchema = z.object({
  email: emailSchema,
  name: text().trim().max(200).default(''),
  lists: z.array(newsletterListSchema).min(1).max(NEWSLETTER_LISTS.length).default(['general']),
});
export type SubscribeRequest = z.input<typeof subscribeRequestSchema>;

/** POST /api/email/subscribe/confirm — the token from the confirmation e-mail's link. */
export const confirmSubscriptionRequestSchema = z.object({
  token: text().trim().min(20).max(200),
});
export const confirmSubscriptionResponseSchema = z.object({
  success: z.literal(true),
  message: text(),
  email: text(),
  lists: z.array(text()),
});

/** GET /api/email/health */
export const emailHealthResponseSchema = z.object({
  success: z.boolean(),
  status: z.enum(['ok', 'error']),
  transport: z.enum(['smtp', 'dev']),
  outbox: z.object({ pending: z.number().int(), failed: z.number().int() }),
});

/**
 * GET /api/email/templates — Template: id, name (docs/product/campaigns.md#templates). `kind: campaign`
 * are the composer's
 * templates (each with a preview rendered with sample data); `system` are the site's own e-mails.
 */
export const emailTemplateSchema = z.object({
  id: text(),
  name: text(),
  description: text(),
  kind: z.enum(['campaign', 'system']),
  preview: z.object({ subject: text(), html: text(), text: text() }).optional(),
});
export const emailTemplatesResponseSchema = z.object({
  success: z.literal(true),
  templates: z.array(emailTemplateSchema),
});
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;

export const CONTACT_SUCCESS_MESSAGE =
  "Thank you! Your message has been sent. We'll get back to you within one business day.";
export const SUBSCRIBE_PENDING_MESSAGE =
  'Almost done: check your inbox and open the confirmation link to finish subscribing.';
export const SUBSCRIBE_CONFIRMED_MESSAGE = 'Your subscription is confirmed. Thank you for subscribing!';
export const SUBSCRIBE_ALREADY_CONFIRMED_MESSAGE =
  'This subscription was already confirmed. Thank you for subscribing!';
export const SUBSCRIBE_BAD_TOKEN_MESSAGE = 'This confirmation link is invalid or has expired. Please subscribe again.';
