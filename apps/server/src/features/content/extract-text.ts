import type { Readable } from 'node:stream';
import { getDocumentProxy } from 'unpdf';
import { UPLOAD_LIMITS } from '@tp/shared';
import { readToBuffer } from '../../plugins/storage/byte-limit';

/** What the search index takes from a file: its words, at most `maxChars` of them. */
export interface ExtractedText {
  text: string;
  /** The file had more text than was kept. */
  truncated: boolean;
}

export interface ExtractOptions {
  maxChars?: number;
  maxInputBytes?: number;
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

function tidy(text: string): string {
  return text
    .replace(CONTROLS, ' ')
    .replace(/[ \t]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
}

function bounded(parts: string[], maxChars: number, more: boolean): ExtractedText {
  const text = tidy(parts.join('\n'));
  return text.length > maxChars ? { text: text.slice(0, maxChars), truncated: true } : { text, truncated: more };
}

async function fromPdf(source: Readable, options: Required<ExtractOptions>): Promise<ExtractedText> {
  const data = new Uint8Array(await readToBuffer(source, options.maxInputBytes));
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
 * type it does not read. Bounded on every side: input bytes, pages and output characters.
 */
export async function extractText(
  source: Readable,
  mime: string,
  options: ExtractOptions = {},
): Promise<ExtractedText | null> {
  const limits: Required<ExtractOptions> = {
    maxChars: options.maxChars ?? 200_000,
    maxInputBytes: options.maxInputBytes ?? UPLOAD_LIMITS.contentManagerMaxBytes,
    maxPages: options.maxPages ?? 500,
  };
  if (mime === 'application/pdf') return fromPdf(source, limits);
  if (TEXT_TYPES.has(mime)) return fromText(source, limits);
  source.destroy();
  return null;
}
