import { z } from 'zod';
import { PRICING_TIERS } from '../constants';
import { text } from './text';

/**
 * License gating (docs/product/settings.md#license-tiers). A license key is an Ed25519-signed compact JWS (see
 * license/license-key.ts); the server verifies it, stores it on the user and gates features.
 */

export const BASE_FEATURES = ['button', 'card', 'input', 'typography', 'layout', 'design-tokens'] as const;
export const LICENSE_FEATURES = [
  ...BASE_FEATURES,
  'premium-components',
  'advanced-theming',
  'email-support',
  'basic-analytics',
  'advanced-dashboard',
  'advanced-analytics',
  'team-workspaces',
  'priority-support',
  'white-label',
  'sso',
  'audit-log',
  'dedicated-support',
] as const;
export type LicenseFeature = (typeof LICENSE_FEATURES)[number];
export const licenseFeatureSchema = z.enum(LICENSE_FEATURES);

export const LICENSED_TIERS = ['developer', 'team', 'enterprise'] as const;
export type LicensedTier = (typeof LICENSED_TIERS)[number];
export const LICENSE_TYPES = ['none', ...LICENSED_TIERS] as const;
export type LicenseType = (typeof LICENSE_TYPES)[number];

interface TierDefinition {
  features: readonly LicenseFeature[];
  /** null: no limit. */
  maxUsers: number | null;
  whiteLabel: boolean;
}

const DEVELOPER_FEATURES = [
  ...BASE_FEATURES,
  'premium-components',
  'advanced-theming',
  'email-support',
  'basic-analytics',
] as const;
const TEAM_FEATURES = [
  ...DEVELOPER_FEATURES,
  'advanced-dashboard',
  'advanced-analytics',
  'team-workspaces',
  'priority-support',
] as const;

/**
 * The tiers (docs/product/settings.md#license-tiers). Team's and enterprise's features are our choice
 * (the pricing gives only their prices, 149 and 499 a month): team adds the advanced dashboard and analytics, team
 * workspaces and priority support for 25 users; enterprise adds white label, SSO, an audit log and
 * dedicated support with no user limit. Recorded in docs/decisions/0021-license-keys.md.
 */
export const LICENSE_TIERS: Record<LicenseType, TierDefinition> = {
  none: { features: BASE_FEATURES, maxUsers: 1, whiteLabel: false },
  developer: { features: DEVELOPER_FEATURES, maxUsers: 5, whiteLabel: false },
  team: { features: TEAM_FEATURES, maxUsers: 25, whiteLabel: false },
  enterprise: {
    features: [...TEAM_FEATURES, 'white-label', 'sso', 'audit-log', 'dedicated-support'],
    maxUsers: null,
    whiteLabel: true,
  },
};

/** The cheapest tier that includes a feature (for the upgrade message). */
export function lowestTierWith(feature: LicenseFeature): LicensedTier {
  return LICENSED_TIERS.find((tier) => LICENSE_TIERS[tier].features.includes(feature)) ?? 'enterprise';
}
export const tierName = (tier: LicensedTier) => PRICING_TIERS.find((t) => t.id === tier)!.name;

/** Days before expiry from which a warning names the date (docs/product/settings.md#license-messages). */
export const LICENSE_EXPIRY_WARNING_DAYS = 30;
export const LICENSE_KEY_MIN_LENGTH = 10;
export const LICENSE_KEY_MAX_LENGTH = 4096;
export const LICENSE_ISSUER = 'trading-portal';

export const LICENSE_MESSAGES = {
  invalidFormat: 'Invalid license key format',
  expired: 'License has expired',
  /** Well formed, but not signed by the key this installation trusts (a forged or tampered key). */
  invalidSignature: 'Invalid license key signature',
  expiresSoon: (isoDate: string) => `Your license expires on ${isoDate}. Renew it before then to keep its features.`,
  featureNotLicensed: (feature: LicenseFeature) =>
    `The ${feature} feature requires a commercial license. Please upgrade to the ${tierName(lowestTierWith(feature))} plan or higher to use it.`,
  seatsTaken: (maxUsers: number) => `This license is already in use by ${maxUsers} users, the most it allows.`,
  unsupported: 'This browser cannot check license signatures; the server checks them.',
} as const;

export const LICENSE_ERROR_CODES = {
  invalidFormat: 'INVALID_LICENSE_KEY',
  invalidSignature: 'INVALID_LICENSE_SIGNATURE',
  expired: 'LICENSE_EXPIRED',
  featureNotLicensed: 'FEATURE_NOT_LICENSED',
  seatsTaken: 'LICENSE_SEATS_EXHAUSTED',
} as const;

/** What a key's payload carries. */
export const licenseClaimsSchema = z.object({
  iss: z.literal(LICENSE_ISSUER),
  /** The licensee (a company or a person). */
  sub: text().min(1).max(200),
  tier: z.enum(LICENSED_TIERS),
  /** The license's id: users activating the same key share its seats. */
  jti: text().min(1).max(100),
  iat: z.number().int().nonnegative(),
  exp: z.number().int().positive(),
});
export type LicenseClaims = z.infer<typeof licenseClaimsSchema>;

/** The license (docs/product/settings.md#license): type, expiry, features, restrictions, metadata. */
export const licenseSchema = z.object({
  type: z.enum(LICENSE_TYPES),
  expiry: text().max(40).nullable(),
  features: z.array(licenseFeatureSchema).max(LICENSE_FEATURES.length),
  restrictions: z.object({ maxUsers: z.number().int().positive().nullable(), whiteLabel: z.boolean() }),
  metadata: z.object({
    issued: text().max(40).nullable(),
    licensee: text().max(200).nullable(),
    /** The stored key, shortened to its last characters. */
    licenseKey: text().max(40).nullable(),
  }),
});
export type License = z.infer<typeof licenseSchema>;

export const LICENSE_STATUSES = ['none', 'active', 'expiring', 'expired', 'invalid'] as const;

/** GET /api/me/license, POST and DELETE answers: the license in force (the base set unless active or expiring). */
export const licenseStateSchema = z.object({
  status: z.enum(LICENSE_STATUSES),
  license: licenseSchema,
  /** Set while status is expiring: names the expiry date. */
  warning: text().max(200).nullable(),
  /** Set when status is expired or invalid (a stored key the current public key no longer accepts). */
  error: text().max(200).nullable(),
});
export type LicenseState = z.infer<typeof licenseStateSchema>;

/** POST /api/me/license */
export const activateLicenseRequestSchema = z.object({ key: text().trim().max(LICENSE_KEY_MAX_LENGTH) }).strict();

/** GET /api/me/license/features/{feature}: 200 when licensed, 403 FEATURE_NOT_LICENSED otherwise. */
export const featureCheckResponseSchema = z.object({ feature: licenseFeatureSchema, licensed: z.literal(true) });

/** GET /api/license/public-key (public): the key this installation verifies with, for the browser's own check. */
export const licensePublicKeyResponseSchema = z.object({
  algorithm: z.literal('EdDSA'),
  publicKey: text().max(200),
});

export function licenseFor(
  type: LicenseType,
  details: {
    expiry?: string | null;
    issued?: string | null;
    licensee?: string | null;
    licenseKey?: string | null;
  } = {},
): License {
  const tier = LICENSE_TIERS[type];
  return {
    type,
    expiry: details.expiry ?? null,
    features: [...tier.features],
    restrictions: { maxUsers: tier.maxUsers, whiteLabel: tier.whiteLabel },
    metadata: {
      issued: details.issued ?? null,
      licensee: details.licensee ?? null,
      licenseKey: details.licenseKey ?? null,
    },
  };
}

/** "…x7Qk2p9A": enough to recognise a key without showing it. */
export const maskLicenseKey = (key: string) => `…${key.slice(-8)}`;
