import type { Page } from '@playwright/test';
import { completeProfile, expect, expectNoHorizontalScroll, seriousViolations, storedTheme, test } from './fixtures';

const PUBLIC_ROUTES = [
  '/',
  '/about',
  '/contact',
  '/stories',
  '/stories/github-cloudflare',
  '/login',
  '/ui-demo',
  '/services',
  '/careers',
  '/terms',
  '/privacy',
  '/faq',
  '/resources',
  '/no/such/page',
];
const WIDTHS = [360, 768, 1280];

// a full axe run over a page as long as /ui-demo takes several seconds on two busy cores, and each
// test here runs three or more of them
test.describe.configure({ timeout: 300_000 });
const SIGNED_IN_ROUTES = [
  '/dashboard',
  '/profile',
  '/settings',
  '/content-access',
  '/achievements',
  '/analytics',
  '/trades',
  '/email-blaster',
  '/desk',
];

async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  // the route's lazy chunk has rendered when its main heading is there
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
}

for (const path of PUBLIC_ROUTES) {
  test(`${path}: no serious or critical axe violations, no sideways scroll at ${WIDTHS.join('/')} px`, async ({
    page,
  }) => {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await visit(page, path);
      await expectNoHorizontalScroll(page);
      expect(await seriousViolations(page), `${path} at ${width} px`).toEqual([]);
    }
  });
}

test('/ui-demo in light and high-contrast themes, and with a dialog and a toast open', async ({ page }) => {
  await visit(page, '/ui-demo');
  await page.getByRole('button', { name: 'Show info' }).click();
  await expect(page.getByTestId('toast')).toBeVisible();
  expect(await seriousViolations(page), 'dark with a toast').toEqual([]);

  for (const mode of ['light', 'high contrast'] as const) {
    await page.evaluate(
      ([key, value]) => localStorage.setItem(key, value),
      storedTheme(mode === 'light' ? { mode: 'light' } : { mode: 'dark', highContrast: true }),
    );
    await visit(page, '/ui-demo');
    expect(await page.evaluate(() => document.documentElement.className)).toContain(
      mode === 'light' ? 'light' : 'high-contrast',
    );
    expect(await seriousViolations(page), mode).toEqual([]);
  }

  await page.getByRole('button', { name: 'Open dialog' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await seriousViolations(page), 'dialog open').toEqual([]);
});

test.describe('signed in', () => {
  test.use({ completeProfile: false });

  test('every protected route, sidebar open and as an overlay', async ({ page, signedIn }) => {
    // 28 full axe runs: nine routes at three widths, and the phone's overlay sidebar
    test.setTimeout(420_000);
    expect(await seriousViolations(page), '/complete-profile').toEqual([]);
    await page.getByLabel('Full name').fill(signedIn.name);
    await completeProfile(page);
    await expect(page).toHaveURL(/\/dashboard$/);

    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    for (const path of SIGNED_IN_ROUTES) {
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await visit(page, path);
        // open beside the content above 768 px, closed (an overlay when opened) at 768 px or less
        if (width > 768) await expect(sidebar).toBeVisible();
        else await expect(sidebar).toHaveCount(0);
        await expectNoHorizontalScroll(page);
        expect(await seriousViolations(page), `${path} at ${width} px`).toEqual([]);
      }
    }
    // the overlay sidebar of phones
    await page.setViewportSize({ width: 360, height: 740 });
    await visit(page, '/dashboard');
    await page.getByRole('button', { name: 'Open sidebar' }).click();
    await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeVisible();
    expect(await seriousViolations(page), 'sidebar overlay').toEqual([]);
  });
});
