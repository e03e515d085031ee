import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  LICENSE_ERROR_CODES,
  LICENSE_MESSAGES,
  LICENSE_TIERS,
  licenseFor,
  maskLicenseKey,
  verifyLicenseKey,
  type LicenseFeature,
  type LicenseState,
} from '@tp/shared';
import type { Deps } from '../../deps';
import { requireUser } from '../../plugins/auth';
import { AppError } from '../../plugins/errors';
import { users } from '../users/users.tables';
import { userLicenses } from './license.tables';

const NONE: LicenseState = { status: 'none', license: licenseFor('none'), warning: null, error: null };

/** The license in force for a user: the stored key verified again now (expiry and the current public key). */
export async function getLicenseState(
  deps: Pick<Deps, 'db' | 'config'>,
  userId: string,
  now = new Date(),
): Promise<LicenseState> {
  const [row] = await deps.db.select().from(userLicenses).where(eq(userLicenses.userId, userId));
  if (!row) return NONE;
  const check = await verifyLicenseKey(row.licenseKey, { publicKey: deps.config.license.publicKey, now });
  if (check.status === 'unsupported') throw new Error('this runtime cannot verify Ed25519 signatures');
  if (check.status === 'expired' || check.status === 'invalid') {
    // expired, or no longer signed by the key this server trusts: the plan falls back to free
    await deps.db
      .update(users)
      .set({ plan: 'free', updatedAt: sql`now()` })
      .where(and(eq(users.id, userId), ne(users.plan, 'free')));
    const details = {
      expiry: row.expiresAt.toISOString(),
      licensee: row.licensee,
      licenseKey: maskLicenseKey(row.licenseKey),
    };
    return { status: check.status, license: licenseFor('none', details), warning: null, error: check.error };
  }
  const license = licenseFor(check.claims.tier, {
    expiry: new Date(check.claims.exp * 1000).toISOString(),
    issued: new Date(check.claims.iat * 1000).toISOString(),
    licensee: check.claims.sub,
    licenseKey: maskLicenseKey(row.licenseKey),
  });
  return { status: check.status, license, warning: check.warning, error: null };
}

const keyError = (status: number, message: string, code: string) =>
  new AppError(status, message, code, [{ field: 'key', message }]);

/** Verifies a key and stores it on the user (replacing any other); the plan follows its tier. */
export async function activateLicense(
  deps: Pick<Deps, 'db' | 'config'>,
  userId: string,
  key: string,
  now = new Date(),
): Promise<LicenseState> {
  const check = await verifyLicenseKey(key, { publicKey: deps.config.license.publicKey, now });
  if (check.status === 'invalid') throw keyError(400, check.error, LICENSE_ERROR_CODES[check.code]);
  if (check.status === 'expired') throw keyError(400, check.error, LICENSE_ERROR_CODES.expired);
  if (check.status === 'unsupported') throw new Error('this runtime cannot verify Ed25519 signatures');
  const { claims } = check;
  await deps.db.transaction(async (tx) => {
    // activations of one license take turns, so its seat limit holds under concurrency
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`license:${claims.jti}`}))`);
    const { maxUsers } = LICENSE_TIERS[claims.tier];
    if (maxUsers !== null) {
      const [others] = await tx
        .select({ n: count() })
        .from(userLicenses)
        .where(and(eq(userLicenses.licenseId, claims.jti), ne(userLicenses.userId, userId)));
      if ((others?.n ?? 0) >= maxUsers) {
        throw keyError(409, LICENSE_MESSAGES.seatsTaken(maxUsers), LICENSE_ERROR_CODES.seatsTaken);
      }
    }
    const row = {
      licenseKey: key,
      licenseId: claims.jti,
      tier: claims.tier,
      licensee: claims.sub,
      issuedAt: new Date(claims.iat * 1000),
      expiresAt: new Date(claims.exp * 1000),
      activatedAt: now,
    };
    await tx
      .insert(userLicenses)
      .values({ userId, ...row })
      .onConflictDoUpdate({ target: userLicenses.userId, set: row });
    await tx
      .update(users)
      .set({ plan: claims.tier, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
  });
  return getLicenseState(deps, userId, now);
}

export async function removeLicense(deps: Pick<Deps, 'db'>, userId: string): Promise<LicenseState> {
  await deps.db.transaction(async (tx) => {
    await tx.delete(userLicenses).where(eq(userLicenses.userId, userId));
    await tx
      .update(users)
      .set({ plan: 'free', updatedAt: sql`now()` })
      .where(eq(users.id, userId));
  });
  return NONE;
}

/** Refuses a signed-in user whose license lacks the feature (403 FEATURE_NOT_LICENSED with the upgrade message). */
export async function assertLicensed(
  deps: Pick<Deps, 'db' | 'config'>,
  userId: string,
  feature: LicenseFeature,
): Promise<void> {
  const { license } = await getLicenseState(deps, userId);
  if (!license.features.includes(feature)) {
    throw new AppError(403, LICENSE_MESSAGES.featureNotLicensed(feature), LICENSE_ERROR_CODES.featureNotLicensed);
  }
}

/**
 * A preHandler for licensed routes, after requireSignIn:
 * `app.get('/x', { preHandler: requireFeature(app.deps, 'advanced-dashboard') }, handler)`.
 */
export function requireFeature(deps: Pick<Deps, 'db' | 'config'>, feature: LicenseFeature) {
  return async (request: FastifyRequest) => assertLicensed(deps, requireUser(request).userId, feature);
}
