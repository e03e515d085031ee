import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './test/kit';
import { tempDir } from './test/temp-dirs';

interface Operation {
  security?: Array<Record<string, string[]>>;
}
type OpenApiDocument = { paths: Record<string, Record<string, Operation>> };

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const SOME_ID = '00000000-0000-4000-8000-000000000000';

describe('the OpenAPI document', () => {
  const t = useTestApp();

  it('declares bearerAuth on exactly the routes that answer 401 without a token', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApiDocument;
    const declared: string[] = [];
    const refused: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const method of METHODS) {
        const operation = operations[method];
        if (!operation) continue;
        const name = `${method.toUpperCase()} ${path}`;
        if (operation.security?.some((scheme) => 'bearerAuth' in scheme)) declared.push(name);
        // params get a well-formed id; no body, no token: a signed-in route refuses before it validates
        const url = path.replace(/\{[^}]+\}/g, SOME_ID);
        const res = await t.app.inject({ method: method.toUpperCase() as 'GET', url });
        if (res.statusCode === 401) refused.push(name);
      }
    }
    expect(refused.length).toBeGreaterThan(40);
    expect(declared.sort()).toEqual(refused.sort());
    expect(declared).toContain('POST /api/contacts/import');
    expect(declared).toContain('GET /api/campaigns');
  });
});

describe('the OpenAPI document of a server with the web app built', () => {
  const t = useTestApp(() => {
    const dist = tempDir('tp-web-');
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    for (const name of ['index-abc123.js', 'index-abc123.css', 'dashboard-page-def456.js'])
      writeFileSync(path.join(dist, 'assets', name), '/* asset */');
    return { WEB_DIST_DIR: dist };
  });

  it('lists the API only, none of the files of the web app', async () => {
    // the files are served: they are routes, only not part of the API
    expect((await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' })).statusCode).toBe(200);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApiDocument;
    const paths = Object.keys(doc.paths);
    expect(paths.filter((p) => p.startsWith('/assets/'))).toEqual([]);
    expect(paths.filter((p) => !p.startsWith('/api/'))).toEqual([]);
    expect(paths).toContain('/api/health');
  });
});
