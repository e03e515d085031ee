import { rm, writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { contentHealthResponseSchema, healthResponseSchema, publicConfigSchema, errorResponseSchema } from '@tp/shared';
import { checkDatabase } from '../../db/client';
import { buildTestApp, useTestApp, getTestDatabase, getTestBoss, testConfig } from '../../test/kit';
import { buildApp } from '../../app';
import { publicConfig } from './public-config';

describe('system routes', () => {
  const suite = useTestApp({ FEATURE_REAL_TIME_DATA: 'true' });

  it('reports health of database, storage and mail', async () => {
    const res = await suite.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = healthResponseSchema.parse(res.json());
    expect(body).toMatchObject({ status: 'ok', database: 'ok', storage: 'ok', mail: 'dev' });
  });

  it('serves the public config with flags off unless set, and the spec pricing', async () => {
    const res = await suite.app.inject({ method: 'GET', url: '/api/config' });
    const body = publicConfigSchema.parse(res.json());
    expect(body.features.realTimeData).toBe(true);
    expect(body.features.enhancedComponents).toBe(false);
    expect(body.features.services).toBe(false);
    expect(body.auth).toEqual({ magicLink: true, password: false, social: false });
    expect(body.socialLinks).toEqual([]);
    expect(body.pricing.map((t) => [t.id, t.pricePerMonth])).toEqual([
      ['developer', 49],
      ['team', 149],
      ['enterprise', 499],
    ]);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await suite.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const body = errorResponseSchema.parse(res.json());
    expect(body.error).toContain('The requested resource was not found.');
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await suite.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });

  it('sends nosniff and a Content-Security-Policy: the page policy on pages, no framing on API answers', async () => {
    const api = await suite.app.inject({ method: 'GET', url: '/api/health' });
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['content-security-policy']).toBe("frame-ancestors 'none'");
    const page = await suite.app.inject({ method: 'GET', url: '/' });
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['content-security-policy']).toContain("object-src 'none'");
  });

  it('honours an incoming X-Request-ID and echoes it back, else makes one', async () => {
    const res = await suite.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers['x-request-id']).toBe('abc-123');
    const hostile = await suite.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'bad id\u0001' },
    });
    expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('publishes an OpenAPI 3.1 document generated from the zod schemas', async () => {
    const res = await suite.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/health']).toBeDefined();
    expect(doc.paths['/api/config']).toBeDefined();
    const ui = await suite.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/text\/html/);
  });
});

describe('health when file storage fails', () => {
  it('answers 503 naming storage, as the storage plugin reports it', async () => {
    const app = await buildTestApp();
    try {
      const { localDir } = app.deps.config.storage;
      await rm(localDir, { recursive: true });
      await writeFile(localDir, 'a file where the folder was');
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(healthResponseSchema.parse(res.json())).toMatchObject({
        status: 'error',
        database: 'ok',
        storage: 'error',
      });
    } finally {
      await app.close();
    }
  });
});

describe('health when the database is unreachable', () => {
  it('answers 503 naming the failing part', async () => {
    const database = await getTestDatabase();
    const boss = await getTestBoss();
    const broken = { ...database, query: () => Promise.reject(new Error('connection refused')) };
    const app = await buildApp(testConfig(), { connection: broken, boss, logger: false });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(healthResponseSchema.parse(res.json())).toMatchObject({ status: 'error', database: 'error' });
      // the content service's health asks the same check
      const content = await app.inject({ method: 'GET', url: '/api/content/health' });
      expect(content.statusCode).toBe(503);
      expect(contentHealthResponseSchema.parse(content.json())).toMatchObject({ status: 'error', database: 'error' });
    } finally {
      await app.close();
    }
  });

  it('takes a database that does not answer as failing once the check times out', async () => {
    const hanging = { query: () => new Promise<never>(() => undefined) };
    const started = Date.now();
    expect(await checkDatabase(hanging, 50)).toBe('error');
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    expect(await checkDatabase(await getTestDatabase(), 50_000)).toBe('ok');
  });
});

describe('the public config', () => {
  it('names each social page after its site, or its host when the site is not a known one', () => {
    const config = testConfig({
      SOCIAL_LINKS: 'https://www.linkedin.com/company/acme,https://x.com/acme,https://social.example.org/@acme',
    });
    expect(publicConfig(config, { canReadDevMailbox: false }).socialLinks).toEqual([
      { label: 'LinkedIn', url: 'https://www.linkedin.com/company/acme' },
      { label: 'X', url: 'https://x.com/acme' },
      { label: 'social.example.org', url: 'https://social.example.org/@acme' },
    ]);
  });
});
