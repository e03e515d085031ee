import { and, eq, inArray } from 'drizzle-orm';
import { CONTENT_MESSAGES, SANITIZE_STRICT_TAGS, SIGNED_URL_MAX_SECONDS, type ContentShareRequest } from '@tp/shared';
import type { Deps } from '../../deps';
import type { RequestAuth } from '../../plugins/auth';
import { AppError, RateLimitedError } from '../../plugins/errors';
import { hitCounter } from '../../plugins/rate-limit';
import { contentFiles } from './content.tables';
import { ContentShareEmail, type SharedFileLink } from './emails/content-share-email';
import { permanentUrls } from './file-links';
import { signContentUrl } from './signed-url';

type Parsed<T> = { [K in keyof T]-?: Exclude<T[K], undefined> };
export type ShareInput = Omit<Parsed<ContentShareRequest>, 'senderEmail'> & { senderEmail?: string };

const DAY_MS = 24 * 60 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The strict preset (spec 02 §5): basic text tags, no attributes; line breaks of plain text kept.
 * sanitize-html (with its CSS parser) is loaded on the first share, not at start.
 */
export async function sanitizeMessage(message: string): Promise<string> {
  const { default: sanitizeHtml } = await import('sanitize-html');
  const clean = sanitizeHtml(message, {
    allowedTags: [...SANITIZE_STRICT_TAGS],
    allowedAttributes: {},
    disallowedTagsMode: 'discard',
  });
  return clean.trim().replace(/\r?\n/g, '<br>');
}

const expiryFormat = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'UTC',
});

/**
 * POST /api/email/send/content-share: one e-mail to one recipient (the client calls once per
 * address), through the outbox. Only the sender's own files can be shared (any other id is a
 * 404); the links are built here, never taken from the body: a public file's permanent link, or
 * a link signed for the longest allowed time (7 days). Each recipient counts against the sender's
 * daily allowance (CONTENT_SHARE_RECIPIENTS_PER_DAY, over 24 hours from the first share).
 */
export async function shareFiles(deps: Deps, sender: RequestAuth, input: ShareInput): Promise<{ outboxId: string }> {
  const ids = [...new Set(input.files.map((file) => file.id))];
  const shareNotFound = new AppError(404, CONTENT_MESSAGES.shareFileNotFound);
  if (!ids.every((id) => UUID.test(id))) throw shareNotFound;
  const rows = await deps.db
    .select()
    .from(contentFiles)
    .where(and(inArray(contentFiles.id, ids), eq(contentFiles.ownerUserId, sender.userId)));
  if (rows.length !== ids.length) throw shareNotFound;

  const allowance = deps.config.content.shareRecipientsPerDay;
  const hit = await hitCounter(deps.database, `content-share:${sender.userId}`, DAY_MS);
  if (hit.count > allowance) {
    throw new RateLimitedError(Math.max(1, Math.ceil(hit.ttlMs / 1000)), CONTENT_MESSAGES.shareLimitReached);
  }

  const byId = new Map(rows.map((row) => [row.id, row]));
  const files: SharedFileLink[] = ids.map((id) => {
    const row = byId.get(id)!;
    if (row.isPublic) return { name: row.name, size: row.size, url: permanentUrls(deps.config, row.id).publicUrl };
    const { signedUrl, expiresAt } = signContentUrl({
      secret: deps.config.auth.secret,
      publicUrl: deps.config.publicUrl,
      fileId: row.id,
      expiresInSeconds: SIGNED_URL_MAX_SECONDS,
    });
    return { name: row.name, size: row.size, url: signedUrl, expiresAt: `${expiryFormat.format(expiresAt)} UTC` };
  });

  const senderEmail = sender.user.email;
  const senderName = input.senderName || sender.user.name;
  const mail = await deps.mail.prepare({
    to: input.to,
    subject: input.subject,
    template: 'content-share',
    replyTo: senderName ? `"${senderName.replace(/["\\\r\n]/g, '')}" <${senderEmail}>` : senderEmail,
    react: ContentShareEmail({ senderName, senderEmail, messageHtml: await sanitizeMessage(input.message), files }),
  });
  const { id } = await deps.mail.send(deps.db, mail);
  return { outboxId: id };
}
