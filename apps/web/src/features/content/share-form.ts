import { CONTENT_MESSAGES } from '@tp/shared';

/** Default subject (spec 02 §2): "Shared Files: " and the first three names, then " and N more". */
export function defaultShareSubject(names: readonly string[]): string {
  const shown = names.slice(0, 3).join(', ');
  const more = names.length > 3 ? ` and ${names.length - 3} more` : '';
  return `Shared Files: ${shown}${more}`;
}

/** The recipient rows always end with one empty row to type into (spec 02 §2). */
export function withOneEmptyRow(rows: readonly string[]): string[] {
  const filled = rows.filter((row) => row.trim() !== '');
  const empties = rows.length - filled.length;
  if (empties === 0) return [...rows, ''];
  return rows.filter((row, index) => row.trim() !== '' || index === rows.findIndex((r) => r.trim() === ''));
}

/** Recipients kept: non-empty and containing @ (spec 02 §5), trimmed, each once. */
export const validRecipients = (rows: readonly string[]) => [
  ...new Set(rows.map((row) => row.trim()).filter((row) => row !== '' && row.includes('@'))),
];

/** The share modal's validation, in the spec's order and texts; null when it may send. */
export function shareValidationError({
  fileCount,
  recipients,
  subject,
}: {
  fileCount: number;
  recipients: readonly string[];
  subject: string;
}): string | null {
  if (fileCount === 0) return CONTENT_MESSAGES.selectFilesToShare;
  if (validRecipients(recipients).length === 0) return CONTENT_MESSAGES.addValidEmail;
  if (!subject.trim()) return CONTENT_MESSAGES.addSubject;
  return null;
}
