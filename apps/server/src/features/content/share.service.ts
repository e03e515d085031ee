import { and, eq, inArray, sql } from 'drizzle-orm';
import { CONTENT_MESSAGES, SANITIZE_STRICT_TAGS, type ContentShareRequest } from '@tp/shared';
import type { Deps } from '../../deps';
import type { RequestAuth } from '../../plugins/auth';
import { AppError, RateLimitedError } from '../../plugins/errors';
import { hitCounter } from '../../plugins/rate-limit';
import { contentFiles } from './content.tables';
import { ContentShareEmail, type SharedFileLink } from './emails/content-share-email';
import { newSharedLinkTokens, sharedLinkExpiry, sharedLinkUrl, storeSharedLinks } from './shared-links.service';

type Parsed<T> = { [K in keyof T]-?: Exclude<T[K], undefined> };
export type ShareInput = Omit<Parsed<ContentShareRequest>, 'senderEmail'> & { senderEmail?: string };

const DAY_MS = 24 * 60 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The strict preset (docs/product/ui-layer.md#sanitizer-presets): basic text tags, no attributes; line
 * breaks of plain text kept.
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
 * address), through the outbox. Everything is checked before anything changes — the body (the
 * address, 1 to 30 days: the route's schema), that every file is the sender's own (any other id
 * is a 404), the sender's daily allowance of recipients (CONTENT_SHARE_RECIPIENTS_PER_DAY, over
 * 24 hours from the first share) — and then, in one transaction, the files are made public when
 * asked, a shared link per file is stored, and the e-mail is written to the outbox. The links are
 * built here, never taken from the body, and work for the days chosen whether or not the files
 * are public (docs/content.md, "Shared links").
 */
export async function shareFiles(
  deps: Deps,
  sender: RequestAuth,
  input: ShareInput,
): Promise<{ outboxId: string; expiresAt: Date }> {
  const ids = [...new Set(input.files.map((file) => file.id))];
  const shareNotFound = new AppError(404, CONTENT_MESSAGES.shareFileNotFound);
  if (!ids.every((id) => UUID.test(id))) throw shareNotFound;
  const rows = await deps.db
    .select({ id: contentFiles.id, name: contentFiles.name, size: contentFiles.size })
    .from(contentFiles)
    .where(and(inArray(contentFiles.id, ids), eq(contentFiles.ownerUserId, sender.userId)));
  if (rows.length !== ids.length) throw shareNotFound;

  const allowance = deps.config.content.shareRecipientsPerDay;
  const hit = await hitCounter(deps.connection, `content-share:${sender.userId}`, DAY_MS);
  if (hit.count > allowance) {
    throw new RateLimitedError(Math.max(1, Math.ceil(hit.ttlMs / 1000)), CONTENT_MESSAGES.shareLimitReached);
  }

  const expiresAt = sharedLinkExpiry(input.expiresInDays);
  const tokens = newSharedLinkTokens(ids);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const files: SharedFileLink[] = ids.map((id) => {
    const row = byId.get(id)!;
    return { name: row.name, size: row.size, url: sharedLinkUrl(deps.config, tokens.get(id)!) };
  });
  const senderEmail = sender.user.email;
  const senderName = input.senderName || sender.user.name;
  const mail = await deps.mail.prepare({
    to: input.to,
    subject: input.subject,
    template: 'content-share',
    replyTo: senderName ? `"${senderName.replace(/["\\\r\n]/g, '')}" <${senderEmail}>` : senderEmail,
    react: ContentShareEmail({
      senderName,
      senderEmail,
      messageHtml: await sanitizeMessage(input.message),
      files,
      expiresAt: `${expiryFormat.format(expiresAt)} UTC`,
    }),
  });
  const outboxId = await deps.db.transaction(async (tx) => {
    if (input.makePublic) {
      await tx
        .update(contentFiles)
        .set({ isPublic: true, updatedAt: sql`now()` })
        .where(and(inArray(contentFiles.id, ids), eq(contentFiles.ownerUserId, sender.userId)));
    }
    await storeSharedLinks(tx, { ownerUserId: sender.userId, fileIds: ids, recipient: input.to, expiresAt }, tokens);
    return (await deps.mail.send(tx, mail)).id;
  });
  return { outboxId, expiresAt };
}
