import { createHash } from 'node:crypto';
import { pipeline, Readable, Transform, type TransformCallback } from 'node:stream';
import { UPLOAD_LIMITS, type FileCategory } from '@tp/shared';
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
  sha256: string;
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

/** Reads the first `bytes` of a stream; `body` replays them followed by the rest. */
async function peek(source: Readable, bytes: number): Promise<{ head: Buffer; body: Readable; complete: boolean }> {
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let length = 0;
  let complete = false;
  while (length < bytes) {
    const next = await iterator.next();
    if (next.done) {
      complete = true;
      break;
    }
    chunks.push(next.value);
    length += next.value.length;
  }
  const head = Buffer.concat(chunks);
  const body = Readable.from(
    (async function* () {
      let finished = complete;
      try {
        if (head.length > 0) yield head;
        while (!finished) {
          const next = await iterator.next();
          finished = Boolean(next.done);
          if (!next.done) yield next.value;
        }
      } finally {
        // a consumer that stops early (a refused body) releases the source
        if (!finished) await iterator.return?.();
      }
    })(),
  );
  return { head, body, complete };
}

/** Hashes what passes; at the end, refuses a part that busboy truncated at its own limit. */
class UploadTap extends Transform {
  readonly hash = createHash('sha256');

  constructor(
    private readonly source: IncomingFile['stream'],
    private readonly maxBytes: number,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.hash.update(chunk);
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    callback(this.source.truncated ? new TooLargeError(this.maxBytes) : null);
  }
}

const isMultipartTooLarge = (error: unknown) => (error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE';

/**
 * Streams one uploaded file into storage under a generated key: its type is sniffed from the first
 * bytes, its size limited while it flows (exactly maxBytes passes), its SHA-256 computed on the way.
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
    const tap = new UploadTap(file.stream, maxBytes);
    const key = createBlobKey(options.keyPrefix ?? 'files');
    const { size } = await storage.put(
      key,
      pipeline(body, tap, () => undefined),
      { contentType: type.mime, maxBytes },
    );
    return { key, name, size, sha256: tap.hash.digest('hex'), ...type };
  } catch (error) {
    file.stream.destroy();
    if (isMultipartTooLarge(error)) throw new TooLargeError(maxBytes);
    throw error;
  }
}
