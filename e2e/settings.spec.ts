import type { Page } from '@playwright/test';
import { apiAs, expect, expectNoHorizontalScroll, seriousViolations, signIn, test, uploadFile } from './fixtures';

const html = (page: Page) => page.locator('html');

test('chooses dark theme and still has it after reload and on a second device', async ({
  page,
  app,
  browser,
  signInMail,
  signedIn,
}) => {
  test.setTimeout(150_000);
  await page.goto('/settings');
  const appearance = page.getByRole('region', { name: 'Appearance' });
  // dark is the default: choose light first, so dark is a real change
  await appearance.getByRole('radio', { name: 'Light' }).check();
  await expect(html(page)).toHaveClass(/\blight\b/);
  await expect(appearance.getByText(/Saved to your account at/)).toBeVisible();
  await page.reload();
  await expect(html(page)).toHaveClass(/\blight\b/);

  await appearance.getByRole('radio', { name: 'Dark' }).check();
  await expect(html(page)).toHaveClass(/\bdark\b/);
  await appearance.getByRole('radio', { name: 'Violet' }).check();
  await expect(html(page)).toHaveCSS('--tp-accent', '#8b5cf6');
  await expect(appearance.getByText(/Saved to your account at/)).toBeVisible();
  await page.reload();
  await expect(html(page)).toHaveClass(/\bdark\b/);
  await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Violet' })).toBeChecked();

  // a second device, light as a visitor there (the header toggle, kept only in that browser)
  const other = await browser.newContext({ baseURL: app.baseURL });
  try {
    const second = await other.newPage();
    await second.goto('/about');
    const toggle = second.getByRole('button', { name: /^Theme: Dark/ });
    await toggle.click();
    await expect(html(second)).toHaveClass(/\blight\b/);
    await signIn(second, signedIn.email, signInMail);
    await expect(second).toHaveURL(/\/dashboard$/);
    // the account's dark theme and colour replace it at sign-in, and stay after a reload
    await expect(html(second)).toHaveClass(/\bdark\b/);
    await expect(html(second)).toHaveCSS('--tp-accent', '#8b5cf6');
    await second.reload();
    await expect(html(second)).toHaveClass(/\bdark\b/);
    await expect(second.getByRole('button', { name: /^Theme: Dark/ })).toBeVisible();

    // the header toggle on the second device is saved too: the first device gets light at its next sign-in
    await second.getByRole('button', { name: /^Theme: Dark/ }).click();
    await expect(html(second)).toHaveClass(/\blight\b/);
    await expect(async () => {
      expect((await apiAs<{ theme: { mode: string } }>(second, '/api/me/preferences')).theme.mode).toBe('light');
    }).toPass();
  } finally {
    await other.close();
  }
});

test('edits the profile from the dashboard’s Edit Profile and sees it on the profile page', async ({
  page,
  signedIn,
}) => {
  await page.getByRole('link', { name: 'Edit Profile' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Profile', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Email address')).toHaveValue(signedIn.email);
  const company = page.getByRole('textbox', { name: 'Company' });
  await expect(company).toHaveValue('Hopper Exports');
  await company.fill('Hopper Compilers');
  const phone = page.getByRole('textbox', { name: 'Phone' });
  await phone.fill('call me');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Phone may contain digits, spaces and + ( ) . / -')).toBeVisible();
  await phone.fill('+1 555 0199');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Profile saved. Taking you back…')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  const details = page.getByRole('region', { name: signedIn.name });
  await expect(details.getByText('Hopper Compilers')).toBeVisible();
  await expect(details.getByText('+1 555 0199')).toBeVisible();
  // edited from the profile page itself, the profile comes back in place
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByRole('textbox', { name: 'Position' }).fill('Rear Admiral');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Profile saved.')).toBeVisible();
  await expect(details.getByText('Rear Admiral')).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
});

test('picks a time zone by typing part of its name', async ({ page, signedIn: _user }) => {
  await page.goto('/settings');
  const zone = page.getByRole('combobox', { name: 'Time zone' });
  await zone.click();
  await zone.fill('tokyo');
  await expect(page.getByRole('listbox', { name: 'Time zone' }).getByRole('option')).toHaveText([
    'Asia/Tokyo (UTC+09:00)',
  ]);
  await zone.press('Enter');
  await expect(page.getByText('Time zone saved.')).toBeVisible();
  await expect(zone).toHaveValue('Asia/Tokyo (UTC+09:00)');
  await page.goto('/profile');
  await expect(page.getByText('Asia/Tokyo')).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('finds a zone by its current or old name or its offset, and keeps the current name', async ({
    page,
    signedIn: _user,
  }) => {
    await page.goto('/settings');
    const zone = page.getByRole('combobox', { name: 'Time zone' });
    const options = page.getByRole('listbox', { name: 'Time zone' }).getByRole('option');
    const kolkata = 'Asia/Kolkata (UTC+05:30)formerly Asia/Calcutta';
    // Chromium's own list names these zones by their old names only
    for (const query of ['Kolkata', 'Calcutta']) {
      await zone.fill(query);
      await expect(options, query).toHaveText([kolkata]);
    }
    // by its offset: Sri Lanka keeps India's +05:30 too
    for (const query of ['+05:30', 'UTC+5:30']) {
      await zone.fill(query);
      await expect(options, query).toHaveText(['Asia/Colombo (UTC+05:30)', kolkata]);
    }
    for (const query of ['Ho Chi Minh', 'Saigon']) {
      await zone.fill(query);
      await expect(options, query).toHaveText(['Asia/Ho Chi Minh (UTC+07:00)formerly Asia/Saigon']);
    }
    for (const query of ['Kyiv', 'Kiev']) {
      await zone.fill(query);
      await expect(options, query).toHaveText([/^Europe\/Kyiv \(UTC\+0[23]:00\)formerly Europe\/Kiev$/]);
    }
    await expectNoHorizontalScroll(page);

    await zone.fill('calcutta');
    await zone.press('Enter');
    await expect(page.getByText('Time zone saved.')).toBeVisible();
    await expect(zone).toHaveValue('Asia/Kolkata (UTC+05:30)');
    expect((await apiAs<{ display: { timezone: string } }>(page, '/api/me/preferences')).display.timezone).toBe(
      'Asia/Kolkata',
    );
    await page.reload();
    await expect(zone).toHaveValue('Asia/Kolkata (UTC+05:30)');
  });
});

test('uploads once and sees the sidebar counts change', async ({ page, signedIn: _user }) => {
  const figures = page.getByRole('complementary', { name: 'Sidebar' }).getByRole('definition');
  await expect(figures).toHaveText(['0', '0', '1']);
  await uploadFile(page, {
    name: 'bill-of-lading.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Bill of lading\nVessel: Ever Given\n'),
  });
  // Files counts the upload, and today's Upload Content goal is done
  await expect(figures).toHaveText(['1', '0', '1']);
  await expect(
    page.getByRole('region', { name: "Today's goals" }).getByRole('listitem').filter({ hasText: 'Upload Content' }),
  ).toContainText('✓ Done');
});

test('settings and profile pass axe in light and dark, at 360 and 1280 px, with the zone list open', async ({
  page,
  signedIn: _user,
}) => {
  test.setTimeout(120_000);
  for (const mode of ['Light', 'Dark'] as const) {
    await page.goto('/settings');
    await page.getByRole('radio', { name: mode }).check();
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/settings');
      await expect(page.getByRole('region', { name: 'Appearance' })).toBeVisible();
      const zone = page.getByRole('combobox', { name: 'Time zone' });
      await zone.focus();
      await zone.press('ArrowDown');
      await expect(page.getByRole('listbox', { name: 'Time zone' })).toBeVisible();
      await expectNoHorizontalScroll(page);
      expect(await seriousViolations(page), `/settings ${mode} ${width} px`).toEqual([]);
      await zone.press('Escape');
      await page.goto('/profile');
      await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
      await expectNoHorizontalScroll(page);
      expect(await seriousViolations(page), `/profile ${mode} ${width} px`).toEqual([]);
    }
  }
});
