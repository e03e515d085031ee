import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { verifyResponseSchema, type VerifyResponse } from '@tp/shared';
import { emailOutbox, rateLimits } from '../../db/schema';

/** The magic-link token of the newest e-mail to this address, read from the outbox as a user would read the mail. */
export async function latestMagicLinkToken(app: FastifyInstance, email: string): Promise<string> {
  const [mail] = await app.deps.database.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, email))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  const match = mail ? /\/login\?token=([A-Za-z0-9_%-]+)/.exec(mail.text) : null;
  if (!match) throw new Error(`no magic link e-mail for ${email}`);
  return decodeURIComponent(match[1]!);
}

/** Signs a user in through the real magic-link flow and returns the verify answer. */
export async function signIn(
  app: FastifyInstance,
  email: string,
  body: Record<string, unknown> = {},
): Promise<VerifyResponse> {
  const requested = await app.inject({ method: 'POST', url: '/api/auth/magic-link', payload: { email, ...body } });
  if (requested.statusCode !== 200) throw new Error(`magic-link ${requested.statusCode}: ${requested.body}`);
  // sign-in throttles are per address; tests that sign in repeatedly clear them
  await app.deps.database.db.delete(rateLimits);
  const token = await latestMagicLinkToken(app, email.trim().toLowerCase());
  const verified = await app.inject({ method: 'POST', url: '/api/auth/verify', payload: { token } });
  if (verified.statusCode !== 200) throw new Error(`verify ${verified.statusCode}: ${verified.body}`);
  return verifyResponseSchema.parse(verified.json());
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
