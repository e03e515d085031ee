import { CONTENT_MESSAGES, emailSchema } from '@tp/shared';

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

/** A recipient the server would refuse, said at its row: which address, and what to do. */
export const recipientError = (address: string) => `Enter a valid e-mail address: “${address}” is not one.`;

/**
 * The rows kept as recipients that are still no e-mail address ("ana@lisbon"), by row index: each
 * would fail on its own at the server, so the dialog names them at their rows before sending.
 */
export function invalidRecipientRows(rows: readonly string[]): Map<number, string> {
  const invalid = new Map<number, string>();
  rows.forEach((row, index) => {
    const address = row.trim();
    if (address.includes('@') && !emailSchema.safeParse(address).success) invalid.set(index, recipientError(address));
  });
  return invalid;
}
