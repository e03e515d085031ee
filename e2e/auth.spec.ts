import type { Locator, Page } from '@playwright/test';
import {
  completeProfile,
  expect,
  expectNoHorizontalScroll,
  gotoStarted,
  signInLink,
  smtpTest,
  test,
  uniqueEmail,
} from './fixtures';

smtpTest(
  'sign up through the real e-mail path, complete the profile, reach the dashboard, log out',
  async ({ page, smtp }) => {
    const email = uniqueEmail('signup');
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
    await page.getByRole('button', { name: 'Create an account' }).click();
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();

    // validation texts appear in the page, not as browser bubbles
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByText('Name is required for sign up')).toBeVisible();

    await page.getByLabel('Full Name').fill('Amina Okafor');
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();

    const mail = await smtp.waitForMessage((m) => m.to !== undefined && JSON.stringify(m.to).includes(email));
    const link = signInLink(mail.text);
    await page.goto(link);

    await expect(page.getByRole('heading', { name: 'Complete Your Profile' })).toBeVisible();
    expect(page.url()).not.toContain('token=');
    await expect(page.getByLabel('Email address')).toHaveValue(email);
    await expect(page.getByLabel('Full name')).toHaveValue('Amina Okafor');
    await completeProfile(page, {
      phone: '+234 801 234 5678',
      company: 'Okafor Cocoa Exports',
      position: 'Managing Director',
    });
    await expect(page).toHaveURL(/\/dashboard$/);

    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    await expect(sidebar).toContainText('Amina Okafor');

    // the same link cannot be used twice
    await sidebar.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('status').filter({ hasText: 'logged out' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: 'logged out' })).toBeVisible();
    await page.goto(link);
    await expect(page.getByRole('alert')).toHaveText('Invalid or expired magic link token');
    // the message lives in the page's history state: a reload of the prerendered /login shows it again
    // after hydration, without a hydration mismatch (the pageErrors fixture fails the test on one)
    await page.reload();
    await expect(page.getByRole('alert')).toHaveText('Invalid or expired magic link token');

    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  },
);

test.describe('a new account', () => {
  test.use({ completeProfile: false });

  test('a remembered session survives a reload, and settings list the device', async ({ page, signedIn }) => {
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Complete Your Profile' })).toBeVisible();
    await expect(page.getByLabel('Email address')).toHaveValue(signedIn.email);
    await page.getByLabel('Full name').fill('Daniel Mensah');
    await completeProfile(page, { phone: '+233 20 000 0000', company: 'Mensah Trading', position: 'Analyst' });
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: 'Sessions' })).toBeVisible();
    await expect(page.getByText('This device')).toBeVisible();
    await page.getByRole('button', { name: 'Log out everywhere' }).click();
    // it asks first
    await page.getByRole('dialog').getByRole('button', { name: 'Log out everywhere' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test('a protected page sends an anonymous visitor to /login, and the link brings them back to it', async ({
  page,
  mailbox,
}) => {
  await page.goto('/content-access');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();

  // the requested page travels with the link (redirectTo), so it works from the e-mail too
  const email = uniqueEmail('origin');
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.getByLabel('Full Name').fill('Lina Haddad');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('checkbox', { name: 'Remember me' }).click(); // this device only
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  const link = signInLink((await mailbox.messageTo(email)).text);

  // the dev mailbox page shows the message and its link (no SMTP relay is configured)
  await page.goto('/dev/mailbox');
  await page
    .getByRole('list', { name: 'Messages' })
    .getByRole('button', { name: new RegExp(email) })
    .click();
  await expect(page.getByRole('link', { name: 'Open the sign-in link' })).toHaveAttribute('href', link);
  // a long address and its badge stay inside a phone's width
  const viewport = page.viewportSize()!;
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoHorizontalScroll(page);
  await page.setViewportSize(viewport);

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Complete Your Profile' })).toBeVisible();
  await completeProfile(page, { phone: '+961 1 000 000', company: 'Haddad Olive Oil', position: 'Owner' });
  await expect(page).toHaveURL(/\/content-access$/);
  // not remembered: the session lives in this tab only
  expect(
    await page.evaluate(() => [
      localStorage.getItem('tp.auth.token'),
      Boolean(sessionStorage.getItem('tp.auth.token')),
    ]),
  ).toEqual([null, true]);
});

/** The seconds the sign-in screen says are left before the next link ("… in 27 s."). */
async function shownWait(wait: Locator): Promise<number> {
  await expect(wait).toBeVisible();
  return Number(/in (\d+) s\.$/.exec((await wait.textContent()) ?? '')?.[1]);
}

test('on a laptop and then a phone, every wait shown is the server’s, and the next link goes when it ends', async ({
  page,
  browser,
  baseURL,
}) => {
  const email = uniqueEmail('two-devices');
  const askOn = async (device: Page) => {
    await gotoStarted(device, '/login');
    await device.getByLabel('Email address').fill(email);
    const answer = device.waitForResponse((r) => r.url().endsWith('/api/auth/magic-link'));
    await device.getByRole('button', { name: 'Continue with Email' }).click();
    return answer;
  };

  // the laptop: a link, and the wait the server's answer gives (the page guesses none of its own)
  const sent = await askOn(page);
  expect(sent.status()).toBe(200);
  const nextLinkIn = ((await sent.json()) as { nextLinkInSeconds: number }).nextLinkInSeconds;
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  const laptopWait = await shownWait(page.getByText(/^You can ask for the next link in \d+ s\.$/));
  expect(laptopWait).toBeLessThanOrEqual(nextLinkIn);
  expect(laptopWait).toBeGreaterThanOrEqual(nextLinkIn - 3);

  // the phone, moments later: refused, and shown the server's Retry-After
  const phoneContext = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 } });
  const phone = await phoneContext.newPage();
  const refused = await askOn(phone);
  expect(refused.status()).toBe(429);
  const retryAfter = Number(refused.headers()['retry-after']);
  expect(retryAfter).toBeLessThanOrEqual(nextLinkIn);
  const phoneWait = await shownWait(phone.getByText(/^You can ask for the next link in \d+ s\.$/));
  expect(phoneWait).toBeLessThanOrEqual(retryAfter);
  expect(phoneWait).toBeGreaterThanOrEqual(retryAfter - 3);
  await expectNoHorizontalScroll(phone);

  // when the shown wait ends the button is back, and the server agrees: the link goes, no new wait
  const send = phone.getByRole('button', { name: 'Continue with Email' });
  await expect(send).toBeDisabled();
  await expect(send).toBeEnabled({ timeout: (retryAfter + 5) * 1_000 });
  const again = phone.waitForResponse((r) => r.url().endsWith('/api/auth/magic-link'));
  await send.click();
  expect((await again).status()).toBe(200);
  await expect(phone.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  await phoneContext.close();
});
