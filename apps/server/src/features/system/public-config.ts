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
    socialLinks: config.socialLinks.map((url) => ({ label: socialLabel(url), url })),
  };
}

const SOCIAL_SITES: Record<string, string> = {
  'linkedin.com': 'LinkedIn',
  'x.com': 'X',
  'twitter.com': 'X',
  'youtube.com': 'YouTube',
  'facebook.com': 'Facebook',
  'instagram.com': 'Instagram',
  'github.com': 'GitHub',
};

/** A link's name: the site's own name when it is a known one, else its host. */
function socialLabel(url: string): string {
  const host = new URL(url).hostname.replace(/^www\./, '');
  return SOCIAL_SITES[host] ?? host;
}
