import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/kit';
import { tempDir } from '../test/temp-dirs';

describe('single-page app serving', () => {
  const t = useTestApp(() => {
    const dist = tempDir('tp-web-');
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync('console.log(1)'));
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js.map'), '{"version":3}');
    writeFileSync(path.join(dist, 'sw.js'), 'self.skipWaiting()');
    writeFileSync(path.join(dist, 'sw.js.map'), '{"version":3}');
    return { WEB_DIST_DIR: dist };
  });

  it('answers every client route with index.html, not cached', async () => {
    for (const url of ['/', '/dashboard', '/stories/github-cloudflare', '/login?token=abc']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it("answers an address that is no page with the app's shell (it shows Page not found) and status 404", async () => {
    for (const url of [
      '/no-such-page',
      '/dashboard/extra',
      '/stories/a/b',
      '/unsubscribe/',
      '/Dashboard',
      '/landing.html',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
    }
    // a trailing slash is the same page
    expect((await t.app.inject({ method: 'GET', url: '/trades/' })).statusCode).toBe(200);
  });

  it('caches hashed assets for a year', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the precompressed twin to clients that accept it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe('console.log(1)');
    const plain = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('never serves a source map, under /assets or beside the shell', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/sw.js' })).statusCode).toBe(200);
    for (const url of ['/assets/index-abc123.js.map', '/sw.js.map']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('"version"');
    }
  });

  it('gives a real 404 for a missing asset and JSON 404 under /api', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/assets/gone.js' })).statusCode).toBe(404);
    const api = await t.app.inject({ method: 'GET', url: '/api/missing' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    const post = await t.app.inject({ method: 'POST', url: '/dashboard' });
    expect(post.statusCode).toBe(404);
  });
});

describe('the prerendered landing page', () => {
  const t = useTestApp(() => {
    const dist = tempDir('tp-web-');
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dist, 'landing.html'), '<!doctype html><div id="root"><h1>Landing</h1></div>');
    return { WEB_DIST_DIR: dist };
  });

  it('is sent for / only; every other client route gets the empty shell', async () => {
    for (const url of ['/', '/?ref=newsletter']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).toContain('<h1>Landing</h1>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    // not at its own address either, where the app would take it for an unknown route
    for (const url of ['/about', '/login', '/stories/github-cloudflare', '/landing.html']) {
      expect((await t.app.inject({ method: 'GET', url })).body, url).toBe('<!doctype html><div id="root"></div>');
    }
  });
});

describe('the other prerendered public pages', () => {
  const shell = '<!doctype html><div id="root"></div>';
  const t = useTestApp(() => {
    const dist = tempDir('tp-web-');
    writeFileSync(path.join(dist, 'index.html'), shell);
    mkdirSync(path.join(dist, 'prerendered'));
    writeFileSync(path.join(dist, 'prerendered', 'login.html'), '<!doctype html><div id="root"><h1>Sign in</h1></div>');
    writeFileSync(path.join(dist, 'prerendered', 'about.html'), '<!doctype html><div id="root"><h1>About</h1></div>');
    return { WEB_DIST_DIR: dist };
  });

  it('are sent for their exact address without a query string; anything else gets the shell', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/login' })).body).toContain('<h1>Sign in</h1>');
    expect((await t.app.inject({ method: 'GET', url: '/about' })).body).toContain('<h1>About</h1>');
    // the query may change the page (a magic-link token, sign-up mode): the app renders it afresh
    for (const url of [
      '/login?token=abc',
      '/login?mode=signup&plan=team',
      '/about/team',
      '/prerendered/login.html',
      '/stories',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).body, url).toBe(shell);
    }
  });
});
