import { FILE_NAME_MAX } from '@tp/shared';

// C0/C1 controls, line and paragraph separators, and the bidi overrides that make
// "invoice<RLO>fdp.exe" display as "invoiceexe.pdf"
// eslint-disable-next-line no-control-regex -- control characters are what this removes
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/g;

/**
 * The client's file name as shown and offered for download: no folders, no control or bidi
 * characters, NFC, at most 255 characters (keeping the extension). Never used as a path.
 */
export function cleanFileName(raw: string, fallback = 'file'): string {
  const base = raw.split(/[/\\]/).pop() ?? '';
  const name = base
    .normalize('NFC')
    .replace(/[\t\n\r\u2028\u2029]/g, ' ')
    .replace(UNSAFE, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (!name || name === '.' || name === '..') return fallback;
  const chars = [...name];
  if (chars.length <= FILE_NAME_MAX) return name;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 ? [...name.slice(dot)] : [];
  const keepExt = ext.length > 0 && ext.length <= 16 ? ext : [];
  return chars.slice(0, FILE_NAME_MAX - keepExt.length).join('') + keepExt.join('');
}
