import { Transform, type TransformCallback } from 'node:stream';
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
