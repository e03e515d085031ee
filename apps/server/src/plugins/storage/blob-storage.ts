import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';

/** Inclusive byte range, as in an HTTP `Range: bytes=start-end` header. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * What a driver knows of a stored blob. Its type is not among it: the content row holds the type
 * sniffed from the bytes, and every answer takes it from there.
 */
export interface BlobInfo {
  /** Size of the whole blob in bytes. */
  size: number;
}

export interface BlobRead extends BlobInfo {
  body: Readable;
  /** Set when a range was asked for: the bytes the body carries. */
  range?: ByteRange;
}

export interface PutOptions {
  /** The S3 driver stores it as the object's Content-Type; the local driver keeps no side file for it. */
  contentType: string;
  /** The body may be exactly this long; one byte more fails with TooLargeError. */
  maxBytes: number;
}

export type StorageHealth = 'ok' | 'error';

/**
 * Where file bytes live: local disk or an S3-compatible store. Bodies stream through; a failed put
 * leaves nothing behind (no blob, no temp file, no unfinished multipart upload).
 */
export interface BlobStorage {
  readonly driver: 'local' | 's3';
  put(key: string, body: Readable, options: PutOptions): Promise<{ size: number }>;
  /** Throws BlobNotFoundError, or InvalidRangeError for a range outside the blob. */
  get(key: string, options?: { range?: ByteRange }): Promise<BlobRead>;
  head(key: string): Promise<BlobInfo | null>;
  /** Idempotent: deleting a missing blob succeeds. */
  delete(key: string): Promise<void>;
  health(): Promise<StorageHealth>;
  close(): Promise<void>;
}

export class TooLargeError extends Error {
  override name = 'TooLargeError';
  constructor(readonly maxBytes: number) {
    super(`The body is larger than ${maxBytes} bytes`);
  }
}

export class BlobNotFoundError extends Error {
  override name = 'BlobNotFoundError';
  constructor(readonly key: string) {
    super('No blob is stored under this key');
  }
}

export class InvalidRangeError extends Error {
  override name = 'InvalidRangeError';
  /** The blob's size when known: a 416 answer names it in its Content-Range. */
  constructor(readonly size?: number) {
    super('The requested range is not satisfiable');
  }
}

export class InvalidKeyError extends Error {
  override name = 'InvalidKeyError';
  constructor() {
    super('Invalid storage key');
  }
}

// Generated keys only: short lowercase segments, no dots, so no key can climb out of its root or
// collide with a driver's own files (the local driver's ".tmp", and the ".meta" files it once kept).
const KEY = /^[a-z0-9][a-z0-9_-]{0,63}(\/[a-z0-9][a-z0-9_-]{0,63}){0,3}$/;

export function assertValidKey(key: string): void {
  if (!KEY.test(key)) throw new InvalidKeyError();
}

/** A fresh key under `prefix` (e.g. "files"), fanned out over 256 folders by its first byte. */
export function createBlobKey(prefix: string): string {
  const id = randomUUID();
  const key = `${prefix}/${id.slice(0, 2)}/${id}`;
  assertValidKey(key);
  return key;
}

/**
 * A strong ETag for a blob: its key's random id. A key is made once, for one blob that is never
 * rewritten (new bytes get a new key), so the id changes exactly when the bytes do.
 */
export const blobEtag = (key: string): string => `"${key.slice(key.lastIndexOf('/') + 1)}"`;

const isRangeShape = (range: ByteRange) =>
  Number.isSafeInteger(range.start) && Number.isSafeInteger(range.end) && range.start >= 0 && range.start <= range.end;

/** Throws InvalidRangeError unless the range lies inside a blob of `size` bytes (or has a valid shape). */
export function assertValidRange(range: ByteRange, size?: number): void {
  if (!isRangeShape(range) || (size !== undefined && range.end >= size)) throw new InvalidRangeError(size);
}
