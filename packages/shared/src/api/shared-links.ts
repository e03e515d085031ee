import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from '../constants';
import { text } from './text';

/**
 * Shared links (docs/content.md, "Shared links"): what a share e-mail carries, one per file. A
 * link opens its file for anyone holding it until it expires or its owner revokes it; each
 * download through it is counted (when, never who).
 */

/** How long a shared link lives, in whole days: the sender chooses from 1 to 30, 7 by default. */
export const SHARED_LINK_DAYS = { min: 1, max: 30, default: 7 } as const;
/** The lifetimes the share dialog offers (the API takes any whole number of days in the range). */
export const SHARED_LINK_DAY_CHOICES = [1, 3, 7, 14, 30] as const;
/** Live links GET /shared-links lists at most (newest first; `total` counts them all). */
export const SHARED_LINKS_LISTED_MAX = 500;

export const SHARED_LINK_MESSAGES = {
  daysOutOfRange: `A link lives from ${SHARED_LINK_DAYS.min} to ${SHARED_LINK_DAYS.max} days.`,
  revoked: 'Link revoked: it no longer opens the file.',
  revokeFailed: 'Failed to revoke the link',
  fetchFailed: 'Failed to fetch shared links',
  // what a link that no longer opens its file answers (JSON error, or the page a browser shows)
  linkExpired: 'This link has expired. Ask the person who sent it to share the file again.',
  linkRevoked: 'This link was turned off by the person who sent it. Ask them to share the file again.',
  linkNotFound: 'This link does not exist, or the file it opened was deleted.',
} as const;

const days = z
  .number({ message: SHARED_LINK_MESSAGES.daysOutOfRange })
  .int(SHARED_LINK_MESSAGES.daysOutOfRange)
  .min(SHARED_LINK_DAYS.min, SHARED_LINK_MESSAGES.daysOutOfRange)
  .max(SHARED_LINK_DAYS.max, SHARED_LINK_MESSAGES.daysOutOfRange);

/** A shared link's life in days: 1 to 30, 7 when not given. */
export const sharedLinkDaysSchema = days.default(SHARED_LINK_DAYS.default);

const isoDate = text().max(40);
const count = z.number().int().min(0);

/** GET /api/content/shared-links: one live link (neither expired nor revoked) of the user's. */
export const sharedLinkSchema = z.object({
  id: text().max(64),
  fileId: text().max(64),
  fileName: text().max(255),
  /** The address the share e-mail went to. */
  recipient: text().max(EMAIL_MAX_LENGTH),
  createdAt: isoDate,
  expiresAt: isoDate,
  /** Downloads of the file through the link (a read from its first byte), and the newest one's time. */
  downloads: count,
  lastDownloadAt: isoDate.nullable(),
});
export type SharedLink = z.infer<typeof sharedLinkSchema>;

export const sharedLinksResponseSchema = z.object({
  links: z.array(sharedLinkSchema).max(SHARED_LINKS_LISTED_MAX),
  /** Live links in all (more than `links` holds only past SHARED_LINKS_LISTED_MAX). */
  total: count,
});
export type SharedLinksResponse = z.infer<typeof sharedLinksResponseSchema>;

/** DELETE /api/content/shared-links/{id} */
export const revokeSharedLinkResponseSchema = z.object({ success: z.literal(true), message: text().max(200) });

/** GET /api/content/shared?token=…: the link's token, as the e-mail carries it. */
export const sharedLinkQuerySchema = z.object({ token: text().max(100) });
