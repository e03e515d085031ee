/**
 * Response headers for serving a user's file: RFC 6266 Content-Disposition with an RFC 5987 UTF-8
 * name, nosniff, and a sandboxing CSP so a file that a browser could render as a page (HTML, SVG,
 * XML...) runs no script and reaches nothing on this origin.
 */

/** Types a browser shows without running anything of the file's own. */
const INLINE_SAFE = new Set([
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/bmp',
  'application/pdf',
  'text/plain',
]);
const isInlineSafe = (mime: string) => INLINE_SAFE.has(mime) || mime.startsWith('video/') || mime.startsWith('audio/');

export const SANDBOX_CSP =
  "sandbox; default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'";

// RFC 5987 attr-char: what may stand unencoded in filename*
const ATTR_CHAR = /[A-Za-z0-9!#$&+\-.^_`|~]/;

function encodeRfc5987(value: string): string {
  let out = '';
  for (const char of value) {
    if (ATTR_CHAR.test(char)) out += char;
    else for (const byte of Buffer.from(char, 'utf8')) out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** `attachment; filename="invoice.pdf"`, plus `filename*=UTF-8''…` when the name is not plain ASCII. */
export function contentDisposition(type: 'inline' | 'attachment', fileName: string): string {
  // eslint-disable-next-line no-control-regex -- control characters never reach a header
  const name = fileName.replace(/[\u0000-\u001f\u007f]/g, '').trim() || 'download';
  // the quoted fallback: printable ASCII without quote or backslash
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  if (fallback === name) return `${type}; filename="${name}"`;
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}

export function fileResponseHeaders(file: {
  name: string;
  mime: string;
  /** Ask for a download even when the type could be shown inline. */
  download?: boolean;
}): Record<string, string> {
  const inline = !file.download && isInlineSafe(file.mime);
  const headers: Record<string, string> = {
    'content-type': file.mime.startsWith('text/') ? `${file.mime}; charset=utf-8` : file.mime,
    'content-disposition': contentDisposition(inline ? 'inline' : 'attachment', file.name),
    'x-content-type-options': 'nosniff',
  };
  // the browser's PDF viewer does not run under a sandbox; everything else can
  if (file.mime !== 'application/pdf') headers['content-security-policy'] = SANDBOX_CSP;
  return headers;
}
