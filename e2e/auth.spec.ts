import { expect, test, uniqueEmail } from './fixtures';

function linkIn(text: string | undefined): string {
  const link = /https?:\/\/\S+\/login\?token=[A-Za-z0-9_%-]+/.exec(text ?? '')?.[0];
  if (!link) throw new Error(`no sign-in link in: ${text}`);
  return link;
}

test('sign up through the real e-mail path, complete the profile, reach the dashboard, log out', async ({ page, smtp }) => {
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
