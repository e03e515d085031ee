import { test as base, expect, type Page } from '@playwright/test';
import { startServer, type RunningServer } from './server';
import { startSmtp, type TestSmtp } from './smtp';

export interface WorkerFixtures {
  /** A real SMTP server the app delivers to. */
  smtp: TestSmtp;
  /** The built app, on a temporary DATA_DIR, mailing through `smtp`. Shared by the tests of a worker. */
  app: RunningServer;
}

export interface TestFixtures {
  /** Uncaught errors of the page; the test fails if any happened. */
  pageErrors: Error[];
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  smtp: [
    async ({}, use) => {
      const smtp = await startSmtp();
      await use(smtp);
      await smtp.close();
    },
    { scope: 'worker' },
  ],
  app: [
    async ({ smtp }, use) => {
      const server = await startServer({ SMTP_URL: smtp.url });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ app }, use) => {
    await use(app.baseURL);
  },
  pageErrors: [
    async ({ page }, use) => {
      const errors: Error[] = [];
      page.on('pageerror', (error) => errors.push(error));
      await use(errors);
      expect(
        errors.map((e) => e.message),
        'uncaught page errors',
      ).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Fails when the page scrolls sideways (content wider than the viewport). */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'horizontal overflow in px').toBeLessThanOrEqual(0);
}

/** A unique address per test run, so tests sharing a server never collide. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/**
 * Waits until the app has started on the page. The landing page arrives prerendered: its buttons
 * work once it is hydrated, which the header's theme control (rendered only by the app) shows.
 */
export async function expectStarted(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: /^Theme:/ })).toBeVisible();
}

/** Opens a page and waits until the app has started on it (see expectStarted). */
export async function gotoStarted(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expectStarted(page);
}
