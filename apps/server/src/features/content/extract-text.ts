import type { Readable } from 'node:stream';
import { readToBuffer } from '../../plugins/storage/byte-limit';
import { checkPdfStreams, INFLATE_LIMITS, type InflateLimits } from './pdf-streams';

/** What the search index takes from a file: its words, at most `maxChars` of them. */
export interface ExtractedText {
  text: string;
  /** The file had more text than was kept. */
  truncated: boolean;
}

export interface ExtractOptions extends Partial<InflateLimits> {
  /** The most bytes read from the source: the whole file, within the upload limit. */
  maxInputBytes: number;
  maxChars?: number;
  maxPages?: number;
}

const TEXT_TYPES = new Set([
  'text/plain',
  'text/csv',
  'text/tab-separated-values',
  'text/markdown',
  'application/json',
]);

export const canExtractText = (mime: string) => mime === 'application/pdf' || TEXT_TYPES.has(mime);

// PostgreSQL text cannot hold NUL; other controls only add noise to the index
// eslint-disable-next-line no-control-regex -- control characters are what this removes
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/**
 * One space for each run of spaces and tabs, no blank lines, no white space around a line. Line by
 * line with trim(), not one `\s*\n\s*` pattern over the whole text: that backtracks over each run
 * of other white space (\r, no-break spaces), quadratic in its length: 200,000 `\r` took 30 seconds.
 */
function tidy(text: string): string {
  return text
    .replace(CONTROLS, ' ')
    .replace(/[ \t]+/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join('\n');
}

function bounded(parts: string[], maxChars: number, more: boolean): ExtractedText {
  const text = tidy(parts.join('\n'));
  return text.length > maxChars ? { text: text.slice(0, maxChars), truncated: true } : { text, truncated: more };
}

async function fromPdf(source: Readable, options: Required<ExtractOptions>): Promise<ExtractedText> {
  const bytes = await readToBuffer(source, options.maxInputBytes);
  await checkPdfStreams(bytes, options);
  const data = new Uint8Array(bytes);
  // loaded here, not with the module: a text document is read without pdf.js
  const { getDocumentProxy } = await import('unpdf');
  // no eval of font programs (a PDF is untrusted input); errors only, no console chatter
  const pdf = await getDocumentProxy(data, { isEvalSupported: false, verbosity: 0 });
  try {
    const pages: string[] = [];
    let chars = 0;
    const last = Math.min(pdf.numPages, options.maxPages);
    while (pages.length < last && chars <= options.maxChars) {
      const page = await pdf.getPage(pages.length + 1);
      const content = await page.getTextContent();
      const text = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : '')).join('');
      pages.push(text);
      chars += text.length;
      page.cleanup();
    }
    return bounded(pages, options.maxChars, pages.length < pdf.numPages);
  } finally {
    await pdf.destroy();
  }
}

/** Reads no further than maxChars of decoded text, then lets go of the source. */
async function fromText(source: Readable, options: Required<ExtractOptions>): Promise<ExtractedText> {
  const decoder = new TextDecoder('utf-8');
  let text = '';
  let more = false;
  for await (const chunk of source) {
    text += decoder.decode(chunk as Buffer, { stream: true });
    if (text.length > options.maxChars) {
      more = true;
      break;
    }
  }
  if (!more) text += decoder.decode();
  return bounded([text], options.maxChars, more);
}

/**
 * Text of a PDF (unpdf) or a text document (txt, csv, md, json), for the search index; null for a
 * type it does not read. Bounded on every side: input bytes, the bytes a PDF's streams inflate to
 * (pdf-streams.ts), pages and output characters. It runs in the current thread: the server calls it
 * through extraction-sandbox.ts, in a process of its own with a memory and a time limit.
 */
export async function extractText(
  source: Readable,
  mime: string,
  options: ExtractOptions,
): Promise<ExtractedText | null> {
  const limits: Required<ExtractOptions> = {
    maxChars: options.maxChars ?? 200_000,
    maxInputBytes: options.maxInputBytes,
    maxPages: options.maxPages ?? 500,
    maxStreamBytes: options.maxStreamBytes ?? INFLATE_LIMITS.maxStreamBytes,
    maxFileBytes: options.maxFileBytes ?? INFLATE_LIMITS.maxFileBytes,
  };
  if (mime === 'application/pdf') return fromPdf(source, limits);
  if (TEXT_TYPES.has(mime)) return fromText(source, limits);
  source.destroy();
  return null;
}
