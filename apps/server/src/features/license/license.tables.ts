import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { LicensedTier } from '@tp/shared';
import { ownerId } from '../users/users.tables';

/**
 * The license key a user activated (one at a time). The key is kept whole and verified again on
 * every read, so a changed public key or a passed expiry takes effect without a migration.
 */
export const userLicenses = pgTable(
  'user_licenses',
  {
    userId: ownerId().primaryKey(),
    licenseKey: text('license_key').notNull(),
    /** The key's jti: users who activate the same license share its seats. */
    licenseId: text('license_id').notNull(),
    tier: text('tier').$type<LicensedTier>().notNull(),
    licensee: text('licensee').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    activatedAt: timestamp('activated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_licenses_license_idx').on(t.licenseId)],
);
