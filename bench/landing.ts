// Landing page weight and Lighthouse scores.
// Prints the gzip size of the JS and CSS a first visit to / needs before the page is interactive (the
// prerendered page's scripts, the entry, the landing route chunk and its static imports), then runs
// Lighthouse in Debian's Chromium against the built server on a temporary DATA_DIR (median of
// LIGHTHOUSE_RUNS runs, default 5). Run with `npm run bench -- landing` (builds first) or
// `node --import tsx bench/landing.ts` after `npm run build`. Targets: JS ≤ 120 KB gzip, performance ≥ 95, accessibility 100.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import {
  dist,
  gzipBytes,
  kb,
  launchChrome,
  lighthouseRuns,
  lighthouseUnavailable,
  medianLighthouse,
  printLighthouse,
  requireWebBuild,
  type Chrome,
} from './lib/lighthouse';
import { startBuiltServer } from './lib/servers';

requireWebBuild();

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

const sum = (files: string[]) => files.reduce((total, f) => total + gzipBytes(f), 0);
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
const unavailable = lighthouseUnavailable();
if (unavailable) {
  console.log(`lighthouse: skipped (${unavailable})`);
  process.exit(0);
}

// its log lines stay out of the figures' output; its errors show
const server = await startBuiltServer({}, { output: 'stderr-only' });
let chrome: Chrome | undefined;
try {
  chrome = await launchChrome();
  const runs = lighthouseRuns(5);
  for (const formFactor of ['mobile', 'desktop'] as const) {
    printLighthouse(formFactor, await medianLighthouse(`${server.baseURL}/`, { runs, formFactor, port: chrome.port }));
  }
} catch (error) {
  console.log(`lighthouse: could not run (${error instanceof Error ? error.message : String(error)})`);
} finally {
  await chrome?.kill();
  await server.stop();
}
