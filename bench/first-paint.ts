// First paint of the public pages: the landing page against /login, /stories and the footer pages.
// Starts the built server on a temporary DATA_DIR and opens each page in Debian's Chromium at 360 px
// in a fresh context (a first visit: nothing cached), FIRST_PAINT_RUNS times (default 5), and prints
// the median time until the first text and the page's main heading are laid out in a frame (checked
// every animation frame from the start; Chromium reports no paint timing for a page the app renders),
// on loopback and on a simulated phone (CPU 4× slower, 150 ms round trips, 1.6 Mbit/s down, as
// Lighthouse's mobile profile). Run with `npm run bench -- first-paint`
// after `npm run build` (node --import tsx bench/first-paint.ts).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { root, startBuiltServer } from './lib/servers';

const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(path.join(root, 'apps/server/dist/server.js')) || !existsSync(chromePath)) {
  console.log('first paint: skipped (build first, and Chromium is needed)');
  process.exit(0);
}
const RUNS = Number(process.env.FIRST_PAINT_RUNS ?? 5);
const PAGES = (process.env.FIRST_PAINT_PAGES ?? '/,/login,/stories,/about,/faq,/terms').split(',');
interface Profile {
  cpu: number;
  latency: number;
  download: number;
  upload: number;
}
const PROFILES: Record<string, Profile | null> = {
  loopback: null,
  phone: { cpu: 4, latency: 150, download: (1.6 * 1024 * 1024) / 8, upload: (750 * 1024) / 8 },
};

const dataDir = mkdtempSync(path.join(tmpdir(), 'tp-bench-first-paint-'));
const server = await startBuiltServer({ DATA_DIR: dataDir });
const baseURL = server.baseURL;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** One first visit: when text, and the page's h1, were first in a frame (checked every animation frame). */
async function visit(browser: Browser, url: string, profile: Profile | null) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  // as text: tsx would wrap a function's inner functions in a helper the page does not have
  await page.addInitScript(`
    const check = () => {
      const now = performance.now();
      if (window.textAt === undefined && (document.body?.innerText ?? '').trim()) window.textAt = now;
      const h1 = document.querySelector('h1');
      if (h1 && h1.getBoundingClientRect().height > 0) window.headingAt = now;
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  `);
  if (profile) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: profile.latency,
      downloadThroughput: profile.download,
      uploadThroughput: profile.upload,
    });
  }
  await page.goto(baseURL + url, { waitUntil: 'load' });
  // a function, not text: the page's CSP refuses the eval that waitForFunction gives a string
  await page.waitForFunction(() => (window as { headingAt?: number }).headingAt !== undefined, null, {
    timeout: 30_000,
  });
  const result = (await page.evaluate('({ text: window.textAt, heading: window.headingAt })')) as {
    text: number;
    heading: number;
  };
  await context.close();
  return result;
}

let browser: Browser | undefined;
try {
  browser = await chromium.launch({
    executablePath: chromePath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  for (const [name, profile] of Object.entries(PROFILES)) {
    console.log(`\n${name} (median of ${RUNS}, ms)  page: first text / main heading in a frame`);
    for (const url of PAGES) {
      await visit(browser, url, profile); // warm the server's file cache, not the browser's
      const runs = [];
      for (let i = 0; i < RUNS; i += 1) runs.push(await visit(browser, url, profile));
      const text = median(runs.map((r) => r.text));
      const heading = median(runs.map((r) => r.heading));
      console.log(`  ${url.padEnd(10)} ${text.toFixed(0).padStart(6)} / ${heading.toFixed(0).padStart(6)}`);
    }
  }
} finally {
  await browser?.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
