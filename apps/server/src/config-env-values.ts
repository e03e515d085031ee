import { createPublicKey } from 'node:crypto';
import { isIP } from 'node:net';
import { z } from 'zod';
import { CURRENCY_CODES, spkiBase64, type CurrencyCode, type FeatureFlag } from '@tp/shared';

// What one environment variable of the config may hold: the parsers `config-env.ts` builds its
// schema from.

/** "ada@example.com" or "Ada Lovelace <ada@example.com>" (RFC 5322 mailbox, as nodemailer takes it). */
export function isMailbox(value: string): boolean {
  const address = /^[^<>]*<([^<>\s]+)>$/.exec(value.trim())?.[1] ?? value.trim();
  return z.email().safeParse(address).success;
}

/** An Ed25519 public key as SPKI: PEM, or its base64 body on one line. */
export function isEd25519PublicKey(value: string): boolean {
  try {
    const key = createPublicKey({ key: Buffer.from(spkiBase64(value), 'base64'), format: 'der', type: 'spki' });
    return key.asymmetricKeyType === 'ed25519';
  } catch {
    return false;
  }
}

export const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (PROXY_RANGES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * DESK_INTEREST_RATES: annual rates in percent that replace the desk's table
 * (docs/desk.md#1-home-currency-currencies-and-rates),
 * "EUR=2.15,USD=3.9"; empty by default.
 */
export const deskInterestRates = z
  .string()
  .default('')
  .transform((value, context) => {
    const rates: Partial<Record<CurrencyCode, string>> = {};
    for (const entry of value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)) {
      const [code, percent, ...rest] = entry.split('=').map((part) => part.trim());
      if (
        !CURRENCY_CODES.includes(code as CurrencyCode) ||
        rest.length > 0 ||
        !/^-?\d{1,3}(\.\d{1,4})?$/.test(percent ?? '')
      ) {
        context.addIssue({
          code: 'custom',
          message: `"${entry}" must be CODE=percent with a desk currency, e.g. EUR=2.15`,
        });
        return z.NEVER;
      }
      rates[code as CurrencyCode] = percent!;
    }
    return rates;
  });

/** Comma-separated https URLs of the company's own pages (SOCIAL_LINKS); empty by default. */
export const socialLinks = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((url) => url.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.url({ protocol: /^https$/, error: 'must be https:// URLs separated by commas' })).max(8));

/**
 * Which hops of X-Forwarded-For to believe (Fastify's trustProxy): off, a number of proxies in
 * front of the server, or their addresses and CIDR ranges. "true" is one hop — the address the
 * nearest proxy saw — and never every hop, which would let a client choose its own address.
 */
export const trustProxy = z
  .string()
  .trim()
  .default('false')
  .transform((raw, ctx): false | number | string[] => {
    const value = raw.toLowerCase();
    if (['', 'false', '0', 'no'].includes(value)) return false;
    if (['true', 'yes'].includes(value)) return 1;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    const bad = entries.filter((entry) => !isAddressOrRange(entry));
    if (bad.length === 0) return entries;
    ctx.addIssue({
      code: 'custom',
      message: `must be false, a number of proxies (e.g. 1), or their addresses/CIDRs (e.g. 10.0.0.0/8,127.0.0.1); not: ${bad.join(', ')}`,
    });
    return z.NEVER;
  });

/** Cash in USD with at most two decimals (and at most a trillion). */
export const money = (example: string, zeroAllowed: boolean) =>
  z
    .string()
    .regex(/^\d{1,12}(\.\d{1,2})?$/, `must be ${example}`)
    .refine((v) => zeroAllowed || Number(v) > 0, `must be ${example}`);
/** A fraction of the traded value, from 0 to 0.1 (0.0005 is 5 basis points). */
export const rate = z
  .string()
  .regex(/^0(\.\d{1,8})?$|^0?\.\d{1,8}$/, 'must be a fraction such as 0.0005')
  .refine((v) => Number(v) <= 0.1, 'must be at most 0.1');

export const flagEnvName = (flag: FeatureFlag) => `FEATURE_${flag.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;
