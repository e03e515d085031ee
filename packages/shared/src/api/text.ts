import { z } from 'zod';

/**
 * NUL and unpaired UTF-16 surrogates: JSON carries them, PostgreSQL's text and jsonb cannot store
 * them, and no person types them. (With the `u` flag, `\p{Cs}` matches only a surrogate that is
 * not half of a pair.)
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this refuses
const UNSTORABLE = /[\u0000\p{Cs}]/u;

export const TEXT_MESSAGE = 'must not contain NUL characters or unpaired UTF-16 surrogates';

export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value);
}

/** The check `text()` starts with; the contract test finds it on every string of the contract. */
export const storableText = z.refine<string>(isStorableText, { message: TEXT_MESSAGE, abort: true });

/** A length limit in words a person reads next to the field (zod's own: "Too big: expected string to have <=120 characters"). */
export const tooLongMessage = (max: number | bigint) => `Must be at most ${max} characters`;
export const tooShortMessage = (min: number | bigint) =>
  Number(min) <= 1 ? 'Required' : `Must be at least ${min} characters`;

/** The wording of a string's own length checks; anything else keeps zod's (or the check's own) message. */
function textIssue(issue: z.core.$ZodRawIssue): string | undefined {
  if (issue.code === 'too_big' && issue.origin === 'string') return tooLongMessage(issue.maximum);
  if (issue.code === 'too_small' && issue.origin === 'string') return tooShortMessage(issue.minimum);
  return undefined;
}

/**
 * Every string of the contract is a `text()`: a `z.string()` that refuses NUL and lone surrogates
 * first, so such input is a 400 naming its field instead of a database error. Chain as usual:
 * `text().trim().min(1).max(120)`. Formats (`z.email()`, `z.uuid()`, `z.iso.datetime()`) already
 * refuse them. Its length limits read as `tooLongMessage` and `tooShortMessage` unless the check
 * or `params` give their own text.
 */
export function text(params?: Parameters<typeof z.string>[0]) {
  const own = typeof params === 'string' || params?.error !== undefined || params?.message !== undefined;
  return z.string(own ? params : { ...params, error: textIssue }).check(storableText);
}
