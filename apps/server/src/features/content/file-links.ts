import type { ContentFile, FileUrls, UploadResponse } from '@tp/shared';
import type { AppConfig } from '../../config';
import type { ContentFileRow } from './content.tables';
import { accessPath, signedQuery } from './signed-url';

/**
 * Links to a file. Two kinds:
 * - links the web app opens itself (img src, a new window, a download): root-relative, and for a
 *   private file signed, because a browser sends no Authorization header. The owner's signature
 *   lasts one to two hours and changes once an hour, so the links stay the same (and cached)
 *   between refreshes of a list.
 * - links meant to leave the app (copied, e-mailed): absolute, on PUBLIC_URL. `urls` are the
 *   permanent ones the spec's client builds; they open for anyone once the file is public.
 */

export const downloadPath = (fileId: string) => `/api/content/download/${encodeURIComponent(fileId)}`;
export const thumbnailPath = (fileId: string) => `${accessPath(fileId)}/thumbnail`;
export const legacyPath = (fileId: string) => `/api/v1/content/${encodeURIComponent(fileId)}`;

const HOUR_SECONDS = 3_600;

/** The owner's signature: expires at the end of the next whole hour (valid 1–2 h from now). */
export function ownerLinkQuery(secret: string, fileId: string, now = Date.now()): string {
  const expires = (Math.floor(now / 1000 / HOUR_SECONDS) + 2) * HOUR_SECONDS;
  return signedQuery(secret, fileId, expires);
}

/**
 * How the reader of a file came to it: as its owner (or any reader of a public file), or through
 * a signed link whose query is passed on to the links of the answer.
 */
export type Reader = { kind: 'owner' } | { kind: 'public' } | { kind: 'signed'; query: string };

/** The query a browser needs to read a file: none when public, the owner's signature when private. */
export function ownerReadQuery(config: AppConfig, file: { id: string; isPublic: boolean }): string {
  return file.isPublic ? '' : `?${ownerLinkQuery(config.auth.secret, file.id)}`;
}

/** What the answers about a file show of its row. */
export type ShownFile = Pick<
  ContentFileRow,
  | 'id'
  | 'name'
  | 'size'
  | 'mime'
  | 'category'
  | 'isPublic'
  | 'description'
  | 'tags'
  | 'createdAt'
  | 'views'
  | 'thumbnailKey'
>;

function readQuery(config: AppConfig, row: ShownFile, reader: Reader): string {
  if (reader.kind === 'signed') return `?${reader.query}`;
  // a private file's owner; anyone else never gets this far
  return ownerReadQuery(config, row);
}

export function toContentFile(config: AppConfig, row: ShownFile, reader: Reader = { kind: 'owner' }): ContentFile {
  const query = readQuery(config, row, reader);
  return {
    id: row.id,
    name: row.name,
    size: row.size,
    type: row.mime,
    category: row.category,
    isPublic: row.isPublic,
    description: row.description,
    tags: row.tags,
    createdAt: row.createdAt.toISOString(),
    views: row.views,
    url: `${accessPath(row.id)}${query}`,
    downloadUrl: `${downloadPath(row.id)}${query}`,
    ...(row.thumbnailKey ? { thumbnailUrl: `${thumbnailPath(row.id)}${query}` } : {}),
  };
}

export function permanentUrls(config: AppConfig, fileId: string): FileUrls {
  return {
    publicUrl: `${config.publicUrl}${accessPath(fileId)}`,
    downloadUrl: `${config.publicUrl}${downloadPath(fileId)}`,
    legacyUrl: `${config.publicUrl}${legacyPath(fileId)}`,
  };
}

/** The upload's answer, and GET /access/{id}'s JSON: the file, where to read it now, its permanent links. */
export function fileInfo(config: AppConfig, row: ShownFile, reader: Reader = { kind: 'owner' }): UploadResponse {
  const file = toContentFile(config, row, reader);
  return {
    file,
    access: { isPublic: row.isPublic, url: file.url },
    urls: permanentUrls(config, row.id),
  };
}
