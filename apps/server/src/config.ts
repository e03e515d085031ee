import { createPublicKey, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import {
  AUTH,
  CURRENCY_CODES,
  FEATURE_FLAGS,
  SHIPPED_LICENSE_PUBLIC_KEY,
  spkiBase64,
  type CurrencyCode,
  type FeatureFlag,
} from '@tp/shared';
import { usableCores } from './usable-cores';

/** The only reader of process.env. A bad value stops start-up naming the variable. */

/** "ada@example.com" or "Ada Lovelace <ada@example.com>" (RFC 5322 mailbox, as nodemailer takes it). */
function isMailbox(value: string): boolean {
  const address = /^[^<>]*<([^<>\s]+)>$/.exec(value.trim())?.[1] ?? value.trim();
  return z.email().safeParse(address).success;
}

/** An Ed25519 public key as SPKI: PEM, or its base64 body on one line. */
function isEd25519PublicKey(value: string): boolean {
  try {
    const key = createPublicKey({ key: Buffer.from(spkiBase64(value), 'base64'), format: 'der', type: 'spki' });
    return key.asymmetricKeyType === 'ed25519';
  } catch {
    return false;
  }
}

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (PROXY_RANGES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * DESK_INTEREST_RATES: annual rates in percent that replace the desk's table
 * (docs/desk.md#1-home-currency-currencies-and-rates),
 * "EUR=2.15,USD=3.9"; empty by default.
 */
const deskInterestRates = z
  .string()
  .default('')
  .transform((value, context) => {
    const rates: Partial<Record<CurrencyCode, string>> = {};
    for (const entry of value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)) {
      const [code, percent, ...rest] = entry.split('=').map((part) => part.trim());
      if (
        !CURRENCY_CODES.includes(code as CurrencyCode) ||
        rest.length > 0 ||
        !/^-?\d{1,3}(\.\d{1,4})?$/.test(percent ?? '')
      ) {
        context.addIssue({
          code: 'custom',
          message: `"${entry}" must be CODE=percent with a desk currency, e.g. EUR=2.15`,
        });
        return z.NEVER;
      }
      rates[code as CurrencyCode] = percent!;
    }
    return rates;
  });

/** Comma-separated https URLs of the company's own pages (SOCIAL_LINKS); empty by default. */
const socialLinks = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((url) => url.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.url({ protocol: /^https$/, error: 'must be https:// URLs separated by commas' })).max(8));

/**
 * Which hops of X-Forwarded-For to believe (Fastify's trustProxy): off, a number of proxies in
 * front of the server, or their addresses and CIDR ranges. "true" is one hop — the address the
 * nearest proxy saw — and never every hop, which would let a client choose its own address.
 */
const trustProxy = z
  .string()
  .trim()
  .default('false')
  .transform((raw, ctx): false | number | string[] => {
    const value = raw.toLowerCase();
    if (['', 'false', '0', 'no'].includes(value)) return false;
    if (['true', 'yes'].includes(value)) return 1;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    const bad = entries.filter((entry) => !isAddressOrRange(entry));
    if (bad.length === 0) return entries;
    ctx.addIssue({
      code: 'custom',
      message: `must be false, a number of proxies (e.g. 1), or their addresses/CIDRs (e.g. 10.0.0.0/8,127.0.0.1); not: ${bad.join(', ')}`,
    });
    return z.NEVER;
  });

/** Cash in USD with at most two decimals (and at most a trillion). */
const money = (example: string, zeroAllowed: boolean) =>
  z
    .string()
    .regex(/^\d{1,12}(\.\d{1,2})?$/, `must be ${example}`)
    .refine((v) => zeroAllowed || Number(v) > 0, `must be ${example}`);
/** A fraction of the traded value, from 0 to 0.1 (0.0005 is 5 basis points). */
const rate = z
  .string()
  .regex(/^0(\.\d{1,8})?$|^0?\.\d{1,8}$/, 'must be a fraction such as 0.0005')
  .refine((v) => Number(v) <= 0.1, 'must be at most 0.1');

const flagEnvName = (flag: FeatureFlag) => `FEATURE_${flag.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;

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

export interface AppConfig {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  storage: {
    driver: 'local' | 's3';
    localDir: string;
    s3: {
      endpoint?: string;
      bucket?: string;
      region: string;
      accessKeyId?: string;
      secretAccessKey?: string;
      /** Bucket in the path (MinIO-style servers); defaults to on when S3_ENDPOINT is set. */
      forcePathStyle: boolean;
    };
  };
  content: {
    /** Bytes one user's files may take in all. */
    quotaBytes: number;
    /** Files one user may keep. */
    fileQuota: number;
    /** Uploads one user may start in a minute. */
    uploadsPerMinute: number;
    /** Recipients one user may share files with in 24 hours. */
    shareRecipientsPerDay: number;
  };
  mail: {
    smtpUrl: string | undefined;
    from: string;
    supportEmail: string;
    /** The outbox is readable at /api/dev/mailbox: only while no SMTP relay is configured. */
    devMailbox: boolean;
    /** The dev mailbox also answers clients that are not on this machine (DEV_MAILBOX_ALLOW_REMOTE). */
    devMailboxAllowRemote: boolean;
    /** Bulk messages a second across all instances; 0: no limit. */
    ratePerSecond: number;
    /** Bulk messages one instance delivers at once. */
    concurrency: number;
  };
  campaigns: {
    /** Recipients a user's campaigns may start to in any 24 hours. */
    dailyRecipientQuota: number;
    /** A scheduled campaign found later than this past its time waits for the user's confirmation. */
    startGraceMinutes: number;
    /** Days a message's click-tracking links keep working (counted from when the message was written). */
    linkTtlDays: number;
    /** Notifications (POST /api/email/send/notification) one user may send in 24 hours. */
    notificationsPerDay: number;
    /** Shared secret of POST /api/email/webhooks/bounce; unset: the webhook answers 404. */
    bounceWebhookSecret: string | null;
  };
  auth: { secret: string; passwordEnabled: boolean; requestsPerIpPerHour: number };
  marketProvider: 'simulated';
  /** Live quotes over WebSocket: heartbeat, session re-check and idle-close periods. */
  marketSocket: { heartbeatMs: number; reverifyMs: number; idleMs: number };
  trading: {
    /** Opening cash of a new paper account, USD. */
    openingCash: string;
    /** Charges booked as their own ledger rows (none by default): fixed per order, and rates of the notional. */
    commissionPerOrder: string;
    commissionRate: string;
    slippageRate: string;
    /** How often this instance asks for a matching pass of resting orders; 0 leaves it to other instances. */
    matchIntervalMs: number;
  };
  desk: {
    /** Annual interest rates in percent replacing the table's (docs/desk.md#1-home-currency-currencies-and-rates). */
    interestRates: Partial<Record<CurrencyCode, string>>;
    /** Margin on forward rates against the user, in basis points (0: none). */
    forwardMarginBps: number;
    /** How often this instance looks for forwards due to settle. */
    settlementIntervalMs: number;
  };
  chat: { provider: 'none' | 'chatwoot' | 'crisp'; websiteId: string | null; baseUrl: string | null };
  readingToolAccountId: string | null;
  /** The footer's social media links: the company's own pages, none until they are configured. */
  socialLinks: string[];
  features: Record<FeatureFlag, boolean>;
  /** The Ed25519 key license keys are verified with (SPKI, base64): LICENSE_PUBLIC_KEY or the shipped one. */
  license: { publicKey: string };
  logLevel: Env['LOG_LEVEL'];
  /**
   * A line for every request, the summarized ones too (decision 0032): routes marked
   * `accessLog: 'summary'` otherwise count their fast, successful, anonymous reads per minute.
   */
  logEveryRequest: boolean;
  /** false, a hop count, or the trusted proxies' addresses and ranges. */
  trustProxy: false | number | string[];
  webDistDir: string | undefined;
  /**
   * Processes this instance serves from, sharing its port (SERVER_PROCESSES, decision 0053): one
   * on the embedded database; `auto` on PostgreSQL is the cores the instance may use.
   */
  serverProcesses: number;
}

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

/** Reads AUTH_SECRET, or generates one kept in DATA_DIR so sessions survive restarts. */
function resolveAuthSecret(env: Env, dataDir: string): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  if (env.NODE_ENV === 'production' && env.DATABASE_URL) {
    throw new ConfigError(
      'Invalid environment configuration:\n  AUTH_SECRET: required in production with DATABASE_URL (instances must share it)',
    );
  }
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** The rules that join two variables, which the schema checks one at a time. */
function assertConsistentEnv(env: Env): void {
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

function serverProcesses(env: Env): number {
  if (env.SERVER_PROCESSES !== 'auto') return Number(env.SERVER_PROCESSES);
  return env.DATABASE_URL ? usableCores() : 1;
}

export function loadConfig(source: Record<string, string | undefined> = process.env): AppConfig {
  const env = parseEnv(source);
  const dataDir = path.resolve(env.DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  assertConsistentEnv(env);
  const features = Object.fromEntries(
    FEATURE_FLAGS.map((flag) => [flag, Boolean((env as Record<string, unknown>)[flagEnvName(flag)])]),
  ) as Record<FeatureFlag, boolean>;
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    storage: {
      driver: env.STORAGE_DRIVER,
      localDir: path.join(dataDir, 'files'),
      s3: {
        endpoint: env.S3_ENDPOINT,
        bucket: env.S3_BUCKET,
        region: env.S3_REGION,
        accessKeyId: env.S3_ACCESS_KEY_ID,
        secretAccessKey: env.S3_SECRET_ACCESS_KEY,
        forcePathStyle: env.S3_FORCE_PATH_STYLE ?? Boolean(env.S3_ENDPOINT),
      },
    },
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      supportEmail: env.SUPPORT_EMAIL,
      // without a relay the outbox is the only place mail can be read
      devMailbox: !env.SMTP_URL && (env.DEV_MAILBOX ?? true),
      devMailboxAllowRemote: env.DEV_MAILBOX_ALLOW_REMOTE,
      ratePerSecond: env.MAIL_RATE_PER_SECOND,
      concurrency: env.MAIL_CONCURRENCY,
    },
    campaigns: {
      dailyRecipientQuota: env.CAMPAIGN_DAILY_RECIPIENT_QUOTA,
      startGraceMinutes: env.CAMPAIGN_START_GRACE_MINUTES,
      linkTtlDays: env.CAMPAIGN_LINK_TTL_DAYS,
      notificationsPerDay: env.NOTIFICATIONS_PER_DAY,
      bounceWebhookSecret: env.BOUNCE_WEBHOOK_SECRET ?? null,
    },
    content: {
      quotaBytes: env.CONTENT_QUOTA_BYTES,
      fileQuota: env.CONTENT_FILE_QUOTA,
      uploadsPerMinute: env.CONTENT_UPLOADS_PER_MINUTE,
      shareRecipientsPerDay: env.CONTENT_SHARE_RECIPIENTS_PER_DAY,
    },
    auth: {
      secret: resolveAuthSecret(env, dataDir),
      passwordEnabled: env.AUTH_PASSWORD_ENABLED,
      requestsPerIpPerHour: env.AUTH_REQUESTS_PER_IP_PER_HOUR,
    },
    marketProvider: env.MARKET_PROVIDER,
    marketSocket: {
      heartbeatMs: env.MARKET_WS_HEARTBEAT_MS,
      reverifyMs: env.MARKET_WS_REVERIFY_MS,
      idleMs: env.MARKET_WS_IDLE_MS,
    },
    trading: {
      openingCash: env.TRADING_OPENING_CASH,
      commissionPerOrder: env.TRADING_COMMISSION_PER_ORDER,
      commissionRate: env.TRADING_COMMISSION_RATE,
      slippageRate: env.TRADING_SLIPPAGE_RATE,
      matchIntervalMs: env.TRADING_MATCH_INTERVAL_MS,
    },
    desk: {
      interestRates: env.DESK_INTEREST_RATES,
      forwardMarginBps: env.DESK_FORWARD_MARGIN_BPS,
      settlementIntervalMs: env.DESK_SETTLEMENT_INTERVAL_MS,
    },
    chat: {
      provider: env.CHAT_PROVIDER,
      websiteId: env.CHAT_WEBSITE_ID ?? null,
      baseUrl: env.CHAT_BASE_URL ?? null,
    },
    readingToolAccountId: env.READING_TOOL_ACCOUNT_ID ?? null,
    socialLinks: env.SOCIAL_LINKS,
    features,
    license: { publicKey: spkiBase64(env.LICENSE_PUBLIC_KEY ?? SHIPPED_LICENSE_PUBLIC_KEY) },
    logLevel: env.LOG_LEVEL,
    logEveryRequest: env.LOG_EVERY_REQUEST,
    trustProxy: env.TRUST_PROXY,
    webDistDir: env.WEB_DIST_DIR,
    serverProcesses: serverProcesses(env),
  };
}
