import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { TooLargeError } from './blob-storage';

/** Passes bytes through, counting them; fails with TooLargeError on the first byte past maxBytes. */
export class ByteLimit extends Transform {
  bytes = 0;
  exceeded = false;

  constructor(readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) {
      this.exceeded = true;
      callback(new TooLargeError(this.maxBytes));
      return;
    }
    callback(null, chunk);
  }
}

/** Reads a stream into one buffer, failing with TooLargeError past maxBytes (for parsers that need it all). */
export async function readToBuffer(source: Readable, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  await pipeline(source, new ByteLimit(maxBytes), async (limited: AsyncIterable<Buffer>) => {
    for await (const chunk of limited) chunks.push(chunk);
  });
  return Buffer.concat(chunks);
}
