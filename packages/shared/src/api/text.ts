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

/**
 * Every string of the contract is a `text()`: a `z.string()` that refuses NUL and lone surrogates
 * first, so such input is a 400 naming its field instead of a database error. Chain as usual:
 * `text().trim().min(1).max(120)`. Formats (`z.email()`, `z.uuid()`, `z.iso.datetime()`) already
 * refuse them.
 */
export function text(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).check(storableText);
}
