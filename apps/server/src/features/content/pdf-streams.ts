import { constants, createInflate } from 'node:zlib';

/**
 * How much a PDF's compressed streams inflate to, measured before the PDF reader decodes any of
 * them: a few kilobytes of FlateDecode can hold gigabytes, and the reader (pdf.js) decodes a stream
 * whole into memory, with no bound of its own, each time a page uses it.
 *
 * The scan finds each `stream … endstream` in the file and inflates it with zlib, counting the
 * bytes and keeping none. It measures what text extraction decodes (page contents, forms, fonts,
 * object streams) and skips images and embedded files, which it never decodes. It is a quick,
 * clear first answer, not the only bound: a stream it cannot measure (another filter, a damaged
 * file, a stream used many times over) is bounded by the extraction process's memory and time.
 */

export interface InflateLimits {
  /** Inflated bytes one stream may hold. */
  maxStreamBytes: number;
  /** Inflated bytes all the measured streams of the file may hold together (each counted once). */
  maxFileBytes: number;
}

const MiB = 1024 * 1024;

/** The limits each uploaded PDF is checked against (docs/content.md, "Text extraction"). */
export const INFLATE_LIMITS: InflateLimits = { maxStreamBytes: 64 * MiB, maxFileBytes: 256 * MiB };

export class InflateLimitError extends Error {
  constructor(
    readonly scope: 'stream' | 'file',
    readonly limit: number,
  ) {
    super(
      scope === 'stream'
        ? `a compressed stream inflates past ${limit} bytes`
        : `the compressed streams inflate past ${limit} bytes in all`,
    );
    this.name = 'InflateLimitError';
  }
}

interface StreamSpan {
  /** The stream's dictionary, as text. */
  dictionary: string;
  data: Buffer;
}

const STREAM = Buffer.from('stream');
const END_STREAM = Buffer.from('endstream');
const isSpace = (byte: number | undefined) =>
  byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09 || byte === 0x0c || byte === 0x00;

/** The data of a stream that starts at `start`: its direct /Length when that ends at `endstream`, else up to `endstream`. */
function streamEnd(pdf: Buffer, dictionary: string, start: number): number {
  const length = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dictionary);
  if (length) {
    const end = start + Number(length[1]);
    let after = end;
    while (after < pdf.length && isSpace(pdf[after])) after += 1;
    if (end <= pdf.length && pdf.subarray(after, after + END_STREAM.length).equals(END_STREAM)) return end;
  }
  const found = pdf.indexOf(END_STREAM, start);
  return found === -1 ? pdf.length : found;
}

/** Past a literal string that opens at `at` (nested parentheses, backslash escapes). */
function afterString(pdf: Buffer, at: number): number {
  let depth = 0;
  for (let i = at; i < pdf.length; i += 1) {
    if (pdf[i] === 0x5c) i += 1;
    else if (pdf[i] === 0x28) depth += 1;
    else if (pdf[i] === 0x29 && --depth === 0) return i + 1;
  }
  return pdf.length;
}

/** Past the end of the line `at` is on (a comment). */
function afterLine(pdf: Buffer, at: number): number {
  let i = at;
  while (i < pdf.length && pdf[i] !== 0x0a && pdf[i] !== 0x0d) i += 1;
  return i;
}

/** Where a stream's data starts when a `stream` keyword and its end of line are at `at`, else -1. */
function dataStart(pdf: Buffer, at: number): number {
  if (!pdf.subarray(at, at + STREAM.length).equals(STREAM)) return -1;
  let start = at + STREAM.length;
  if (pdf[start] === 0x0d) start += 1;
  if (pdf[start] === 0x0a) start += 1;
  return start === at + STREAM.length ? -1 : start;
}

/**
 * Every stream of the file, in order: a dictionary (`<< … >>`, nested ones within) followed by the
 * `stream` keyword. One pass over the bytes, skipping strings, comments and the streams' data.
 */
function* streamsOf(pdf: Buffer): Generator<StreamSpan> {
  let depth = 0;
  let opened = 0;
  /** The dictionary just closed at the top level, while nothing but white space has followed it. */
  let last: { start: number; end: number } | null = null;
  for (let i = 0; i < pdf.length; i += 1) {
    const byte = pdf[i];
    if (isSpace(byte)) continue;
    if (byte === 0x3c && pdf[i + 1] === 0x3c) {
      if (depth++ === 0) opened = i;
      i += 1;
    } else if (byte === 0x3e && pdf[i + 1] === 0x3e && depth > 0) {
      if (--depth === 0) last = { start: opened, end: i + 2 };
      i += 1;
      continue;
    } else if (byte === 0x28) {
      i = afterString(pdf, i) - 1;
    } else if (byte === 0x25) {
      i = afterLine(pdf, i);
      continue;
    } else if (last && depth === 0 && dataStart(pdf, i) !== -1) {
      const start = dataStart(pdf, i);
      const dictionary = pdf.toString('latin1', last.start, last.end);
      const end = streamEnd(pdf, dictionary, start);
      yield { dictionary, data: pdf.subarray(start, end) };
      i = end - 1;
    }
    last = null;
  }
}

/** Pictures and attachments: text extraction never decodes them. */
const isUndecoded = (dictionary: string) =>
  /\/Subtype\s*\/Image\b/.test(dictionary) || /\/Type\s*\/EmbeddedFile\b/.test(dictionary);

/** The first filter a stream's data goes through, if any. */
function firstFilter(dictionary: string): string | undefined {
  return /\/Filter\s*\[?\s*\/([A-Za-z0-9]+)/.exec(dictionary)?.[1];
}

/** The bytes `data` inflates to, counting no further than just past `cap`; a damaged stream counts what it gave. */
function inflatedSize(data: Buffer, cap: number): Promise<number> {
  return new Promise((resolve) => {
    let size = 0;
    const inflate = createInflate({ finishFlush: constants.Z_SYNC_FLUSH });
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > cap) {
        inflate.destroy();
        resolve(size);
      }
    });
    inflate.on('error', () => resolve(size));
    inflate.on('end', () => resolve(size));
    inflate.end(data);
  });
}

/** Fails with InflateLimitError when a stream, or all of them together, would inflate past the limits. */
export async function checkPdfStreams(pdf: Buffer, limits: InflateLimits): Promise<void> {
  let total = 0;
  for (const { dictionary, data } of streamsOf(pdf)) {
    if (isUndecoded(dictionary)) continue;
    const filter = firstFilter(dictionary);
    const flate = filter === 'FlateDecode' || filter === 'Fl';
    const cap = Math.min(limits.maxStreamBytes, limits.maxFileBytes - total);
    const size = flate ? await inflatedSize(data, cap) : data.length;
    if (size > limits.maxStreamBytes) throw new InflateLimitError('stream', limits.maxStreamBytes);
    total += size;
    if (total > limits.maxFileBytes) throw new InflateLimitError('file', limits.maxFileBytes);
  }
}
