import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { SHARED_LINK_MESSAGES, SHARED_LINKS_LISTED_MAX, type SharedLinksResponse } from '@tp/shared';
import type { AppConfig } from '../../config';
import type { DbExecutor } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../plugins/errors';
import { hashToken, newOpaqueToken } from '../../plugins/tokens/one-time-tokens';
import { contentFiles, contentSharedLinkDownloads, contentSharedLinks, type ContentFileRow } from './content.tables';

/**
 * Shared links (docs/content.md, "Shared links"): made by a share e-mail, one per file; each opens
 * its file for anyone holding it until it expires or is revoked, and counts its downloads (when,
 * never who). Only a token's hash is stored.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** Where a shared link opens its file: the token as a query parameter, which the access log masks. */
export const sharedLinkUrl = (config: AppConfig, token: string) =>
  `${config.publicUrl}/api/content/shared?token=${encodeURIComponent(token)}`;

/** When links made now for `days` stop working. */
export const sharedLinkExpiry = (days: number, now = Date.now()) => new Date(now + days * DAY_MS);

export interface NewSharedLinks {
  ownerUserId: string;
  fileIds: readonly string[];
  recipient: string;
  expiresAt: Date;
}

/** New tokens, one per file, before anything is written (the e-mail is made with them first). */
export const newSharedLinkTokens = (fileIds: readonly string[]) =>
  new Map(fileIds.map((fileId) => [fileId, newOpaqueToken()]));

/** Stores the links of `tokens` (their hashes) in the caller's transaction. */
export async function storeSharedLinks(
  tx: DbExecutor,
  links: NewSharedLinks,
  tokens: ReadonlyMap<string, string>,
): Promise<void> {
  await tx.insert(contentSharedLinks).values(
    links.fileIds.map((fileId) => ({
      fileId,
      ownerUserId: links.ownerUserId,
      tokenHash: hashToken(tokens.get(fileId)!),
      recipient: links.recipient,
      expiresAt: links.expiresAt,
    })),
  );
}

const live = (ownerUserId: string) =>
  and(
    eq(contentSharedLinks.ownerUserId, ownerUserId),
    isNull(contentSharedLinks.revokedAt),
    gt(contentSharedLinks.expiresAt, sql`now()`),
  );

/** GET /shared-links: the user's live links, newest first, with their file's name and downloads. */
export async function listSharedLinks(deps: Deps, ownerUserId: string): Promise<SharedLinksResponse> {
  const rows = await deps.db
    .select({ link: contentSharedLinks, fileName: contentFiles.name })
    .from(contentSharedLinks)
    .innerJoin(contentFiles, eq(contentFiles.id, contentSharedLinks.fileId))
    .where(live(ownerUserId))
    .orderBy(desc(contentSharedLinks.createdAt), desc(contentSharedLinks.id))
    .limit(SHARED_LINKS_LISTED_MAX);
  const total =
    rows.length < SHARED_LINKS_LISTED_MAX
      ? rows.length
      : ((await deps.db.select({ n: count() }).from(contentSharedLinks).where(live(ownerUserId)))[0]?.n ?? 0);
  return {
    links: rows.map(({ link, fileName }) => ({
      id: link.id,
      fileId: link.fileId,
      fileName,
      recipient: link.recipient,
      createdAt: link.createdAt.toISOString(),
      expiresAt: link.expiresAt.toISOString(),
      downloads: link.downloads,
      lastDownloadAt: link.lastDownloadAt?.toISOString() ?? null,
    })),
    total,
  };
}

/**
 * DELETE /shared-links/{id}: the link stops opening its file at once. Another user's link is a
 * 404; revoking a link already revoked or expired changes nothing and says the same.
 */
export async function revokeSharedLink(deps: Deps, ownerUserId: string, linkId: string): Promise<void> {
  const [row] = await deps.db
    .update(contentSharedLinks)
    .set({ revokedAt: sql`coalesce(${contentSharedLinks.revokedAt}, now())` })
    .where(and(eq(contentSharedLinks.id, linkId), eq(contentSharedLinks.ownerUserId, ownerUserId)))
    .returning({ id: contentSharedLinks.id });
  if (!row) throw notFound();
}

/** A link that no longer opens its file: unknown (404), or expired or revoked (410). */
export class SharedLinkGone extends AppError {}

/** The file a shared link's token opens, and the link; SharedLinkGone when it opens nothing. */
export async function openSharedLink(deps: Deps, token: string): Promise<{ linkId: string; file: ContentFileRow }> {
  const [found] = await deps.db
    .select({
      linkId: contentSharedLinks.id,
      revoked: sql<boolean>`${contentSharedLinks.revokedAt} is not null`,
      expired: sql<boolean>`${contentSharedLinks.expiresAt} <= now()`,
      file: contentFiles,
    })
    .from(contentSharedLinks)
    .innerJoin(contentFiles, eq(contentFiles.id, contentSharedLinks.fileId))
    .where(eq(contentSharedLinks.tokenHash, hashToken(token)));
  if (!found) throw new SharedLinkGone(404, SHARED_LINK_MESSAGES.linkNotFound, 'NOT_FOUND');
  if (found.revoked) throw new SharedLinkGone(410, SHARED_LINK_MESSAGES.linkRevoked, 'LINK_REVOKED');
  if (found.expired) throw new SharedLinkGone(410, SHARED_LINK_MESSAGES.linkExpired, 'LINK_EXPIRED');
  return { linkId: found.linkId, file: found.file };
}

/** One download through a link: its count, its time, and the time kept in the downloads table. */
export async function recordSharedLinkDownload(db: DbExecutor, linkId: string): Promise<void> {
  await db.execute(sql`
    with counted as (
      update ${contentSharedLinks} set downloads = downloads + 1, last_download_at = now()
      where ${contentSharedLinks.id} = ${linkId} returning id
    )
    insert into ${contentSharedLinkDownloads} (link_id) select id from counted`);
}
