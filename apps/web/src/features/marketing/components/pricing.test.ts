import { describe, expect, it } from 'vitest';
import { LICENSE_TIERS, LICENSED_TIERS } from '@tp/shared';
import { TIER_NOTES } from './pricing';

/** The words each license feature is written with on a pricing card. */
const FEATURE_WORDS: Record<string, RegExp> = {
  'premium-components': /Premium components/,
  'advanced-theming': /advanced theming/,
  'basic-analytics': /Basic analytics/,
  'email-support': /E-mail support/,
  'advanced-dashboard': /Advanced dashboard/,
  'advanced-analytics': /dashboard and analytics/,
  'priority-support': /Priority support/,
  'white-label': /White label/,
  sso: /single sign-on/,
  'audit-log': /audit log/,
  'dedicated-support': /Dedicated support/,
};

describe('the pricing cards', () => {
  it('promise what each license tier includes, and its number of users', () => {
    for (const [index, tier] of LICENSED_TIERS.entries()) {
      const notes = TIER_NOTES[tier]!.join(' · ');
      const { maxUsers } = LICENSE_TIERS[tier];
      expect(notes).toContain(maxUsers === null ? 'No user limit' : `Up to ${maxUsers} users`);
      const below = index > 0 ? LICENSE_TIERS[LICENSED_TIERS[index - 1]!].features : LICENSE_TIERS.none.features;
      for (const feature of LICENSE_TIERS[tier].features.filter((f) => !below.includes(f))) {
        if (FEATURE_WORDS[feature]) expect(notes, `${tier}: ${feature}`).toMatch(FEATURE_WORDS[feature]);
      }
    }
  });

  it('promise nothing a tier does not include', () => {
    for (const tier of LICENSED_TIERS) {
      const notes = TIER_NOTES[tier]!.join(' · ');
      const included = new Set<string>(LICENSE_TIERS[tier].features);
      for (const [feature, words] of Object.entries(FEATURE_WORDS)) {
        if (!included.has(feature)) expect(notes, `${tier}: ${feature}`).not.toMatch(words);
      }
    }
  });
});
