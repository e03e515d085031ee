import type { Page } from '@playwright/test';
import { expect, expectNoHorizontalScroll, seriousViolations, storedTheme, test } from './fixtures';

/** Switches enhanced services on for this browser, as a tester does on /email-blaster. */
async function enableEnhancedServices(page: Page) {
  await page.goto('/email-blaster');
  const flag = page.getByRole('switch', { name: /^Enhanced services/ });
  await expect(flag).toBeVisible();
  if ((await flag.getAttribute('aria-checked')) !== 'true') await flag.click();
  await expect(flag).toHaveAttribute('aria-checked', 'true');
}

/**
 * The dashboard's enhanced trading section (docs/product/dashboard.md#trading-section): with the
 * flag on, a quick
 * BUY 10 shows a pending row at once, which becomes the filled trade the server answered. The
 * order's request is held until the pending row has been seen, so the test does not race the
 * server's instant fill.
 */
for (const viewport of [
  { width: 360, height: 800 },
  { width: 1280, height: 900 },
]) {
  test.describe(`dashboard quick trade at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('the notice while the flag is off; with it on, BUY 10 is pending, then filled', async ({
      page,
      signedIn: _user,
    }) => {
      // two axe runs on a shared machine
      test.setTimeout(150_000);
      await page.getByRole('tab', { name: 'Trading' }).click();
      const panel = page.getByRole('tabpanel', { name: 'Trading' });
      await expect(panel.getByText(/Enhanced trading features are disabled/)).toBeVisible();

      await enableEnhancedServices(page);
      await page.goto('/dashboard');
      await page.getByRole('tab', { name: 'Trading' }).click();
      const feed = panel.getByRole('region', { name: 'Live feed' });
      await expect(feed.getByText('Live', { exact: true })).toBeVisible();
      await expect(feed.getByTestId('feed-price-AAPL')).toHaveText(/^\d{1,3}(,\d{3})*\.\d{2,5}$/);
      const trades = panel.getByRole('region', { name: 'Recent trades' });
      await expect(trades.getByText('No trades found')).toBeVisible();

      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/trades', async (route) => {
        if (route.request().method() !== 'POST') return route.fallback();
        await held;
        await route.fallback();
      });
      await feed.getByRole('button', { name: 'Buy 10 AAPL' }).click();
      const rows = trades.getByTestId('recent-trade');
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toHaveAttribute('data-status', 'pending');
      await expect(rows.first()).toContainText('Pending (sending)');
      release();

      await expect(rows.first()).toHaveAttribute('data-status', 'filled');
      await expect(feed.getByText(/^Bought 10 shares of AAPL at [\d,]+\.\d{2}$/)).toBeVisible();
      const portfolio = panel.getByRole('region', { name: 'Portfolio' });
      await expect(portfolio.getByRole('list', { name: 'Positions' })).toContainText('AAPL');
      // the list read again a second later holds the one filled order, no leftover pending row
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText('Filled');
      await expectNoHorizontalScroll(page);
      expect(await seriousViolations(page, '[role="tabpanel"]'), 'dark').toEqual([]);

      await page.evaluate(([key, value]) => localStorage.setItem(key, value), storedTheme({ mode: 'light' }));
      await page.reload();
      await page.getByRole('tab', { name: 'Trading' }).click();
      await expect(rows.first()).toContainText('Filled');
      expect(await seriousViolations(page, '[role="tabpanel"]'), 'light').toEqual([]);
    });
  });
}
