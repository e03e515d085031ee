import { z } from 'zod';
import { FEATURE_FLAGS } from '../constants';
import { text } from './text';

const partStatus = z.enum(['ok', 'error', 'dev']);

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: partStatus,
  storage: partStatus,
  mail: partStatus,
  version: text(),
  uptimeSeconds: z.number(),
});

export const featureFlagsSchema = z.object(
  Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, z.boolean()])) as Record<
    (typeof FEATURE_FLAGS)[number],
    z.ZodBoolean
  >,
);

export const pricingTierSchema = z.object({
  id: text(),
  name: text(),
  pricePerMonth: z.number(),
  currency: text(),
});

export const publicConfigSchema = z.object({
  features: featureFlagsSchema,
  auth: z.object({ magicLink: z.boolean(), password: z.boolean(), social: z.boolean() }),
  chat: z.object({
    provider: z.enum(['none', 'chatwoot', 'crisp']),
    websiteId: text().nullable(),
    baseUrl: text().nullable(),
  }),
  pricing: z.array(pricingTierSchema),
  readingToolAccountId: text().nullable(),
  devMailbox: z.boolean(),
  supportEmail: text(),
  /** The company's social media pages (SOCIAL_LINKS), each named after its site. */
  socialLinks: z.array(z.object({ label: text(), url: text() })),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
