// Landing page weight and Lighthouse scores.
// Prints the gzip size of the JS and CSS a first visit to / needs before the page is interactive (the
// prerendered page's scripts, the entry, the landing route chunk and its static imports), then runs
// Lighthouse in Debian's Chromium against the built server on a temporary DATA_DIR (median of
// LIGHTHOUSE_RUNS runs, default 5). Run with `npm run bench -- landing` (builds first) or
// `node --import tsx bench/landing.ts` after `npm run build`. Targets: JS ≤ 120 KB gzip, performance ≥ 95, accessibility 100.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Config, Result } from 'lighthouse';
import { startBuiltServer } from './lib/servers';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
if (!existsSync(path.join(dist, 'index.html'))) {
  console.error('apps/web/dist is missing: run `npm run build` first');
  process.exit(1);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const gz = (file: string) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;

// --- initial JS and CSS of the landing page -------------------------------------------------------
// The server sends dist/landing.html (prerendered) for `/`: its scripts are a blocking theme painter
// and a boot module that imports the entry after the first paint; the entry loads the landing route.
const landingHtmlFile = existsSync(path.join(dist, 'landing.html')) ? 'landing.html' : 'index.html';
const html = readFileSync(path.join(dist, landingHtmlFile), 'utf8');
const attr = (re: RegExp) => [...html.matchAll(re)].map((m) => m[1]!.replace(/^\//, ''));
const pageScripts = attr(/<script[^>]+src="([^"]+)"/g);
const preloads = attr(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g);
const styles = attr(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g);

const assets = readdirSync(path.join(dist, 'assets'));
const landingChunk = assets.find((f) => /^landing-page-.*\.js$/.test(f));
if (!landingChunk) throw new Error('no landing-page chunk in the build');

/** A script plus every chunk it imports statically, and the entry a boot script imports. */
function withImports(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = readFileSync(path.join(dist, file), 'utf8');
  for (const m of code.matchAll(/(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["'](\.\/[^"']+\.js)["']/g)) {
    withImports(path.join(path.dirname(file), m[1]!).replace(/\\/g, '/'), seen);
  }
  if (/^assets\/boot-/.test(file)) {
    for (const m of code.matchAll(/import\("\/(assets\/[^"]+\.js)"\)/g)) withImports(m[1]!, seen);
  }
  return seen;
}

const js = new Set<string>();
for (const file of [...pageScripts, ...preloads]) withImports(file, js);
const entryOnly = [...js];
withImports(`assets/${landingChunk}`, js);
const landingCss = assets.filter((f) => /^landing-page-.*\.css$/.test(f)).map((f) => `assets/${f}`);

const sum = (files: string[]) => files.reduce((total, f) => total + gz(f), 0);
const entryBytes = sum(entryOnly);
const jsBytes = sum([...js]);
const cssBytes = sum([...styles, ...landingCss]);
console.log(`page: dist/${landingHtmlFile}`);
console.log(
  `entry JS (the page's scripts and what they import before the route): ${kb(entryBytes)} gzip in ${entryOnly.length} files`,
);
console.log(
  `landing initial JS (entry + landing route chunk): ${kb(jsBytes)} (${jsBytes} B) gzip in ${js.size} files (target ≤ 120 KB)`,
);
console.log(`landing initial CSS: ${kb(cssBytes)} gzip in ${styles.length + landingCss.length} files`);

// --- Lighthouse ------------------------------------------------------------------------------------
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromePath) || !existsSync(path.join(root, 'apps/server/dist/server.js'))) {
  console.log(`lighthouse: skipped (${existsSync(chromePath) ? 'server not built' : `no Chromium at ${chromePath}`})`);
  process.exit(0);
}

// its log lines stay out of the figures' output; its errors show
const server = await startBuiltServer({}, { output: 'stderr-only' });
const baseURL = server.baseURL;

let chrome;
try {
  const [{ default: lighthouse }, chromeLauncher] = await Promise.all([
    import('lighthouse'),
    import('chrome-launcher'),
  ]);
  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu'],
  });
  const categories = ['performance', 'accessibility', 'best-practices', 'seo'];
  const desktop: Config = {
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
  };
  // One Lighthouse run swings by several points on a busy machine: the run with the median
  // performance score is the figure (Lighthouse's guidance: report the median of several runs).
  const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 5));
  for (const formFactor of ['mobile', 'desktop']) {
    const lhrs: Result[] = [];
    for (let run = 0; run < runs; run += 1) {
      const result = await lighthouse(
        `${baseURL}/`,
        { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: categories },
        formFactor === 'desktop' ? desktop : undefined,
      );
      if (result?.lhr.runtimeError) console.log(`  run ${run + 1}: ${result.lhr.runtimeError.message}`);
      else if (result) lhrs.push(result.lhr);
    }
    if (lhrs.length === 0) throw new Error(`no ${formFactor} run succeeded`);
    const byScore = [...lhrs].sort(
      (a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0),
    );
    const lhr = byScore[Math.floor((byScore.length - 1) / 2)]!;
    const performance = lhrs.map((r) => Math.round((r.categories.performance?.score ?? 0) * 100));
    const scores = categories.map((c) => `${c} ${Math.round((lhr.categories[c]?.score ?? 0) * 100)}`).join(', ');
    console.log(`lighthouse (${formFactor}, simulated throttling, median of ${lhrs.length}): ${scores}`);
    console.log(`  performance in each run: ${performance.join(', ')}`);
    const audits = [
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'speed-index',
      'cumulative-layout-shift',
    ];
    console.log(`  ${audits.map((a) => `${a} ${lhr.audits[a]?.displayValue ?? 'n/a'}`).join(', ')}`);
    const requests = lhr.audits['network-requests']?.details as
      { items?: Array<{ resourceType?: string; transferSize?: number }> } | undefined;
    const scripts = (requests?.items ?? []).filter((i) => i.resourceType === 'Script');
    const transferred = scripts.reduce((total, i) => total + (i.transferSize ?? 0), 0);
    console.log(
      `  all JavaScript the visit fetched (incl. what loads after the first render): ${kb(transferred)} in ${scripts.length} files`,
    );
    for (const category of categories.slice(1)) {
      const failing = lhr.categories[category]!.auditRefs.filter(
        (ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && (lhr.audits[ref.id]?.score ?? 1) < 1,
      ).map((ref) => ref.id);
      if (failing.length) console.log(`  ${category} audits not passed: ${failing.join(', ')}`);
    }
  }
} catch (error) {
  console.log(`lighthouse: could not run (${error instanceof Error ? error.message : String(error)})`);
} finally {
  await chrome?.kill();
  await server.stop();
}
