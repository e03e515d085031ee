import { LICENSE_TIERS, LICENSED_TIERS, type LicenseFeature, type LicensedTier, type LicenseType } from '@tp/shared';

/**
 * What a license gives a merchant, in words (docs/decisions/0021 lists each tier's features). The
 * design-system features of every license, and the analytics every account already has, are one
 * line: the portal as it is today. A feature no screen delivers yet is said to be coming, never
 * shown as if it worked.
 */
export const PORTAL_TODAY =
  'Everything in the portal today: dashboard, paper trading, analytics, content hub and e-mail campaigns';

interface FeatureWords {
  words: string;
  /** Sold with the tier, not in the product yet. */
  coming?: true;
}

const FEATURE_WORDS: Record<LicenseFeature, FeatureWords | null> = {
  button: null,
  card: null,
  input: null,
  typography: null,
  layout: null,
  'design-tokens': null,
  'basic-analytics': null,
  'premium-components': { words: 'Premium dashboard widgets', coming: true },
  'advanced-theming': { words: 'Your own brand colours', coming: true },
  'email-support': { words: 'Help from our team by e-mail' },
  'advanced-dashboard': { words: 'The advanced dashboard', coming: true },
  'advanced-analytics': { words: 'Advanced analytics', coming: true },
  'team-workspaces': { words: 'Shared workspaces for your team', coming: true },
  'priority-support': { words: 'Priority answers from our team' },
  'white-label': { words: 'The portal under your own brand', coming: true },
  sso: { words: 'Sign-in with your company accounts', coming: true },
  'audit-log': { words: 'A record of who did what', coming: true },
  'dedicated-support': { words: 'A named contact in our team' },
};

export interface Benefits {
  /** What the license gives now. */
  now: string[];
  /** What it will give once built. */
  coming: string[];
}

const usersLine = (maxUsers: number | null) =>
  maxUsers === null ? 'Any number of users' : maxUsers === 1 ? 'For 1 user' : `Up to ${maxUsers} users on one key`;

function describe(features: readonly LicenseFeature[], maxUsers: number | null, lead: string): Benefits {
  const words = features.map((feature) => FEATURE_WORDS[feature]).filter((w): w is FeatureWords => w !== null);
  return {
    now: [lead, usersLine(maxUsers), ...words.filter((w) => !w.coming).map((w) => w.words)],
    coming: words.filter((w) => w.coming).map((w) => w.words),
  };
}

/** Everything a license of this type gives (the license in force: its own features and user limit). */
export function benefitsOf(features: readonly LicenseFeature[], maxUsers: number | null): Benefits {
  return describe(features, maxUsers, PORTAL_TODAY);
}

/** A license type's name as the settings show it. */
export const TIER_NAMES: Record<LicenseType, string> = {
  none: 'No license',
  developer: 'Developer',
  team: 'Team',
  enterprise: 'Enterprise',
};

/** What a plan adds to the one below it ("Everything in Developer", then its own). */
export function tierAdds(tier: LicensedTier): Benefits {
  const index = LICENSED_TIERS.indexOf(tier);
  const below: LicenseType = index === 0 ? 'none' : LICENSED_TIERS[index - 1]!;
  const own = LICENSE_TIERS[tier].features.filter((feature) => !LICENSE_TIERS[below].features.includes(feature));
  const lead = below === 'none' ? 'Everything without a license' : `Everything in ${TIER_NAMES[below]}`;
  return describe(own, LICENSE_TIERS[tier].maxUsers, lead);
}
