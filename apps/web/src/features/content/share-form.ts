import { CONTENT_MESSAGES, emailSchema, SHARED_LINK_DAYS, SHARED_LINK_MESSAGES } from '@tp/shared';

/**
 * Default subject (docs/product/content-hub.md#share-rules): "Shared Files: " and the first three
 * names, then " and N more".
 */
export function defaultShareSubject(names: readonly string[]): string {
  const shown = names.slice(0, 3).join(', ');
  const more = names.length > 3 ? ` and ${names.length - 3} more` : '';
  return `Shared Files: ${shown}${more}`;
}

/** The recipient rows always end with one empty row to type into (docs/product/content-hub.md#share-rules). */
export function withOneEmptyRow(rows: readonly string[]): string[] {
  const filled = rows.filter((row) => row.trim() !== '');
  const empties = rows.length - filled.length;
  if (empties === 0) return [...rows, ''];
  return rows.filter((row, index) => row.trim() !== '' || index === rows.findIndex((r) => r.trim() === ''));
}

/** Recipients kept: non-empty and containing @ (docs/product/content-hub.md#share-rules), trimmed, each once. */
export const validRecipients = (rows: readonly string[]) => [
  ...new Set(rows.map((row) => row.trim()).filter((row) => row !== '' && row.includes('@'))),
];

/** A kept recipient (it has an @) that is still no address the server takes. */
export const invalidRecipientMessage = (address: string) =>
  `Please check ${address}: it is not a valid email address. Nothing was sent.`;

/**
 * The share modal's validation, in the spec's order and texts, then every address and the links'
 * lifetime as the server checks them: a share goes out whole or not at all, so a typo in one
 * address never leaves the files shared (or made public) for the others only. Null when it may send.
 */
export function shareValidationError({
  fileCount,
  recipients,
  subject,
  expiresInDays,
}: {
  fileCount: number;
  recipients: readonly string[];
  subject: string;
  expiresInDays: number;
}): string | null {
  if (fileCount === 0) return CONTENT_MESSAGES.selectFilesToShare;
  const kept = validRecipients(recipients);
  if (kept.length === 0) return CONTENT_MESSAGES.addValidEmail;
  if (!subject.trim()) return CONTENT_MESSAGES.addSubject;
  const invalid = kept.find((address) => !emailSchema.safeParse(address).success);
  if (invalid) return invalidRecipientMessage(invalid);
  const days = Number.isInteger(expiresInDays) && expiresInDays >= SHARED_LINK_DAYS.min;
  if (!days || expiresInDays > SHARED_LINK_DAYS.max) return SHARED_LINK_MESSAGES.daysOutOfRange;
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
