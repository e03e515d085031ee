// Landing page weight and Lighthouse scores.
// Prints the gzip size of the JS and CSS a first visit to / needs (the entry, its modulepreloads, the
// landing route chunk and its static imports), then runs Lighthouse in Debian's Chromium against the
// built server on a temporary DATA_DIR. Run with `npm run bench -- landing` (builds first) or
// `node bench/landing.mjs` after `npm run build`. Targets: JS ≤ 120 KB gzip, performance ≥ 95, accessibility 100.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
if (!existsSync(path.join(dist, 'index.html'))) {
  console.error('apps/web/dist is missing: run `npm run build` first');
  process.exit(1);
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const gz = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;

// --- initial JS and CSS of the landing page -------------------------------------------------------
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const attr = (re) => [...html.matchAll(re)].map((m) => m[1].replace(/^\//, ''));
const entryScripts = attr(/<script[^>]+type="module"[^>]+src="([^"]+)"/g);
const preloads = attr(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g);
const styles = attr(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g);

const assets = readdirSync(path.join(dist, 'assets'));
const landingChunk = assets.find((f) => /^landing-page-.*\.js$/.test(f));
if (!landingChunk) throw new Error('no landing-page chunk in the build');

/** A chunk plus every chunk it imports statically (what the browser must load before it runs). */
function withStaticImports(file, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = readFileSync(path.join(dist, file), 'utf8');
  for (const m of code.matchAll(/(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["'](\.\/[^"']+\.js)["']/g)) {
    withStaticImports(path.join(path.dirname(file), m[1]).replace(/\\/g, '/'), seen);
  }
  return seen;
}

const js = new Set();
for (const file of [...entryScripts, ...preloads]) withStaticImports(file, js);
const entryOnly = [...js];
withStaticImports(`assets/${landingChunk}`, js);
const landingCss = assets.filter((f) => /^landing-page-.*\.css$/.test(f)).map((f) => `assets/${f}`);

const sum = (files) => files.reduce((total, f) => total + gz(f), 0);
const entryBytes = sum(entryOnly);
const jsBytes = sum([...js]);
const cssBytes = sum([...styles, ...landingCss]);
console.log(`entry JS (index.html script + modulepreloads): ${kb(entryBytes)} gzip in ${entryOnly.length} files`);
console.log(
  `landing initial JS (entry + landing route chunk): ${kb(jsBytes)} gzip in ${js.size} files (target ≤ 120 KB)`,
);
console.log(`landing initial CSS: ${kb(cssBytes)} gzip in ${styles.length + landingCss.length} files`);

// --- Lighthouse ------------------------------------------------------------------------------------
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromePath) || !existsSync(path.join(root, 'apps/server/dist/server.js'))) {
  console.log(`lighthouse: skipped (${existsSync(chromePath) ? 'server not built' : `no Chromium at ${chromePath}`})`);
  process.exit(0);
}

const port = await new Promise((resolve, reject) => {
  const probe = createServer();
  probe.once('error', reject);
  probe.listen(0, '127.0.0.1', () => {
    const { port: p } = probe.address();
    probe.close(() => resolve(p));
  });
});
const dataDir = mkdtempSync(path.join(tmpdir(), 'tp-bench-landing-'));
const baseURL = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['apps/server/dist/server.js'], {
  cwd: root,
  env: {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: baseURL,
    DATA_DIR: dataDir,
    AUTH_SECRET: 'bench-secret-that-is-long-enough-for-signing-tokens',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

let chrome;
try {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error('server did not become healthy');
    await new Promise((r) => setTimeout(r, 200));
  }
  const [{ default: lighthouse }, chromeLauncher] = await Promise.all([
    import('lighthouse'),
    import('chrome-launcher'),
  ]);
  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu'],
  });
  const categories = ['performance', 'accessibility', 'best-practices', 'seo'];
  for (const formFactor of ['mobile', 'desktop']) {
    const result = await lighthouse(
      `${baseURL}/`,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: categories },
      formFactor === 'desktop'
        ? {
            extends: 'lighthouse:default',
            settings: {
              formFactor: 'desktop',
              screenEmulation: { mobile: false, width: 1350, height: 940, deviceScaleFactor: 1, disabled: false },
              throttlingMethod: 'simulate',
              throttling: {
                rttMs: 40,
                throughputKbps: 10240,
                cpuSlowdownMultiplier: 1,
                requestLatencyMs: 0,
                downloadThroughputKbps: 0,
                uploadThroughputKbps: 0,
              },
            },
          }
        : undefined,
    );
    const lhr = result.lhr;
    const scores = categories.map((c) => `${c} ${Math.round((lhr.categories[c]?.score ?? 0) * 100)}`).join(', ');
    console.log(`lighthouse (${formFactor}, simulated throttling): ${scores}`);
    const audits = [
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'cumulative-layout-shift',
    ];
    console.log(`  ${audits.map((a) => `${a} ${lhr.audits[a]?.displayValue ?? 'n/a'}`).join(', ')}`);
    for (const category of categories.slice(1)) {
      const failing = lhr.categories[category].auditRefs
        .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => ref.id);
      if (failing.length) console.log(`  ${category} audits not passed: ${failing.join(', ')}`);
    }
  }
} catch (error) {
  console.log(`lighthouse: could not run (${error instanceof Error ? error.message : String(error)})`);
} finally {
  await chrome?.kill();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
