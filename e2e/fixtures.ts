import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { startServerProcess, type ServerProcess } from '../apps/server/src/test/server-process';
import { THEME_STORAGE_KEY } from '../apps/web/src/lib/theme-paint';
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
  /** Where `signIn` reads the link: the dev mailbox, or for `smtpTest` the SMTP peer. */
  signInMail: SignInMail;
  /** Whether `signedIn` completes the profile (default) or stops on "Complete Your Profile". */
  completeProfile: boolean;
  /**
   * `page`, signed in as a fresh user through the real magic link (requested on the login page,
   * read from `signInMail`), remembered on this device; on the dashboard once the profile is complete.
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
  /** The newest message to `address` (written at or after `newerThan`, if given), waiting until it has been written. */
  messageTo(address: string, options?: { newerThan?: Date }): Promise<MailboxMessage>;
}

function devMailbox(request: APIRequestContext): DevMailbox {
  return {
    async messageTo(address, { newerThan } = {}) {
      let id: string | undefined;
      await expect(async () => {
        const list = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(address)}`);
        expect(list.status(), 'the dev mailbox answers').toBe(200);
        const [newest] = ((await list.json()) as { messages: { id: string; createdAt: string }[] }).messages;
        id = newest && (!newerThan || Date.parse(newest.createdAt) >= newerThan.getTime()) ? newest.id : undefined;
        expect(id, `a message to ${address}${newerThan ? ` since ${newerThan.toISOString()}` : ''}`).toBeTruthy();
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

/** Where the e-mail with a sign-in link is read. */
export interface SignInMail {
  /**
   * Call before the link is asked for: the returned function waits for the next message to
   * `address` (one that arrives after this call) and gives its sign-in link.
   */
  nextLinkTo(address: string): () => Promise<string>;
}

function devMailboxLinks(mailbox: DevMailbox): SignInMail {
  return {
    nextLinkTo(address) {
      const since = new Date();
      return async () => signInLink((await mailbox.messageTo(address, { newerThan: since })).text);
    },
  };
}

function smtpLinks(smtp: TestSmtp): SignInMail {
  return {
    nextLinkTo(address) {
      const seen = smtp.messages.length;
      return async () => {
        const mail = await smtp.waitForMessage(
          (m) => smtp.messages.indexOf(m) >= seen && JSON.stringify(m.to ?? '').includes(address),
        );
        return signInLink(mail.text);
      };
    },
  };
}

/**
 * Signs `page` in as `email` as a user does: "Continue with Email" on the login page (waiting out
 * the address's cooldown when it had a link moments ago), then the link of the new
 * message. Where it lands (Complete Your Profile, the dashboard) is the caller's to check.
 */
export async function signIn(page: Page, email: string, mail: SignInMail): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  const nextLink = mail.nextLinkTo(email);
  const send = page.getByRole('button', { name: 'Continue with Email' });
  await send.click();
  const sent = page.getByRole('heading', { name: 'Check Your Email' });
  const wait = page.getByText(/You can ask for the next link (in|at)/);
  // the sent page says when the next link can be asked for too: the heading decides
  await expect(sent.or(wait).first()).toBeVisible();
  if (!(await sent.isVisible())) {
    // the address's cooldown between two links (AUTH.magicLinkCooldownSeconds)
    await expect(send).toBeEnabled({ timeout: 35_000 });
    await send.click();
    await expect(sent).toBeVisible();
  }
  await page.goto(await nextLink());
}

/**
 * Calls the API from `page` as the user signed in there (the access token the app keeps in
 * storage), with `body` as JSON if given, and returns the answer's JSON; fails on an answer other
 * than 2xx.
 */
export function apiAs<T>(page: Page, path: string, method: 'GET' | 'POST' = 'GET', body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ path, method, json }) => {
      const token = localStorage.getItem('tp.auth.token') ?? sessionStorage.getItem('tp.auth.token');
      const headers: Record<string, string> = { authorization: `Bearer ${token}` };
      if (json !== undefined) headers['content-type'] = 'application/json';
      const answer = await fetch(path, { method, headers, body: json });
      if (!answer.ok) throw new Error(`${method} ${path} answered ${answer.status}: ${await answer.text()}`);
      return (await answer.json()) as T;
    },
    { path, method, json: body === undefined ? undefined : JSON.stringify(body) },
  );
}

/**
 * The serious and critical axe violations of the page (or of the part `include` selects), one
 * line each: rule, impact and its first three elements. A test expects none.
 */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  const axe = new AxeBuilder({ page });
  const { violations } = await (include ? axe.include(include) : axe).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .slice(0, 3)
          .map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`)
          .join(', ')}`,
    );
}

/** The built server (npm run build first) in production mode on a temporary DATA_DIR. */
const startBuiltServer = (env: Record<string, string>) =>
  // every test signs in from the same loopback address: the per-address hourly cap would end the suite
  startServerProcess(
    { AUTH_REQUESTS_PER_IP_PER_HOUR: '10000', ...env },
    {
      entry: { dist: 'apps/server/dist' },
      nodeEnv: 'production',
      secret: 'e2e-secret-that-is-long-enough-for-signing-tokens',
      // under the fixtures' 120 s, so that a failed start reports the server's output
      startTimeoutMs: 90_000,
    },
  );

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

/** localStorage's entry for a chosen theme, as the app keeps it (lib/persist: version 1, the theme slice). */
export function storedTheme(theme: { mode: 'light' | 'dark'; highContrast?: boolean }): [key: string, value: string] {
  return [THEME_STORAGE_KEY, JSON.stringify({ version: 1, slices: { theme } })];
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
  signInMail: async ({ mailbox }, use) => {
    await use(devMailboxLinks(mailbox));
  },
  completeProfile: [true, { option: true }],
  signedIn: async ({ page, signInMail, completeProfile: complete }, use) => {
    // as a newcomer does: "Continue with Email" with a new address ("Remember me" is on), then the link
    const user = { email: uniqueEmail('signed-in'), name: 'Grace Hopper' };
    await signIn(page, user.email, signInMail);
    await expect(page.getByRole('heading', { name: 'Complete Your Profile' })).toBeVisible();
    if (complete) {
      await page.getByLabel('Full name').fill(user.name);
      await completeProfile(page);
      await expect(page).toHaveURL(/\/dashboard$/);
    }
    await use(user);
  },
});

/**
 * The tests that prove real delivery: the page talks to `smtpApp`, which mails through `smtp`;
 * `signedIn` reads its link there.
 */
export const smtpTest = test.extend({
  baseURL: async ({ smtpApp }, use) => {
    await use(smtpApp.baseURL);
  },
  signInMail: async ({ smtp }, use) => {
    await use(smtpLinks(smtp));
  },
});

export { expect };

/** Uploads one file on the content hub's Manage tab and waits until its upload list says it is in. */
export async function uploadFile(page: Page, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  await page.goto('/content-access?tab=manage');
  await page.getByLabel('Browse files').setInputFiles(file);
  await page.getByRole('button', { name: 'Upload file' }).click();
  await expect(page.getByRole('list', { name: 'Upload list' }).getByText('Uploaded')).toBeVisible();
}

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
