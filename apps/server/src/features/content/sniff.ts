import type { FileCategory } from '@tp/shared';

export interface SniffedType {
  mime: string;
  /** Canonical extension for the detected type (not the client's). */
  ext: string;
  category: FileCategory;
}

/** Bytes read from the front of an upload to decide its type. */
export const SNIFF_BYTES = 64 * 1024;

const DOCUMENT_TYPES = new Set([
  'application/pdf',
  'application/rtf',
  'application/epub+zip',
  'application/json',
  'application/xml',
  'application/xhtml+xml',
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.ms-powerpoint',
  'application/vnd.ms-outlook',
]);
const DOCUMENT_FAMILIES = ['application/vnd.openxmlformats-officedocument.', 'application/vnd.oasis.opendocument.'];

export function categoryOf(mime: string): FileCategory {
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('video/')) return 'video';
  if (mime.startsWith('audio/') || mime === 'application/ogg') return 'audio';
  if (mime.startsWith('text/') || DOCUMENT_TYPES.has(mime) || DOCUMENT_FAMILIES.some((f) => mime.startsWith(f))) {
    return 'document';
  }
  return 'other';
}

/** The client's extension, lowercased; used only to pick among types the bytes already allow. */
function claimedExtension(fileName: string | undefined): string {
  return /\.([a-z0-9]{1,10})$/.exec((fileName ?? '').toLowerCase())?.[1] ?? '';
}

// Legacy Office files are OLE compound files; file-type names only the container (an .msi is one too).
const COMPOUND_FILE_TYPES: Record<string, string> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  msg: 'application/vnd.ms-outlook',
};

const TEXT_SUBTYPES: Record<string, { mime: string; ext: string }> = {
  csv: { mime: 'text/csv', ext: 'csv' },
  tsv: { mime: 'text/tab-separated-values', ext: 'tsv' },
  md: { mime: 'text/markdown', ext: 'md' },
  markdown: { mime: 'text/markdown', ext: 'md' },
};

/**
 * UTF-8 text without control characters (tab, line breaks and form feed aside). A head cut in the
 * middle of a multi-byte character is still text; any invalid sequence or NUL is not.
 */
export function decodeText(head: Uint8Array, complete: boolean): string | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(head, { stream: !complete });
  } catch {
    return null;
  }
  // eslint-disable-next-line no-control-regex -- control characters are what this looks for
  return /[\u0000-\u0008\u000b\u000e-\u001f\u007f-\u009f]/.test(text) ? null : text;
}

function markupType(text: string): { mime: string; ext: string } | null {
  const start = text.trimStart().slice(0, 2048).toLowerCase();
  if (!start.startsWith('<')) return null;
  if (/<svg[\s>]/.test(start)) return { mime: 'image/svg+xml', ext: 'svg' };
  if (/^<(!doctype html|html|head|body|script|iframe|style|title|meta|div|a\s|p>|!--)/.test(start)) {
    return { mime: 'text/html', ext: 'html' };
  }
  if (start.startsWith('<?xml')) {
    return /<html[\s>]/.test(start)
      ? { mime: 'application/xhtml+xml', ext: 'xhtml' }
      : { mime: 'application/xml', ext: 'xml' };
  }
  return null;
}

function isJson(text: string, complete: boolean): boolean {
  const start = text.trimStart();
  if (!start.startsWith('{') && !start.startsWith('[')) return false;
  if (!complete) return true;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function textType(text: string, complete: boolean, claimed: string): { mime: string; ext: string } {
  const markup = markupType(text);
  if (markup) return markup;
  if ((claimed === 'json' || complete) && isJson(text, complete)) return { mime: 'application/json', ext: 'json' };
  return TEXT_SUBTYPES[claimed] ?? { mime: 'text/plain', ext: 'txt' };
}

/**
 * The type of an upload from its first bytes (`head`, up to SNIFF_BYTES), never from the client's
 * claim: the file name only picks among types the bytes allow (CSV vs plain text, .doc vs .xls).
 * `complete` says the head is the whole file.
 */
export async function sniff(head: Uint8Array, options: { fileName?: string; complete: boolean }): Promise<SniffedType> {
  const claimed = claimedExtension(options.fileName);
  // loaded on the first upload, not at start (most requests never sniff a file)
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(head);
  let type: { mime: string; ext: string };
  if (detected?.mime === 'application/x-cfb' && COMPOUND_FILE_TYPES[claimed]) {
    type = { mime: COMPOUND_FILE_TYPES[claimed], ext: claimed };
  } else if (detected?.mime === 'application/xml') {
    // an SVG or XHTML page behind an XML prolog is active content, not a plain document
    type = markupType(decodeText(head, options.complete) ?? '') ?? detected;
  } else if (detected) {
    type = { mime: detected.mime, ext: detected.ext };
  } else {
    const text = decodeText(head, options.complete);
    type = text === null ? { mime: 'application/octet-stream', ext: 'bin' } : textType(text, options.complete, claimed);
  }
  return { ...type, category: categoryOf(type.mime) };
}
