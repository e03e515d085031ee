import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { CONTENT_MESSAGES } from '@tp/shared';
import type { Deps } from '../../deps';
import type { RequestAuth } from '../../plugins/auth';
import { forbidden, notFound, unauthorized } from '../../plugins/errors';
import { blobEtag, BlobNotFoundError, type ByteRange } from '../../plugins/storage';
import { contentFiles, type ContentFileRow } from './content.tables';
import { fileResponseHeaders } from './disposition';
import type { Reader } from './file-links';
import { countView } from './owner-stats';
import { signedQuery, verifyContentSignature } from './signed-url';

/** What a request to read a file brings: a signed link's query, a bearer token, or neither. */
export interface ReadRequest {
  expires?: unknown;
  signature?: unknown;
  /** The Authorization header's bearer token, when there is one. */
  bearer: string | null;
  verify(token: string): Promise<RequestAuth | null>;
}

/**
 * Who may read a file: anyone through a valid signed link (a tampered or expired one is a 403),
 * anyone when it is public, its owner with a bearer token; for everyone else it does not exist.
 */
export async function resolveReader(
  deps: Deps,
  fileId: string,
  request: ReadRequest,
): Promise<{ row: ContentFileRow; reader: Reader }> {
  const signed = request.expires !== undefined || request.signature !== undefined;
  if (signed) {
    const check = verifyContentSignature({
      secret: deps.config.auth.secret,
      fileId,
      expires: request.expires,
      signature: request.signature,
    });
    if (check === 'invalid') throw forbidden(CONTENT_MESSAGES.linkInvalid, 'INVALID_SIGNATURE');
    if (check === 'expired') throw forbidden(CONTENT_MESSAGES.linkExpired, 'LINK_EXPIRED');
  }
  const [row] = await deps.db.select().from(contentFiles).where(eq(contentFiles.id, fileId));
  if (!row) throw notFound();
  if (signed) {
    const query = signedQuery(deps.config.auth.secret, fileId, Number(request.expires));
    return { row, reader: { kind: 'signed', query } };
  }
  if (row.isPublic) return { row, reader: { kind: 'public' } };
  if (request.bearer) {
    const auth = await request.verify(request.bearer);
    if (!auth) throw unauthorized();
    if (auth.userId === row.ownerUserId) return { row, reader: { kind: 'owner' } };
  }
  throw notFound();
}

/**
 * A `Range: bytes=…` header against a body of `size` bytes: one satisfiable range, 'unsatisfiable'
 * (416), or null to send the whole body (no header, several ranges, another unit, a malformed one).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  const [first, last] = [match[1]!, match[2]!];
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (!Number.isSafeInteger(start) || start >= size) return 'unsatisfiable';
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  return end < start ? null : { start, end };
}

export interface FileBody {
  status: 200 | 206 | 304 | 416;
  headers: Record<string, string>;
  /** Empty for a HEAD request (Fastify then keeps the Content-Length); absent for a 304 and a 416. */
  body?: Readable;
  /** This read counted as a view (a GET of the file from its first byte). */
  viewed?: true;
}

export interface ServeOptions {
  method: string;
  range?: string;
  ifNoneMatch?: string;
  /** As an attachment (GET /download/{id}). */
  download?: boolean;
  /** The gallery thumbnail instead of the file. */
  thumbnail?: boolean;
}

/**
 * The bytes of a file for a reader already let in: RFC 6266 name, nosniff and the sandboxing CSP
 * (disposition.ts), one byte range when asked, the blob's ETag. A GET of the file that
 * starts at its first byte counts one view (a player's later ranges and thumbnails do not).
 */
export async function serveFile(deps: Deps, row: ContentFileRow, options: ServeOptions): Promise<FileBody> {
  const thumbnail = options.thumbnail === true;
  if (thumbnail && !row.thumbnailKey) throw notFound();
  const key = thumbnail ? row.thumbnailKey! : row.storageKey;
  const etag = blobEtag(key);
  const headers: Record<string, string> = {
    ...fileResponseHeaders(
      thumbnail
        ? { name: `${row.name}.webp`, mime: 'image/webp' }
        : { name: row.name, mime: row.mime, download: options.download },
    ),
    etag,
    'accept-ranges': 'bytes',
    // no-cache: a browser revalidates every use (a 304 when unchanged), so a file deleted or made
    // private is gone at once — the reader is checked before the ETag; private: no shared cache
    'cache-control': 'private, no-cache',
  };
  if (matchesEtag(options.ifNoneMatch, etag)) return { status: 304, headers };
  const head = options.method === 'HEAD';
  if (thumbnail) {
    if (head) return { status: 200, headers, body: Readable.from([]) };
    const blob = await readBlob(deps, key);
    return { status: 200, headers: { ...headers, 'content-length': String(blob.size) }, body: blob.body };
  }
  const range = parseRange(options.range, row.size);
  if (range === 'unsatisfiable') return { status: 416, headers: { 'content-range': `bytes */${row.size}` } };
  if (head)
    return { status: 200, headers: { ...headers, 'content-length': String(row.size) }, body: Readable.from([]) };
  const blob = await readBlob(deps, key, range ?? undefined);
  const viewed = !range || range.start === 0 ? ({ viewed: true } as const) : {};
  if (viewed.viewed) {
    await countView(deps.db, row.id).catch((error: unknown) => deps.log.warn({ err: error }, 'view not counted'));
  }
  if (!range) {
    return { status: 200, headers: { ...headers, 'content-length': String(row.size) }, body: blob.body, ...viewed };
  }
  return {
    ...viewed,
    status: 206,
    headers: {
      ...headers,
      'content-length': String(range.end - range.start + 1),
      'content-range': `bytes ${range.start}-${range.end}/${row.size}`,
    },
    body: blob.body,
  };
}

/** If-None-Match (RFC 9110 §13.1.2): `*`, or any listed tag equal to ours under the weak comparison. */
function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}

async function readBlob(deps: Deps, key: string, range?: ByteRange) {
  try {
    return await deps.storage.get(key, range ? { range } : {});
  } catch (error) {
    if (!(error instanceof BlobNotFoundError)) throw error;
    deps.log.error({ key }, 'a file row points at a missing blob');
    throw notFound();
  }
}
