import { PRICING_TIERS, type PublicConfig } from '@tp/shared';
import type { AppConfig } from '../../config';

/** What the web app may know about this server; `devMailbox` is whether the mailbox answers this client. */
export function publicConfig(config: AppConfig, client: { canReadDevMailbox: boolean }): PublicConfig {
  return {
    features: { ...config.features },
    auth: { magicLink: true, password: config.auth.passwordEnabled, social: false },
    chat: { provider: config.chat.provider, websiteId: config.chat.websiteId, baseUrl: config.chat.baseUrl },
    pricing: PRICING_TIERS.map((tier) => ({ ...tier, currency: 'USD' })),
    readingToolAccountId: config.readingToolAccountId,
    devMailbox: client.canReadDevMailbox,
    supportEmail: config.mail.supportEmail,
  };
}
