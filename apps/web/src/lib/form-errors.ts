import type { ErrorDetail } from '@tp/shared';

/**
 * A 400's `details` (each `{ field, message }`) mapped onto a form's fields: the first message
 * for each field the form has (matched without regard to case), the rest left to a form-level
 * message. `source` is an `ApiError` or an answer that carries `details` itself; `word` rewrites a
 * message for its field (e.g. trading's labels for API names).
 */
export function fieldErrors<F extends string>(
  source: unknown,
  fields: readonly F[],
  word: (field: F, message: string) => string = (_field, message) => message,
): Partial<Record<F, string>> {
  const errors: Partial<Record<F, string>> = {};
  for (const detail of detailsOf(source)) {
    const field = fields.find((name) => name.toLowerCase() === detail.field.toLowerCase());
    if (field !== undefined) errors[field] ??= word(field, detail.message);
  }
  return errors;
}

function detailsOf(source: unknown): readonly ErrorDetail[] {
  const details = typeof source === 'object' && source !== null ? (source as { details?: unknown }).details : undefined;
  return Array.isArray(details) ? (details as ErrorDetail[]) : [];
}
