import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { captureLog, useTestApp } from '../test/kit';
import { FILE_HEADERS } from './immutable-assets';
import { tempDir } from '../test/temp-dirs';

const script = 'export const answer = 42;\n'.repeat(40);
const FILES: Record<string, string | Buffer> = {
  'assets/index-abc123.js': script,
  'assets/index-abc123.js.br': brotliCompressSync(script),
  'assets/index-abc123.js.gz': gzipSync(script),
  // below the build's compression threshold: no twins
  'assets/small-def456.js': 'export{};',
  'assets/index-abc123.css': 'body{margin:0}',
  'assets/fonts/inter-789.woff2': Buffer.from([0x77, 0x4f, 0x46, 0x32, 0, 1, 2, 3]),
};
const ENCODINGS = [undefined, 'br, gzip', 'gzip', 'gzip, deflate, br, zstd', 'br;q=0.5, gzip', 'identity', '*'];

describe('hashed assets served from memory', () => {
  let dist: string;
  beforeAll(async () => {
    dist = tempDir('tp-web-assets-');
    mkdirSync(path.join(dist, 'assets', 'fonts'), { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    for (const [file, content] of Object.entries(FILES)) writeFileSync(path.join(dist, file), content);
    writeFileSync(path.join(dist, 'assets/other-111.js'), script);
    writeFileSync(path.join(dist, 'assets/other-111.js.br'), brotliCompressSync(script));
    writeFileSync(path.join(dist, 'assets/index-abc123.js.map'), '{"version":3,"sourcesContent":["secret"]}');
  });
  const log = captureLog();
  const t = useTestApp(() => ({ WEB_DIST_DIR: dist }), { log });

  const get = (url: string, encoding?: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { ...(encoding === undefined ? {} : { 'accept-encoding': encoding }), ...headers },
    });
  const fileHeaders = (headers: Record<string, unknown>) =>
    Object.fromEntries(FILE_HEADERS.filter((name) => headers[name] !== undefined).map((name) => [name, headers[name]]));

  it('answers every file and encoding from memory exactly as from disk, even once the disk copy is gone', async () => {
    const first = new Map<string, Awaited<ReturnType<typeof get>>>();
    for (const file of Object.keys(FILES)) {
      for (const encoding of ENCODINGS) {
        const res = await get(`/${file}`, encoding);
        expect(res.statusCode, `${file} ${encoding}`).toBe(200);
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        first.set(`${file} ${encoding}`, res);
      }
    }
    expect(first.get('assets/index-abc123.js br, gzip')!.headers['content-encoding']).toBe('br');
    expect(first.get('assets/index-abc123.js gzip')!.headers['content-encoding']).toBe('gzip');
    expect(first.get('assets/index-abc123.js br;q=0.5, gzip')!.headers['content-encoding']).toBe('gzip');
    expect(first.get('assets/small-def456.js br, gzip')!.headers['content-encoding']).toBeUndefined();

    // the build directory is replaced (a deploy): answers already given come from memory
    for (const file of Object.keys(FILES)) rmSync(path.join(dist, file));
    for (const [key, before] of first) {
      const [file, encoding] = key.split(/ (.*)/s) as [string, string];
      const again = await get(`/${file}`, encoding === 'undefined' ? undefined : encoding);
      expect(again.statusCode, key).toBe(200);
      expect(fileHeaders(again.headers), key).toEqual(fileHeaders(before.headers));
      expect(again.rawPayload.equals(before.rawPayload), key).toBe(true);
      expect(again.headers['x-request-id']).toBeDefined();
      expect(again.headers['content-security-policy']).toBeDefined();
    }
  });

  it('leaves ranges, revalidation and HEAD to the file server', async () => {
    const full = await get('/assets/other-111.js');
    expect(fileHeaders((await get('/assets/other-111.js')).headers)).toEqual(fileHeaders(full.headers));
    const range = await get('/assets/other-111.js', undefined, { range: 'bytes=0-5' });
    expect(range.statusCode).toBe(206);
    expect(range.body).toBe(script.slice(0, 6));
    const revalidated = await get('/assets/other-111.js', undefined, { 'if-none-match': String(full.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
    const head = await t.app.inject({
      method: 'HEAD',
      url: '/assets/other-111.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.body).toBe('');
  });

  it('counts their reads in the access log summary rather than writing a line each (decision 0032)', async () => {
    const lined = () =>
      log
        .entries()
        .filter((entry) => entry.msg === 'request completed')
        .map((entry) => (entry.req as { url: string }).url);
    expect((await get('/assets/index-abc123.css', 'br, gzip')).statusCode).toBe(200);
    expect((await get('/assets/missing-000.css')).statusCode).toBe(404);
    expect(lined()).toContain('/assets/missing-000.css');
    expect(lined()).not.toContain('/assets/index-abc123.css');
  });

  it('never serves a source map, even one the build left next to its script', async () => {
    for (const encoding of ENCODINGS) {
      const res = await get('/assets/index-abc123.js.map', encoding);
      expect(res.statusCode, encoding).toBe(404);
      expect(res.body).not.toContain('sourcesContent');
    }
    expect((await t.app.inject({ method: 'HEAD', url: '/assets/index-abc123.js.map' })).statusCode).toBe(404);
  });

  it('still gives a real 404 for a file that is not in the build', async () => {
    const res = await get('/assets/missing-000.js', 'br, gzip');
    expect(res.statusCode).toBe(404);
    expect(res.body).toBe('Not found');
  });
});
