import { pipeline, Readable, Transform, type TransformCallback } from 'node:stream';
import { CONTENT_MESSAGES, UPLOAD_LIMITS, type FileCategory } from '@tp/shared';
import { validationFailed, type AppError } from '../../plugins/errors';
import { createBlobKey, TooLargeError, type BlobStorage } from '../../plugins/storage';
import { cleanFileName } from './file-name';
import { sniff, SNIFF_BYTES } from './sniff';

/** A multipart file part (@fastify/multipart's `file`); busboy sets `truncated` when it cut the file. */
export interface IncomingFile {
  stream: Readable & { truncated?: boolean };
  /** The client's name, kept for display and downloads only. */
  fileName: string;
}

export interface StoredUpload {
  key: string;
  name: string;
  size: number;
  mime: string;
  ext: string;
  category: FileCategory;
}

/**
 * Multipart limits for an upload route: busboy may pass one byte past maxBytes, so the overflow
 * is seen (and refused) by the storage limit rather than silently truncated at exactly maxBytes.
 */
export const uploadPartLimits = (maxBytes: number = UPLOAD_LIMITS.contentManagerMaxBytes) => ({
  fileSize: maxBytes + 1,
  files: 1,
  fields: 10,
  fieldSize: 10_000,
  parts: 12,
});

/**
 * The multipart parser's own refusals (busboy names no code): a body that breaks off before its
 * closing boundary ("Unexpected end of multipart data", "Part terminated early…"), or a
 * Content-Type without a boundary. The client's fault: a 400 naming the body, never a 500.
 */
const MULTIPART_FAULT = /unexpected end of multipart data|Boundary not found/i;

export function malformedMultipart(error: unknown): AppError | null {
  if (!(error instanceof Error) || !MULTIPART_FAULT.test(error.message)) return null;
  const message = CONTENT_MESSAGES.malformedUpload;
  return validationFailed([{ field: 'body', message }], message);
}

const prematureClose = () => Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });

/**
 * Waits until a paused stream has more to read (false) or has ended (true); fails with its error.
 * A stream already destroyed (the multipart parser destroys the file part of a body that breaks
 * off) emits nothing more: it fails at once.
 */
function moreOrEnd(source: Readable): Promise<boolean> {
  if (source.destroyed) return Promise.reject(source.errored ?? prematureClose());
  return new Promise((resolve, reject) => {
    const settle = (ended: boolean, error?: unknown) => {
      source.off('readable', onReadable).off('end', onEnd).off('error', onError).off('close', onClose);
      if (error) reject(error instanceof Error ? error : new Error(String(error)));
      else resolve(ended);
    };
    const onReadable = () => settle(false);
    const onEnd = () => settle(true);
    const onError = (error: unknown) => settle(false, error);
    const onClose = () => settle(false, prematureClose());
    source.on('readable', onReadable).on('end', onEnd).on('error', onError).on('close', onClose);
  });
}

/**
 * Reads the first `bytes` of a byte stream and puts them back (unshift): `body` is then the stream
 * itself from its first byte, with no second stream re-wrapping every chunk of the upload.
 */
async function peek(source: Readable, bytes: number): Promise<{ head: Buffer; body: Readable; complete: boolean }> {
  const chunks: Buffer[] = [];
  let length = 0;
  let complete = false;
  while (length < bytes) {
    const chunk = source.read() as Buffer | null;
    if (chunk !== null) {
      chunks.push(chunk);
      length += chunk.length;
    } else if (source.readableEnded || (await moreOrEnd(source))) {
      complete = true;
      break;
    }
  }
  const head = Buffer.concat(chunks);
  // a stream that ended cannot take its bytes back: the head alone is the whole file
  if (complete) return { head, body: Readable.from(head.length > 0 ? [head] : []), complete };
  source.unshift(head);
  return { head, body: source, complete };
}

/** Passes the bytes through; at the end, refuses a part that busboy truncated at its own limit. */
class RefuseTruncated extends Transform {
  constructor(
    private readonly source: IncomingFile['stream'],
    private readonly maxBytes: number,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    callback(this.source.truncated ? new TooLargeError(this.maxBytes) : null);
  }
}

const isMultipartTooLarge = (error: unknown) => (error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE';

/**
 * Streams one uploaded file into storage under a generated key: its type is sniffed from the first
 * bytes, its size limited while it flows (exactly maxBytes passes). No digest is taken: nothing reads
 * one (a blob key names one immutable blob, which is what the ETag needs), and SHA-256 was a quarter
 * of the server's CPU per uploaded byte (decision 0030).
 * On any failure the storage driver has left nothing behind, and the error is TooLargeError for an
 * oversized file.
 */
export async function storeUpload(
  storage: BlobStorage,
  file: IncomingFile,
  options: { maxBytes?: number; keyPrefix?: string } = {},
): Promise<StoredUpload> {
  const maxBytes = options.maxBytes ?? UPLOAD_LIMITS.contentManagerMaxBytes;
  try {
    const { head, body, complete } = await peek(file.stream, SNIFF_BYTES);
    const name = cleanFileName(file.fileName);
    const type = await sniff(head, { fileName: name, complete });
    const tap = new RefuseTruncated(file.stream, maxBytes);
    const key = createBlobKey(options.keyPrefix ?? 'files');
    const { size } = await storage.put(
      key,
      pipeline(body, tap, () => undefined),
      { contentType: type.mime, maxBytes },
    );
    return { key, name, size, ...type };
  } catch (error) {
    file.stream.destroy();
    if (isMultipartTooLarge(error)) throw new TooLargeError(maxBytes);
    throw error;
  }
}
