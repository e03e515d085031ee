// The signed-in pages on a phone: Lighthouse mobile scores and the JavaScript each page loads
// before it is usable. Starts the built server on a temporary DATA_DIR, signs a new user up through
// the dev mailbox's magic link, writes orders, uploads, contacts and desk invoices through the HTTP
// API (lib/signed-in-user.ts), then per page:
// - JS before usable: the scripts the browser asked for from the navigation until the page's main
//   content shows its data (its heading and a value the bench wrote, e.g. an uploaded file's name),
//   each counted as the gzip size (level 9) of its built file, as landing.ts counts the landing page;
// - Lighthouse mobile (median of LIGHTHOUSE_RUNS runs, default 3): the scores, FCP/LCP/TBT.
// The session reaches the page as the web client keeps it (localStorage, "remember me"): a script
// run at the start of every document writes a fresh pair of tokens before the app reads them.
// Run with `npm run bench -- pages` (builds first) or `node --import tsx bench/pages.ts` after
// `npm run build`. Targets: performance ≥ 90, accessibility 100. PAGES=/desk,/trades picks pages;
// LIGHTHOUSE_JSON_DIR=<dir> keeps each page's median report there (<page>.json); BENCH_WEB_DIST=<dir>
// measures another web build (an A/B run: `vite build --outDir` of the other version).
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import type { Browser, Page } from 'puppeteer-core';
import {
  dist,
  gzipBytes,
  hostCpu,
  kb,
  launchChrome,
  lighthouseRuns,
  lighthouseUnavailable,
  medianLighthouse,
  printLighthouse,
  requireWebBuild,
  scoreOf,
  type Chrome,
} from './lib/lighthouse';
import { startBuiltServer } from './lib/servers';
import { refreshSession, seedSignedInData, signUpThroughMailbox, type SessionTokens } from './lib/signed-in-user';

/** Each page and texts that show once its main content has the data the bench wrote. */
const PAGES: Array<{ path: string; shows: string[] }> = [
  // today's goals (the activity read) and the desk's next invoice due
  { path: '/dashboard', shows: ['Total XP', 'KCT-1041'] },
  // the portfolio's positions and the trade history
  { path: '/trades', shows: ['8 shares', 'Sell AAPL Market'] },
  // the library's recent uploads
  { path: '/content-access', shows: ['packing-list-mombasa.pdf'] },
  // the risk figures and the content counts (four uploads)
  { path: '/analytics', shows: ['Largest position', 'Uploads', '4 in all'] },
  // the exposure ladder and the invoices
  { path: '/desk', shows: ['EUR · Euro', 'KCT-1041'] },
];

requireWebBuild();
const unavailable = lighthouseUnavailable();
if (unavailable) {
  console.log(`pages: skipped (${unavailable})`);
  process.exit(0);
}
const only = process.env.PAGES?.split(',').filter(Boolean);
const pages = PAGES.filter((p) => !only || only.includes(p.path));
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** Puts a session into every new document of `page` before its scripts run; returns how to take it out. */
async function withSession(page: Page, tokens: SessionTokens): Promise<() => Promise<void>> {
  const { identifier } = await page.evaluateOnNewDocument((pair) => {
    localStorage.setItem('tp.auth.token', pair.token);
    localStorage.setItem('tp.auth.refreshToken', pair.refreshToken);
  }, tokens);
  return () => page.removeScriptToEvaluateOnNewDocument(identifier);
}

/**
 * The built scripts (paths under dist) the page asked for from the navigation until its `main`
 * has a heading and shows each of `shows`: the JavaScript it needs before it is usable.
 */
async function scriptsBeforeUsable(browser: Browser, url: string, shows: string[], tokens: SessionTokens) {
  const page = await browser.newPage();
  try {
    await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    await page.setCacheEnabled(false);
    await withSession(page, tokens);
    const scripts = new Set<string>();
    let usable = false;
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (!usable && pathname.endsWith('.js')) scripts.add(pathname.replace(/^\//, ''));
    });
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    await page
      .waitForFunction(
        (texts) => {
          const main = document.querySelector('main');
          return Boolean(main?.querySelector('h1')) && texts.every((text) => main!.innerText.includes(text));
        },
        { timeout: 60_000 },
        shows,
      )
      .catch(async (error: unknown) => {
        const text = await page.evaluate(() => document.querySelector('main')?.innerText ?? document.body.innerText);
        throw new Error(`${url} did not show ${shows.join(' and ')} within 60 s; it shows: ${text.slice(0, 2000)}`, {
          cause: error,
        });
      });
    usable = true;
    if (new URL(page.url()).pathname !== new URL(url).pathname) throw new Error(`${url} went to ${page.url()}`);
    return [...scripts];
  } finally {
    await page.close();
  }
}

// the server sends the web build being measured (BENCH_WEB_DIST for an A/B run)
const server = await startBuiltServer(
  { AUTH_REQUESTS_PER_IP_PER_HOUR: '1000', WEB_DIST_DIR: dist },
  { output: 'stderr-only' },
);
let chrome: Chrome | undefined;
let browser: Browser | undefined;
try {
  let tokens = await signUpThroughMailbox(server.fetch, `pages-${Date.now()}@example.com`, 'Wanjiru Kamau');
  await seedSignedInData(server.fetch, tokens.token);
  console.log('seeded through the API: 6 orders (4 positions, 1 resting), 4 PDFs, 5 contacts, 4 desk invoices');
  chrome = await launchChrome();
  const puppeteer = await import('puppeteer-core');
  browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const runs = lighthouseRuns(3);
  const rows: string[] = [];
  for (const { path, shows } of pages) {
    const url = `${server.baseURL}${path}`;
    tokens = await refreshSession(server.fetch, tokens.refreshToken);
    const scripts = await scriptsBeforeUsable(browser, url, shows, tokens);
    const sizes = scripts.map((file) => ({ file, bytes: gzipBytes(file) })).sort((a, b) => b.bytes - a.bytes);
    const jsBytes = sizes.reduce((total, { bytes }) => total + bytes, 0);
    console.log(`\n${path}: JS before usable ${kb(jsBytes)} (${jsBytes} B) gzip in ${scripts.length} files`);
    const largest = sizes.slice(0, 6).map(({ file, bytes }) => `${file.replace(/^assets\//, '')} ${kb(bytes)}`);
    console.log(`  largest: ${largest.join(', ')}`);
    // a fresh pair before each run: the access token outlives a run, so the app never rotates it
    const page = await browser.newPage();
    let removeSession = async () => {};
    const figure = await medianLighthouse(url, {
      runs,
      page,
      before: async () => {
        await removeSession();
        tokens = await refreshSession(server.fetch, tokens.refreshToken);
        removeSession = await withSession(page, tokens);
      },
    });
    await page.close();
    printLighthouse(`mobile, ${path}`, figure);
    const reportDir = process.env.LIGHTHOUSE_JSON_DIR;
    if (reportDir) writeFileSync(`${reportDir}/${path.slice(1)}.json`, JSON.stringify(figure.lhr));
    const finalUrl = figure.lhr.finalDisplayedUrl;
    if (new URL(finalUrl).pathname !== path) console.log(`  Lighthouse ended on ${finalUrl}: not signed in?`);
    const { lhr } = figure;
    const timing = (id: string) => lhr.audits[id]?.displayValue ?? 'n/a';
    rows.push(
      `${path.padEnd(16)} performance ${scoreOf(lhr, 'performance')} (${figure.performance.join(', ')}), ` +
        `accessibility ${scoreOf(lhr, 'accessibility')}, FCP ${timing('first-contentful-paint')}, ` +
        `LCP ${timing('largest-contentful-paint')}, TBT ${timing('total-blocking-time')}, JS before usable ${kb(jsBytes)}, ` +
        hostCpu(lhr),
    );
  }
  console.log(`\nsummary (load average ${load()}):`);
  for (const row of rows) console.log(`  ${row}`);
} finally {
  await browser?.disconnect();
  await chrome?.kill();
  await server.stop();
}
