import { inArray } from 'drizzle-orm';
import { AUTH } from '@tp/shared';
import type { DbExecutor } from '../../db/client';
import { RateLimitedError } from '../../plugins/errors';
import { addToCounter } from '../../plugins/rate-limit';
import { rateLimits } from '../../plugins/rate-limit/rate-limit.tables';

const HOUR_MS = 3_600_000;
const COOLDOWN_MS = AUTH.magicLinkCooldownSeconds * 1_000;

const counterKeys = (email: string) => [`magic-link:cooldown:${email}`, `magic-link:hour:${email}`] as const;
const toSeconds = (ms: number) => Math.ceil(ms / 1_000);

/**
 * Admits one more sign-in link to `email` (docs/decisions/0036): a short cooldown between two links
 * and a larger hourly allowance, sign-up and sign-in together, shared by every instance. Call it
 * inside the transaction that issues the link: a refused request throws, the transaction rolls
 * back and nothing is counted, so the Retry-After it answers (the longest wait of the limits it
 * met) is the true wait. Concurrent requests for one address queue on the cooldown row.
 */
export async function admitLinkTo(tx: DbExecutor, email: string): Promise<{ nextLinkInSeconds: number }> {
  const [cooldownKey, hourKey] = counterKeys(email);
  // a request that queued on the row lock began before the window it waited for, so the database's
  // time left (from the transaction's start) can pass the window's length: never tell a longer wait
  const wait = (ttlMs: number, windowMs: number) => Math.min(ttlMs, windowMs);
  const cooldown = await addToCounter(tx, { key: cooldownKey, amount: 1, windowMs: COOLDOWN_MS });
  const hour = await addToCounter(tx, { key: hourKey, amount: 1, windowMs: HOUR_MS });
  cooldown.ttlMs = wait(cooldown.ttlMs, COOLDOWN_MS);
  hour.ttlMs = wait(hour.ttlMs, HOUR_MS);
  const refusedFor = Math.max(
    cooldown.count > 1 ? cooldown.ttlMs : 0,
    hour.count > AUTH.magicLinkPerAddressPerHour ? hour.ttlMs : 0,
  );
  if (refusedFor > 0) throw new RateLimitedError(toSeconds(refusedFor));
  const hourFull = hour.count >= AUTH.magicLinkPerAddressPerHour;
  return { nextLinkInSeconds: toSeconds(Math.max(cooldown.ttlMs, hourFull ? hour.ttlMs : 0)) };
}

/**
 * A link to `email` was opened: its owner reads that mailbox, so the address starts afresh — a
 * person signing in again and again on a laptop and a phone never meets the hourly allowance,
 * which is there for mail nobody asked for.
 */
export async function forgetLinksTo(tx: DbExecutor, email: string): Promise<void> {
  await tx.delete(rateLimits).where(inArray(rateLimits.key, [...counterKeys(email)]));
}
