import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { FEATURE_FLAGS, SHIPPED_LICENSE_PUBLIC_KEY, spkiBase64, type CurrencyCode, type FeatureFlag } from '@tp/shared';
import { assertConsistentEnv, ConfigError, parseEnv, type Env } from './config-env';
import { flagEnvName } from './config-env-values';
import { usableCores } from './usable-cores';

/**
 * The only reader of process.env. A bad value stops start-up naming the variable. What each
 * variable may hold is in `config-env.ts`; here the checked variables become the app's config.
 */

export { ConfigError, parseEnv, type Env };

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
