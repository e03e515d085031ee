import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { oneTimeTokens } from './tokens.tables';

/** Every purpose a one-time token serves; each consumes only its own tokens. */
export type TokenPurpose = 'magic_link' | 'session_handoff' | 'newsletter_confirm';

/** 256 bits from the CSPRNG, URL-safe. Only its SHA-256 hash is ever stored. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface IssueTokenInput {
  purpose: TokenPurpose;
  ttlMs: number;
  email?: string | null;
  userId?: string | null;
  payload?: Record<string, unknown>;
}

/** Stores a new token's hash (in the caller's transaction if given one) and returns the token itself. */
export async function issueOneTimeToken(
  db: DbExecutor,
  input: IssueTokenInput,
): Promise<{ token: string; expiresAt: Date }> {
  const token = newOpaqueToken();
  const expiresAt = new Date(Date.now() + input.ttlMs);
  await db.insert(oneTimeTokens).values({
    purpose: input.purpose,
    tokenHash: hashToken(token),
    email: input.email ?? null,
    userId: input.userId ?? null,
    payload: input.payload ?? {},
    expiresAt,
  });
  return { token, expiresAt };
}

export type ConsumedToken = typeof oneTimeTokens.$inferSelect;

/**
 * Consumes a token of this purpose exactly once, before it expires: the conditional update is the
 * whole race, so two concurrent consumers never both succeed. Null when unknown, used or expired.
 */
export async function consumeOneTimeToken(
  db: DbExecutor,
  purpose: TokenPurpose,
  token: string,
): Promise<ConsumedToken | null> {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ consumedAt: sql`now()` })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, hashToken(token)),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.consumedAt),
        gt(oneTimeTokens.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row ?? null;
}

/** A token of this purpose that was already consumed (a link opened twice), or null. */
export async function consumedOneTimeToken(
  db: DbExecutor,
  purpose: TokenPurpose,
  token: string,
): Promise<ConsumedToken | null> {
  const [row] = await db
    .select()
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.tokenHash, hashToken(token)),
        eq(oneTimeTokens.purpose, purpose),
        isNotNull(oneTimeTokens.consumedAt),
      ),
    );
  return row ?? null;
}
