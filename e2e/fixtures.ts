import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { startServerProcess, type ServerProcess } from '../apps/server/src/test/server-process';
import { startSmtp, type TestSmtp } from './smtp';

export interface WorkerFixtures {
  /**
   * The built app on a temporary DATA_DIR, shared by the tests of a worker. No SMTP relay is
   * configured, so every message stays in the outbox and the dev mailbox (loopback only) shows it.
   */
  app: ServerProcess;
  /** A real SMTP server (the protocol peer of the delivery tests). */
  smtp: TestSmtp;
  /** The app delivering through `smtp`; its dev mailbox is off. Used through `smtpTest`. */
  smtpApp: ServerProcess;
}

export interface TestFixtures {
  /** Uncaught errors of the page; the test fails if any happened. */
  pageErrors: Error[];
  /** The app's outbox, read through GET /api/dev/mailbox. */
  mailbox: DevMailbox;
  /** Whether `signedIn` completes the profile (default) or stops on "Complete Your Profile". */
  completeProfile: boolean;
  /**
   * `page`, signed in as a fresh user through the real magic link (requested on the login page,
   * read from the dev mailbox), remembered on this device; on the dashboard once the profile is complete.
   */
  signedIn: SignedInUser;
}

export interface SignedInUser {
  email: string;
  name: string;
}

export interface MailboxMessage {
  id: string;
  to: string;
  subject: string;
  status: string;
  text: string;
  html: string;
}

export interface DevMailbox {
  /** The newest message to `address`, waiting until it has been written. */
  messageTo(address: string): Promise<MailboxMessage>;
}

function devMailbox(request: APIRequestContext): DevMailbox {
  return {
    async messageTo(address) {
      let id: string | undefined;
      await expect(async () => {
        const list = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(address)}`);
        expect(list.status(), 'the dev mailbox answers').toBe(200);
        id = ((await list.json()) as { messages: { id: string }[] }).messages[0]?.id;
        expect(id, `a message to ${address}`).toBeTruthy();
      }).toPass();
      const message = await request.get(`/api/dev/mailbox/${id}`);
      expect(message.status()).toBe(200);
      return (await message.json()) as MailboxMessage;
    },
  };
}

/** The sign-in link of a magic-link message (it opens the SPA at /login?token=…). */
export function signInLink(text: string | undefined): string {
  const link = /https?:\/\/\S+\/login\?token=[A-Za-z0-9_%-]+/.exec(text ?? '')?.[0];
  if (!link) throw new Error(`no sign-in link in: ${text}`);
  return link;
}

/** The built server (npm run build first) in production mode on a temporary DATA_DIR. */
const startBuiltServer = (env: Record<string, string>) =>
  startServerProcess(env, {
    entry: { dist: 'apps/server/dist' },
    nodeEnv: 'production',
    secret: 'e2e-secret-that-is-long-enough-for-signing-tokens',
    // under the fixtures' 120 s, so that a failed start reports the server's output
    startTimeoutMs: 90_000,
  });

/** A unique address per test run, so tests sharing a server never collide. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** Fills in and saves the rest of "Complete Your Profile" (the name is already there or filled in). */
export async function completeProfile(
  page: Page,
  profile = { phone: '+1 555 0100', company: 'Hopper Exports', position: 'Director' },
): Promise<void> {
  await page.getByRole('textbox', { name: 'Phone' }).fill(profile.phone);
  await page.getByRole('textbox', { name: 'Company' }).fill(profile.company);
  await page.getByRole('textbox', { name: 'Position' }).fill(profile.position);
  await page.getByRole('button', { name: 'Save profile' }).click();
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  app: [
    async ({}, use) => {
      // NODE_ENV=production turns the dev mailbox off unless asked for
      const server = await startBuiltServer({ DEV_MAILBOX: 'true' });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  smtp: [
    async ({}, use) => {
      const smtp = await startSmtp();
      await use(smtp);
      await smtp.close();
    },
    { scope: 'worker' },
  ],
  smtpApp: [
    async ({ smtp }, use) => {
      const server = await startBuiltServer({ SMTP_URL: smtp.url });
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
  mailbox: async ({ request }, use) => {
    await use(devMailbox(request));
  },
  completeProfile: [true, { option: true }],
  signedIn: async ({ page, mailbox, completeProfile: complete }, use) => {
    // as a newcomer does: "Continue with Email" with a new address ("Remember me" is on), then the link
    const user = { email: uniqueEmail('signed-in'), name: 'Grace Hopper' };
    await page.goto('/login');
    await page.getByLabel('Email address').fill(user.email);
    await page.getByRole('button', { name: 'Continue with Email' }).click();
    await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
    await page.goto(signInLink((await mailbox.messageTo(user.email)).text));
    await expect(page.getByRole('heading', { name: 'Complete Your Profile' })).toBeVisible();
    if (complete) {
      await page.getByLabel('Full name').fill(user.name);
      await completeProfile(page);
      await expect(page).toHaveURL(/\/dashboard$/);
    }
    await use(user);
  },
});

/** The tests that prove real delivery: the page talks to `smtpApp`, which mails through `smtp`. */
export const smtpTest = test.extend({
  baseURL: async ({ smtpApp }, use) => {
    await use(smtpApp.baseURL);
  },
});

export { expect };

/** Fails when the page scrolls sideways (content wider than the viewport). */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'horizontal overflow in px').toBeLessThanOrEqual(0);
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
