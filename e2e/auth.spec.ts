import { expect, test, uniqueEmail } from './fixtures';

function linkIn(text: string | undefined): string {
  const link = /https?:\/\/\S+\/login\?token=[A-Za-z0-9_%-]+/.exec(text ?? '')?.[0];
  if (!link) throw new Error(`no sign-in link in: ${text}`);
  return link;
}

test('sign up through the real e-mail path, complete the profile, reach the dashboard, log out', async ({
  page,
  smtp,
}) => {
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
  const link = linkIn(mail.text);
  await page.goto(link);

  await expect(page.getByRole('heading', { name: 'Complete Your Profile' })).toBeVisible();
  expect(page.url()).not.toContain('token=');
  await expect(page.getByLabel('Email address')).toHaveValue(email);
  await expect(page.getByLabel('Full name')).toHaveValue('Amina Okafor');
  await page.getByRole('textbox', { name: 'Phone' }).fill('+234 801 234 5678');
  await page.getByRole('textbox', { name: 'Company' }).fill('Okafor Cocoa Exports');
  await page.getByRole('textbox', { name: 'Position' }).fill('Managing Director');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  await expect(sidebar).toContainText('Amina Okafor');

  // the same link cannot be used twice
  await sidebar.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto(link);
  await expect(page.getByRole('alert')).toHaveText('Invalid or expired magic link token');

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('a remembered session survives a reload, and settings list the device', async ({ page, smtp }) => {
  const email = uniqueEmail('remember');
  await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Continue with Email' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  const mail = await smtp.waitForMessage((m) => JSON.stringify(m.to ?? '').includes(email));
  await page.goto(linkIn(mail.text));
  await expect(page.getByRole('heading', { name: 'Complete Your Profile' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Complete Your Profile' })).toBeVisible();
  await page.getByLabel('Full name').fill('Daniel Mensah');
  await page.getByRole('textbox', { name: 'Phone' }).fill('+233 20 000 0000');
  await page.getByRole('textbox', { name: 'Company' }).fill('Mensah Trading');
  await page.getByRole('textbox', { name: 'Position' }).fill('Analyst');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Sessions' })).toBeVisible();
  await expect(page.getByText('This device')).toBeVisible();
  await page.getByRole('button', { name: 'Log out everywhere' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('a protected page sends an anonymous visitor to /login, and the link brings them back to it', async ({
  page,
  smtp,
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
  const mail = await smtp.waitForMessage((m) => JSON.stringify(m.to ?? '').includes(email));

  // the outbox shows the same message at /dev/mailbox (the e2e server runs with DEV_MAILBOX=true)
  await page.goto('/dev/mailbox');
  await page
    .getByRole('list', { name: 'Messages' })
    .getByRole('button', { name: new RegExp(email) })
    .click();
  await expect(page.getByRole('link', { name: 'Open the sign-in link' })).toHaveAttribute('href', linkIn(mail.text));

  await page.goto(linkIn(mail.text));
  await expect(page.getByRole('heading', { name: 'Complete Your Profile' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Phone' }).fill('+961 1 000 000');
  await page.getByRole('textbox', { name: 'Company' }).fill('Haddad Olive Oil');
  await page.getByRole('textbox', { name: 'Position' }).fill('Owner');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page).toHaveURL(/\/content-access$/);
  // not remembered: the session lives in this tab only
  expect(
    await page.evaluate(() => [
      localStorage.getItem('tp.auth.token'),
      Boolean(sessionStorage.getItem('tp.auth.token')),
    ]),
  ).toEqual([null, true]);
});
