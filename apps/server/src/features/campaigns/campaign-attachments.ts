import { and, eq, inArray } from 'drizzle-orm';
import { CAMPAIGN_MESSAGES, SIGNED_URL_MAX_SECONDS } from '@tp/shared';
import type { DbExecutor } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError, badRequest } from '../../plugins/errors';
import { contentFiles } from '../content/content.tables';
import { permanentUrls, signContentUrl } from '../content';
import type { AttachedFile } from './campaigns.tables';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function ownFiles(db: DbExecutor, userId: string, ids: string[]) {
  const wanted = [...new Set(ids.filter((id) => UUID.test(id)))];
  if (wanted.length === 0) return new Map<string, typeof contentFiles.$inferSelect>();
  const rows = await db
    .select()
    .from(contentFiles)
    .where(and(eq(contentFiles.ownerUserId, userId), inArray(contentFiles.id, wanted)));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * The files a draft names, checked to be the sender's own content-hub files: any other id
 * (another user's, deleted, malformed) is a 404 naming each such entry (`attachedFiles.2`), as
 * for lists. A repeated id is kept once. The stored `url` is the file's permanent link; the link
 * that goes out is made when sending starts (`attachmentLinks`). See docs/decisions/0017.
 */
export async function resolveAttachments(
  deps: Pick<Deps, 'db' | 'config'>,
  userId: string,
  fileIds: string[],
  field: string,
): Promise<AttachedFile[]> {
  if (fileIds.length === 0) return [];
  const found = await ownFiles(deps.db, userId, fileIds);
  const details = fileIds.flatMap((id, i) =>
    found.has(id) ? [] : [{ field: `${field}.${i}`, message: CAMPAIGN_MESSAGES.attachmentNotFound }],
  );
  if (details.length > 0) throw new AppError(404, CAMPAIGN_MESSAGES.attachmentNotFound, 'NOT_FOUND', details);
  return [...new Set(fileIds)].map((id) => {
    const row = found.get(id)!;
    return { id, name: row.name, size: row.size, type: row.mime, url: permanentUrls(deps.config, id).publicUrl };
  });
}

/**
 * The links a campaign's message carries, made when it starts sending (so a campaign scheduled
 * weeks ahead still sends live links): a public file's permanent link, a private file's link
 * signed for the longest allowed time (7 days from sending). The files are read again: one deleted
 * or no longer the sender's since the draft stops the start with a 400 (a scheduled campaign fails
 * with that reason) rather than going out with a dead link.
 */
export async function attachmentLinks(
  deps: Pick<Deps, 'db' | 'config'>,
  userId: string,
  files: AttachedFile[],
  now = Date.now(),
): Promise<AttachedFile[]> {
  if (files.length === 0) return [];
  const found = await ownFiles(
    deps.db,
    userId,
    files.map((file) => file.id),
  );
  return files.map((file) => {
    const row = found.get(file.id);
    if (!row) throw badRequest(`${CAMPAIGN_MESSAGES.attachmentDeleted}: ${file.name}`);
    const url = row.isPublic
      ? permanentUrls(deps.config, row.id).publicUrl
      : signContentUrl({
          secret: deps.config.auth.secret,
          publicUrl: deps.config.publicUrl,
          fileId: row.id,
          expiresInSeconds: SIGNED_URL_MAX_SECONDS,
          now,
        }).signedUrl;
    return { id: row.id, name: row.name, size: row.size, type: row.mime, url };
  });
}
