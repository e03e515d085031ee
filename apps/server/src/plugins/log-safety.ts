/**
 * What an error may put in the log. Errors from the database carry data, not just a diagnosis:
 * Drizzle's message and `params` hold every parameter of the failed statement (addresses, token
 * hashes, profile fields), and PostgreSQL's `detail` and `where` quote the failing row or key.
 * Only the statement (its placeholders, not its values), the codes and the reason are kept, and
 * e-mail addresses are masked in any message (an SMTP refusal quotes the recipient).
 */

const KEPT_FIELDS = [
  'code',
  'statusCode',
  'severity',
  'routine',
  'table',
  'column',
  'constraint',
  'schema',
  'responseCode',
  'command',
  'syscall',
] as const;
const EMAIL = /[^\s<>"'(),;:]+@[^\s<>"'(),;:]+\.[A-Za-z]{2,}/g;
const MAX_DEPTH = 5;

export interface SafeError {
  type: string;
  message: string;
  stack: string;
  cause?: SafeError;
  errors?: SafeError[];
  [field: string]: unknown;
}

/** Drizzle's "Failed query: <sql>\nparams: <values>" without the values. */
export function safeErrorMessage(error: unknown): string {
  const raw = error instanceof Error ? error.message : String(error);
  const message = raw.startsWith('Failed query: ') ? raw.replace(/\nparams: [\s\S]*$/, '') : raw;
  return message.replace(EMAIL, '[email]');
}

export function serializeError(error: unknown, depth = 0): SafeError {
  if (!(error instanceof Error)) return { type: typeof error, message: safeErrorMessage(error), stack: '' };
  const message = safeErrorMessage(error);
  // the stack's first lines repeat the message: everything before the first frame is replaced
  const frames = error.stack?.indexOf('\n    at ') ?? -1;
  const trace = frames >= 0 ? error.stack!.slice(frames).replace(/\ncaused by:[\s\S]*$/, '') : '';
  const safe: SafeError = {
    type: error.constructor?.name ?? error.name,
    message,
    stack: `${error.name}: ${message}${trace}`,
  };
  for (const field of KEPT_FIELDS) {
    const value = (error as unknown as Record<string, unknown>)[field];
    if (value !== undefined && value !== null && typeof value !== 'object') safe[field] = value;
  }
  if (depth < MAX_DEPTH) {
    if (error.cause !== undefined) safe.cause = serializeError(error.cause, depth + 1);
    if (error instanceof AggregateError) safe.errors = error.errors.map((inner) => serializeError(inner, depth + 1));
  }
  return safe;
}
