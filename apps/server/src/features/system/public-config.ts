import { PRICING_TIERS, type PublicConfig } from '@tp/shared';
import type { AppConfig } from '../../config';

export function publicConfig(config: AppConfig): PublicConfig {
  return {
    features: { ...config.features },
    auth: { magicLink: true, password: config.auth.passwordEnabled, social: false },
    chat: { provider: config.chat.provider, websiteId: config.chat.websiteId, baseUrl: config.chat.baseUrl },
    pricing: PRICING_TIERS.map((tier) => ({ ...tier, currency: 'USD' })),
    readingToolAccountId: config.readingToolAccountId,
    devMailbox: config.mail.devMailbox,
    supportEmail: config.mail.supportEmail,
  };
}
