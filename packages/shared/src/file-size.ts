/**
 * File sizes, written one way on the web and in the server's e-mails and messages. Free of zod:
 * the web imports it as `@tp/shared/file-size` without the schema library. English figures (the
 * app speaks English), 1024-based as the spec's limits are.
 */
import { UPLOAD_LIMITS } from './constants';

/** An empty file: nothing to upload (the content manager and the server refuse it). */
export const FILE_EMPTY_MESSAGE = 'File is empty (0 bytes)';

const MB = 1024 * 1024;
const SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

// built on first use: constructing a formatter costs far more than formatting with it
let formatters: { twoDecimals: Intl.NumberFormat; digits: Intl.NumberFormat[] } | undefined;
function figures() {
  formatters ??= {
    twoDecimals: new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    digits: [0, 1, 2].map((digits) => new Intl.NumberFormat('en-US', { maximumFractionDigits: digits })),
  };
  return formatters;
}

/** The smallest figure MB to 2 decimals can show. */
const SMALLEST_MB = 0.01;

/**
 * A file size where the product fixes it (docs/product/ui-layer.md#numbers: the share modal, the shared file list, the
 * attachments of a message): in MB to 2 decimals, "1.50 MB". A file too small to reach 0.01 MB
 * reads "< 0.01 MB", never "0.00 MB", which would say it is empty.
 */
export function formatFileSize(bytes: number): string {
  const shown = figures().twoDecimals.format(bytes / MB);
  return bytes > 0 && Number(shown) < SMALLEST_MB ? `< ${SMALLEST_MB} MB` : `${shown} MB`;
}

/**
 * A size for people everywhere else (a library row, a total, a limit): 0 B, 12.3 KB, 4.56 MB, 1 GB
 * — a 2 KB invoice is "2 KB", not "0.00 MB".
 */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 ? 0 : value < 10 ? 2 : 1;
  return `${figures().digits[digits]!.format(value)} ${SIZE_UNITS[unit]}`;
}

/**
 * "File size exceeds 25MB limit", the limit in MB to at most 2 decimals
 * (docs/product/content-hub.md#upload-limits).
 */
export const fileTooLargeMessage = (maxBytes: number = UPLOAD_LIMITS.contentManagerMaxBytes) =>
  `File size exceeds ${Number((maxBytes / MB).toFixed(2))}MB limit`;
