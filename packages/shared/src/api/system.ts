import { z } from 'zod';
import { FEATURE_FLAGS } from '../constants';

const partStatus = z.enum(['ok', 'error', 'dev']);

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: partStatus,
  storage: partStatus,
  mail: partStatus,
  version: z.string(),
  uptimeSeconds: z.number(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

export const featureFlagsSchema = z.object(
  Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, z.boolean()])) as Record<
    (typeof FEATURE_FLAGS)[number],
    z.ZodBoolean
  >,
);
export type FeatureFlags = z.infer<typeof featureFlagsSchema>;

export const pricingTierSchema = z.object({
  id: z.string(),
  name: z.string(),
  pricePerMonth: z.number(),
  currency: z.string(),
});

export const publicConfigSchema = z.object({
  features: featureFlagsSchema,
  auth: z.object({ magicLink: z.boolean(), password: z.boolean(), social: z.boolean() }),
  chat: z.object({
    provider: z.enum(['none', 'chatwoot', 'crisp']),
    websiteId: z.string().nullable(),
    baseUrl: z.string().nullable(),
  }),
  pricing: z.array(pricingTierSchema),
  readingToolAccountId: z.string().nullable(),
  devMailbox: z.boolean(),
  supportEmail: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
