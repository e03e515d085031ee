import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHIPPED_LICENSE_PUBLIC_KEY } from '@tp/shared';
import { ConfigError, loadConfig } from './config';
import { tempDir } from './test/temp-dirs';

const base = () => ({ DATA_DIR: tempDir('tp-config-') });

describe('config', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig(base());
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.storage.driver).toBe('local');
    expect(config.auth.passwordEnabled).toBe(false);
    expect(Object.values(config.features).every((on) => on === false)).toBe(true);
  });

  it('stops start-up naming the bad variable', () => {
    expect(() => loadConfig({ ...base(), PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base(), PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ ...base(), DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ ...base(), SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ ...base(), FEATURE_SERVICES: 'maybe' })).toThrow(/FEATURE_SERVICES/);
    expect(() => loadConfig({ ...base(), STORAGE_DRIVER: 's3' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ ...base(), MAIL_FROM: 'Trading Portal' })).toThrow(/MAIL_FROM/);
    expect(() => loadConfig({ ...base(), MAIL_FROM: 'Desk <not an address>' })).toThrow(/MAIL_FROM/);
    expect(loadConfig({ ...base(), MAIL_FROM: 'Desk <desk@example.com>' }).mail.from).toBe('Desk <desk@example.com>');
    expect(loadConfig({ ...base(), MAIL_FROM: 'desk@example.com' }).mail.from).toBe('desk@example.com');
  });

  it('reads the S3 settings: path-style addressing for a custom endpoint, credentials as a pair', () => {
    const s3 = { ...base(), STORAGE_DRIVER: 's3', S3_BUCKET: 'files' };
    expect(loadConfig(s3).storage.s3.forcePathStyle).toBe(false);
    expect(loadConfig({ ...s3, S3_ENDPOINT: 'http://127.0.0.1:9000' }).storage.s3.forcePathStyle).toBe(true);
    expect(
      loadConfig({ ...s3, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'false' }).storage.s3
        .forcePathStyle,
    ).toBe(false);
    expect(() => loadConfig({ ...s3, S3_ACCESS_KEY_ID: 'id' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ ...s3, S3_SECRET_ACCESS_KEY: 'secret' })).toThrow(/S3_ACCESS_KEY_ID/);
    expect(() => loadConfig({ ...s3, S3_FORCE_PATH_STYLE: 'sometimes' })).toThrow(/S3_FORCE_PATH_STYLE/);
  });

  it('reads the content quotas: 1 GB and 2,000 files, 30 uploads a minute, 200 share recipients a day by default', () => {
    expect(loadConfig(base()).content).toEqual({
      quotaBytes: 1_073_741_824,
      fileQuota: 2_000,
      uploadsPerMinute: 30,
      shareRecipientsPerDay: 200,
    });
    const set = loadConfig({
      ...base(),
      CONTENT_QUOTA_BYTES: '5368709120',
      CONTENT_FILE_QUOTA: '500',
      CONTENT_UPLOADS_PER_MINUTE: '5',
      CONTENT_SHARE_RECIPIENTS_PER_DAY: '50',
    });
    expect(set.content).toEqual({
      quotaBytes: 5_368_709_120,
      fileQuota: 500,
      uploadsPerMinute: 5,
      shareRecipientsPerDay: 50,
    });
    expect(() => loadConfig({ ...base(), CONTENT_QUOTA_BYTES: '1GB' })).toThrow(/CONTENT_QUOTA_BYTES/);
    expect(() => loadConfig({ ...base(), CONTENT_FILE_QUOTA: '0' })).toThrow(/CONTENT_FILE_QUOTA/);
    expect(() => loadConfig({ ...base(), CONTENT_UPLOADS_PER_MINUTE: 'many' })).toThrow(/CONTENT_UPLOADS_PER_MINUTE/);
    expect(() => loadConfig({ ...base(), CONTENT_SHARE_RECIPIENTS_PER_DAY: '0' })).toThrow(
      /CONTENT_SHARE_RECIPIENTS_PER_DAY/,
    );
  });

  it('trusts the shipped license public key unless LICENSE_PUBLIC_KEY names an Ed25519 key', () => {
    expect(loadConfig(base()).license.publicKey).toBe(SHIPPED_LICENSE_PUBLIC_KEY);
    const { publicKey } = generateKeyPairSync('ed25519');
    const der = publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
    const pem = publicKey.export({ format: 'pem', type: 'spki' }).toString();
    expect(loadConfig({ ...base(), LICENSE_PUBLIC_KEY: der }).license.publicKey).toBe(der);
    expect(loadConfig({ ...base(), LICENSE_PUBLIC_KEY: pem.replace(/\n/g, '\\n') }).license.publicKey).toBe(der);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 })
      .publicKey.export({ format: 'pem', type: 'spki' })
      .toString();
    expect(() => loadConfig({ ...base(), LICENSE_PUBLIC_KEY: rsa })).toThrow(/LICENSE_PUBLIC_KEY/);
    expect(() => loadConfig({ ...base(), LICENSE_PUBLIC_KEY: 'not-a-key' })).toThrow(/LICENSE_PUBLIC_KEY/);
  });

  it('reads the campaign sending settings with their defaults, and refuses bad ones by name', () => {
    const config = loadConfig(base());
    expect(config.mail).toMatchObject({ ratePerSecond: 20, concurrency: 4 });
    expect(config.campaigns).toEqual({
      dailyRecipientQuota: 1_000,
      startGraceMinutes: 60,
      linkTtlDays: 90,
      notificationsPerDay: 50,
      bounceWebhookSecret: null,
    });
    const set = loadConfig({
      ...base(),
      MAIL_RATE_PER_SECOND: '0',
      MAIL_CONCURRENCY: '16',
      CAMPAIGN_DAILY_RECIPIENT_QUOTA: '50000',
      CAMPAIGN_START_GRACE_MINUTES: '15',
      CAMPAIGN_LINK_TTL_DAYS: '30',
      NOTIFICATIONS_PER_DAY: '5',
      BOUNCE_WEBHOOK_SECRET: 'x'.repeat(32),
    });
    expect(set.mail).toMatchObject({ ratePerSecond: 0, concurrency: 16 });
    expect(set.campaigns).toEqual({
      dailyRecipientQuota: 50_000,
      startGraceMinutes: 15,
      linkTtlDays: 30,
      notificationsPerDay: 5,
      bounceWebhookSecret: 'x'.repeat(32),
    });
    expect(() => loadConfig({ ...base(), MAIL_RATE_PER_SECOND: '-1' })).toThrow(/MAIL_RATE_PER_SECOND/);
    expect(() => loadConfig({ ...base(), MAIL_CONCURRENCY: '0' })).toThrow(/MAIL_CONCURRENCY/);
    expect(() => loadConfig({ ...base(), CAMPAIGN_DAILY_RECIPIENT_QUOTA: 'lots' })).toThrow(
      /CAMPAIGN_DAILY_RECIPIENT_QUOTA/,
    );
    expect(() => loadConfig({ ...base(), BOUNCE_WEBHOOK_SECRET: 'short' })).toThrow(/BOUNCE_WEBHOOK_SECRET/);
    expect(() => loadConfig({ ...base(), CAMPAIGN_LINK_TTL_DAYS: '0' })).toThrow(/CAMPAIGN_LINK_TTL_DAYS/);
    expect(() => loadConfig({ ...base(), NOTIFICATIONS_PER_DAY: '0' })).toThrow(/NOTIFICATIONS_PER_DAY/);
  });

  it("reads SOCIAL_LINKS as the company's https pages, none by default", () => {
    expect(loadConfig(base()).socialLinks).toEqual([]);
    expect(
      loadConfig({ ...base(), SOCIAL_LINKS: 'https://www.linkedin.com/company/acme, https://x.com/acme' }).socialLinks,
    ).toEqual(['https://www.linkedin.com/company/acme', 'https://x.com/acme']);
    expect(() => loadConfig({ ...base(), SOCIAL_LINKS: 'http://x.com/acme' })).toThrow(/SOCIAL_LINKS/);
    expect(() => loadConfig({ ...base(), SOCIAL_LINKS: 'javascript:alert(1)' })).toThrow(/SOCIAL_LINKS/);
  });

  it('turns FEATURE_* variables into flags', () => {
    const config = loadConfig({ ...base(), FEATURE_ENHANCED_COMPONENTS: 'true', FEATURE_REAL_TIME_DATA: '1' });
    expect(config.features.enhancedComponents).toBe(true);
    expect(config.features.realTimeData).toBe(true);
    expect(config.features.services).toBe(false);
  });

  it('generates an auth secret once and keeps it in DATA_DIR', () => {
    const env = base();
    const first = loadConfig(env).auth.secret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig(env).auth.secret).toBe(first);
    expect(readFileSync(path.join(env.DATA_DIR, 'auth-secret'), 'utf8')).toBe(first);
  });

  it('requires a shared AUTH_SECRET for production instances on PostgreSQL', () => {
    expect(() => loadConfig({ ...base(), NODE_ENV: 'production', DATABASE_URL: 'postgres://localhost/db' })).toThrow(
      /AUTH_SECRET/,
    );
  });
});
