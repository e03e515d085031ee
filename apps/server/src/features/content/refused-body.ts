import type { IncomingMessage, ServerResponse } from 'node:http';

export interface DiscardLimits {
  /** Bytes of the rest of the body read and thrown away before giving up on the connection. */
  maxBytes: number;
  /** How long the rest may take to arrive (the web client gives an upload 60 s). */
  maxMs: number;
}

/**
 * After an upload is refused part-way (413, or any error before its body was read): keep reading
 * and discarding the rest of the body instead of closing the connection under the client.
 *
 * A browser sends the whole body before it reads the answer. A server that closes while bytes are
 * still arriving makes the kernel answer them with a reset, which throws away the 413 the browser
 * had not read yet: the upload shows a network error instead of the spec's text. Read to the end,
 * the connection stays usable and the answer arrives whole. A body announced larger than
 * `maxBytes`, or one that goes on past it or past `maxMs`, gets `connection: close` (nothing is
 * read for it: the connection ends once the answer is written).
 *
 * Returns whether the rest is being discarded; when it is not, the caller's answer closes.
 */
export function discardRestOfBody(
  request: IncomingMessage,
  response: ServerResponse,
  declaredLength: number | undefined,
  limits: DiscardLimits,
): boolean {
  if (request.readableEnded || request.destroyed) return true;
  if (declaredLength !== undefined && declaredLength > limits.maxBytes) return false;
  let bytes = 0;
  let stopped = false;
  // the answer goes first: the connection is cut only once it is written
  const cut = () => {
    if (stopped) return;
    stopped = true;
    clearTimeout(timer);
    request.removeListener('data', count);
    if (response.writableFinished) request.socket.destroy();
    else response.once('finish', () => request.socket.destroy());
  };
  const count = (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes > limits.maxBytes) cut();
  };
  const timer = setTimeout(cut, limits.maxMs);
  timer.unref();
  request.on('data', count);
  request.once('end', () => clearTimeout(timer));
  request.once('close', () => clearTimeout(timer));
  // a multipart parser that gave up has unpiped itself; nothing else reads the request now
  request.unpipe();
  request.resume();
  return true;
}
