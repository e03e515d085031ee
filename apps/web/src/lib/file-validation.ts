import { UPLOAD_LIMITS } from '@tp/shared';
import { FILE_EMPTY_MESSAGE, fileTooLargeMessage } from '@tp/shared/file-size';

/** Validation of files added to the shared file list (docs/product/ui-layer.md#file-list-validation). */
export const FILE_LIST_DEFAULTS = {
  maxFileSize: UPLOAD_LIMITS.fileListMaxBytes,
  maxFiles: UPLOAD_LIMITS.fileListMaxFiles,
} as const;

export const MAX_FILES_REACHED = 'Maximum files reached';
export const FILE_UPLOAD_ERROR_TITLE = 'File Upload Error';

export const typeMessage = (accept: readonly string[]) => `File type not allowed. Accepted: ${accept.join(', ')}`;

/**
 * Whether a file matches an accepted pattern: a MIME type ("application/pdf"), a MIME family
 * ("image/*"), an extension (".pdf") or "*" for anything. No patterns: anything.
 */
export function matchesAccept(file: { name: string; type: string }, accept: readonly string[]): boolean {
  if (accept.length === 0) return true;
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return accept.some((raw) => {
    const pattern = raw.trim().toLowerCase();
    if (!pattern) return false;
    if (pattern === '*' || pattern === '*/*') return true;
    if (pattern.startsWith('.')) return name.endsWith(pattern);
    if (pattern.endsWith('/*')) return type.startsWith(pattern.slice(0, -1));
    return type === pattern;
  });
}

export interface Rejection {
  file: File;
  reason: string;
}

export interface ValidationResult {
  accepted: File[];
  rejected: Rejection[];
}

export function validateFiles(
  files: readonly File[],
  {
    maxFileSize = FILE_LIST_DEFAULTS.maxFileSize,
    accept = [],
    maxFiles = FILE_LIST_DEFAULTS.maxFiles,
    currentCount = 0,
  }: { maxFileSize?: number; accept?: readonly string[]; maxFiles?: number; currentCount?: number } = {},
): ValidationResult {
  const accepted: File[] = [];
  const rejected: Rejection[] = [];
  for (const file of files) {
    if (file.size === 0) rejected.push({ file, reason: FILE_EMPTY_MESSAGE });
    else if (file.size > maxFileSize) rejected.push({ file, reason: fileTooLargeMessage(maxFileSize) });
    else if (!matchesAccept(file, accept)) rejected.push({ file, reason: typeMessage(accept) });
    else if (currentCount + accepted.length >= maxFiles) rejected.push({ file, reason: MAX_FILES_REACHED });
    else accepted.push(file);
  }
  return { accepted, rejected };
}

/** One line per invalid file: name plus reason. */
export const rejectionLines = (rejected: readonly Rejection[]) =>
  rejected.map(({ file, reason }) => `${file.name}: ${reason}`).join('\n');
