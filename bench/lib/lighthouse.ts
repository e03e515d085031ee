// The Lighthouse runner of the page benches (landing.ts, pages.ts): Debian's Chromium through
// chrome-launcher, several runs of one page, the run with the median performance score as the
// figure, and one way of printing it. Also the gzip size of a built web asset, as both benches count it.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Config, Flags, Result } from 'lighthouse';
import { root } from './servers';

/** The web build measured: apps/web/dist, or the copy BENCH_WEB_DIST names (relative to the root), for A/B runs. */
export const dist = path.resolve(root, process.env.BENCH_WEB_DIST ?? 'apps/web/dist');
export const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const categories = ['performance', 'accessibility', 'best-practices', 'seo'];

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
/** Gzip size (level 9) of a file of the web build, by its path under apps/web/dist. */
export const gzipBytes = (file: string) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;

/** Exits with a message when the web build is missing. */
export function requireWebBuild(): void {
  if (existsSync(path.join(dist, 'index.html'))) return;
  console.error(`${path.relative(root, dist)} is missing: run \`npm run build\` first`);
  process.exit(1);
}

/** Why Lighthouse cannot run here (no Chromium, no built server), or null when it can. */
export function lighthouseUnavailable(): string | null {
  if (!existsSync(chromePath)) return `no Chromium at ${chromePath}`;
  if (!existsSync(path.join(root, 'apps/server/dist/server.js'))) return 'server not built';
  return null;
}

/** LIGHTHOUSE_RUNS, at least 1. */
export const lighthouseRuns = (fallback: number) => Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? fallback));

export interface Chrome {
  port: number;
  kill(): Promise<void>;
}

export async function launchChrome(): Promise<Chrome> {
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu'],
  });
  return { port: chrome.port, kill: async () => chrome.kill() };
}

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

export interface LighthouseFigure {
  /** The run with the median performance score. */
  lhr: Result;
  /** Performance of each run that succeeded, in run order. */
  performance: number[];
}

/**
 * Runs Lighthouse `runs` times on `url` (mobile: Lighthouse's default Moto G Power with simulated
 * throttling) and keeps the run with the median performance score: one run swings by several
 * points on a busy machine (Lighthouse's guidance: report the median of several runs). `before`
 * runs ahead of each run; `page` is a puppeteer page to run in (its scripts on new documents
 * apply), otherwise a new tab of the Chrome on `port`.
 */
export async function medianLighthouse(
  url: string,
  options: {
    runs: number;
    formFactor?: 'mobile' | 'desktop';
    port?: number;
    page?: unknown;
    before?: () => Promise<void>;
  },
): Promise<LighthouseFigure> {
  const { default: lighthouse } = await import('lighthouse');
  const flags: Flags = { port: options.port, output: 'json', logLevel: 'error', onlyCategories: categories };
  const lhrs: Result[] = [];
  for (let run = 0; run < options.runs; run += 1) {
    await options.before?.();
    const result = await lighthouse(
      url,
      flags,
      options.formFactor === 'desktop' ? desktop : undefined,
      options.page as Parameters<typeof lighthouse>[3],
    );
    if (result?.lhr.runtimeError) console.log(`  run ${run + 1}: ${result.lhr.runtimeError.message}`);
    else if (result) lhrs.push(result.lhr);
  }
  if (lhrs.length === 0) throw new Error(`no Lighthouse run of ${url} succeeded`);
  const score = (r: Result) => Math.round((r.categories.performance?.score ?? 0) * 100);
  const byScore = [...lhrs].sort((a, b) => score(a) - score(b));
  return { lhr: byScore[Math.floor((byScore.length - 1) / 2)]!, performance: lhrs.map(score) };
}

/**
 * Lighthouse's benchmark index of the machine that ran it. The simulated phone is this machine's
 * CPU slowed down 4×, so the same page scores higher on a faster machine: compare scores only
 * between runs on hosts of about the same index (Lighthouse warns below 1,000).
 */
export const hostCpu = (lhr: Result) => `benchmark index ${Math.round(lhr.environment.benchmarkIndex)}`;

/** A category's score, 0–100. */
export const scoreOf = (lhr: Result, category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);

/** The weighted audits of a category that did not pass, by id. */
export function failingAudits(lhr: Result, category: string): string[] {
  return (lhr.categories[category]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && (lhr.audits[ref.id]?.score ?? 1) < 1)
    .map((ref) => ref.id);
}

/** Prints a figure: the scores, each run's performance, the timings, all JS fetched, audits not passed. */
export function printLighthouse(label: string, { lhr, performance }: LighthouseFigure): void {
  const scores = categories.map((c) => `${c} ${scoreOf(lhr, c)}`).join(', ');
  console.log(`lighthouse (${label}, simulated throttling, median of ${performance.length}): ${scores}`);
  console.log(`  performance in each run: ${performance.join(', ')}`);
  console.log(`  host CPU: ${hostCpu(lhr)}`);
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
    const failing = failingAudits(lhr, category);
    if (failing.length) console.log(`  ${category} audits not passed: ${failing.join(', ')}`);
  }
}
