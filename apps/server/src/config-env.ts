import { z } from 'zod';
import { AUTH, FEATURE_FLAGS } from '@tp/shared';
import {
  bool,
  deskInterestRates,
  flagEnvName,
  isEd25519PublicKey,
  isMailbox,
  money,
  rate,
  socialLinks,
  trustProxy,
} from './config-env-values';

// The environment variables the server reads (`loadConfig` in `config.ts` is their only reader),
// each checked on its own, and the rules that join two of them.

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool.optional(),
  CONTENT_QUOTA_BYTES: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).default(1_073_741_824),
  CONTENT_FILE_QUOTA: z.coerce.number().int().min(1).max(10_000_000).default(2_000),
  CONTENT_UPLOADS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(30),
  CONTENT_SHARE_RECIPIENTS_PER_DAY: z.coerce.number().int().min(1).max(100_000).default(200),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z
    .string()
    .default('Trading Portal <no-reply@tradingportal.local>')
    .refine(isMailbox, 'must be an address, or a name and an address in angle brackets'),
  SUPPORT_EMAIL: z.email().default('support@tradingportal.local'),
  MAIL_RATE_PER_SECOND: z.coerce.number().int().min(0).max(100_000).default(20),
  MAIL_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(4),
  CAMPAIGN_DAILY_RECIPIENT_QUOTA: z.coerce.number().int().min(1).max(10_000_000).default(1_000),
  CAMPAIGN_START_GRACE_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 60)
    .default(60),
  CAMPAIGN_LINK_TTL_DAYS: z.coerce.number().int().min(1).max(3_650).default(90),
  NOTIFICATIONS_PER_DAY: z.coerce.number().int().min(1).max(100_000).default(50),
  BOUNCE_WEBHOOK_SECRET: z.string().min(24, 'must be at least 24 characters').optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  AUTH_PASSWORD_ENABLED: bool.default(false),
  AUTH_REQUESTS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(AUTH.perIpPerHour),
  DEV_MAILBOX: bool.optional(),
  DEV_MAILBOX_ALLOW_REMOTE: bool.default(false),
  MARKET_PROVIDER: z.enum(['simulated']).default('simulated'),
  MARKET_WS_HEARTBEAT_MS: z.coerce.number().int().min(100).max(300_000).default(15_000),
  MARKET_WS_REVERIFY_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  MARKET_WS_IDLE_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  TRADING_OPENING_CASH: money('a positive amount such as 100000.00', false).default('100000.00'),
  TRADING_COMMISSION_PER_ORDER: money('an amount such as 1.00', true).default('0'),
  TRADING_COMMISSION_RATE: rate.default('0'),
  TRADING_SLIPPAGE_RATE: rate.default('0'),
  TRADING_MATCH_INTERVAL_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  DESK_INTEREST_RATES: deskInterestRates,
  DESK_FORWARD_MARGIN_BPS: z.coerce.number().min(0).max(500).default(0),
  DESK_SETTLEMENT_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  CHAT_PROVIDER: z.enum(['none', 'chatwoot', 'crisp']).default('none'),
  CHAT_WEBSITE_ID: z.string().optional(),
  CHAT_BASE_URL: z.url().optional(),
  READING_TOOL_ACCOUNT_ID: z.string().optional(),
  SOCIAL_LINKS: socialLinks,
  LICENSE_PUBLIC_KEY: z
    .string()
    .refine(isEd25519PublicKey, 'must be an Ed25519 public key (SPKI, PEM or base64)')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_EVERY_REQUEST: bool.default(false),
  TRUST_PROXY: trustProxy,
  WEB_DIST_DIR: z.string().optional(),
  SERVER_PROCESSES: z
    .string()
    .trim()
    .default('auto')
    .refine((v) => v === 'auto' || (/^\d{1,3}$/.test(v) && Number(v) >= 1 && Number(v) <= 64), {
      error: 'must be auto or a number of processes from 1 to 64',
    }),
  ...Object.fromEntries(FEATURE_FLAGS.map((flag) => [flagEnvName(flag), bool.default(false)])),
});

export type Env = z.infer<typeof envSchema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

/** The rules that join two variables, which the schema checks one at a time. */
export function assertConsistentEnv(env: Env): void {
  const invalid = (name: string, message: string) =>
    new ConfigError(`Invalid environment configuration:\n  ${name}: ${message}`);
  if (env.STORAGE_DRIVER === 's3' && !env.S3_BUCKET) {
    throw invalid('S3_BUCKET', 'required when STORAGE_DRIVER=s3');
  }
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    const missing = env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
    throw invalid(missing, 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together');
  }
  if (env.SMTP_URL && env.DEV_MAILBOX === true) {
    throw invalid('DEV_MAILBOX', 'the dev mailbox exists only while no SMTP relay is configured; unset it or SMTP_URL');
  }
  if (env.SMTP_URL && env.DEV_MAILBOX_ALLOW_REMOTE) {
    throw invalid('DEV_MAILBOX_ALLOW_REMOTE', 'there is no dev mailbox while SMTP_URL is set');
  }
  if (env.CHAT_PROVIDER !== 'none' && !env.CHAT_WEBSITE_ID) {
    throw invalid('CHAT_WEBSITE_ID', 'required when CHAT_PROVIDER is set');
  }
  if (!env.DATABASE_URL && env.SERVER_PROCESSES !== 'auto' && Number(env.SERVER_PROCESSES) > 1) {
    throw invalid(
      'SERVER_PROCESSES',
      'the embedded database (no DATABASE_URL) admits one process; set it to 1 or auto, or set DATABASE_URL to PostgreSQL',
    );
  }
}
