import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

async function openDemo(page: Page): Promise<void> {
  await page.goto('/ui-demo');
  await expect(page.getByRole('heading', { level: 1, name: 'UI demo' })).toBeVisible();
}

/** The gallery with an error toast that stays (a dropped .exe file), for a layer opened over it. */
async function openDemoWithLastingError(page: Page): Promise<void> {
  await openDemo(page);
  await page.getByLabel('Browse files').setInputFiles({
    name: 'tool.exe',
    mimeType: 'application/x-msdownload',
    buffer: Buffer.from('MZ'),
  });
}

test.describe('toasts', () => {
  test('a toast appears, counts down, and is gone 5 s + 300 ms after it appeared', async ({ page }) => {
    await openDemo(page);
    const region = page.getByRole('region', { name: 'Notifications', exact: true });
    // the 300 ms exit is shorter than Playwright's polling steps: the page itself records each change
    await region.evaluate((el) => {
      const log: { event: string; at: number }[] = [];
      (window as unknown as { toastLog: typeof log }).toastLog = log;
      const isToast = (node: Node) => node instanceof HTMLElement && node.dataset.testid === 'toast';
      new MutationObserver((records) => {
        for (const record of records) {
          if (record.type === 'attributes' && isToast(record.target))
            log.push({ event: (record.target as HTMLElement).dataset.state ?? '', at: performance.now() });
          record.addedNodes.forEach((node) => isToast(node) && log.push({ event: 'added', at: performance.now() }));
          record.removedNodes.forEach((node) => isToast(node) && log.push({ event: 'removed', at: performance.now() }));
        }
      }).observe(el, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
    });
    await page.getByRole('button', { name: 'Show success' }).click();
    const toast = region.getByTestId('toast');
    await expect(toast).toBeVisible();
    await expect(toast).toContainText('Sample success');
    await expect(toast).toContainText('A success notice. Nothing was saved.');

    // the countdown ticks every 100 ms and the bar shrinks with it
    const bar = toast.getByTestId('toast-countdown');
    await expect.poll(async () => Number(await bar.getAttribute('data-remaining'))).toBeLessThan(4000);
    const width = await bar.evaluate((el) => el.getBoundingClientRect().width);
    const full = await toast.evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBeLessThan(full * 0.85);

    await expect(toast).toHaveCount(0, { timeout: 10_000 });
    const log = await page.evaluate(
      () => (window as unknown as { toastLog: { event: string; at: number }[] }).toastLog,
    );
    const at = (event: string) => log.find((entry) => entry.event === event)?.at ?? NaN;
    expect(log.map((entry) => entry.event)).toEqual(expect.arrayContaining(['added', 'closing', 'removed']));
    // never early: the exit starts after the 5 s countdown and the toast leaves after the 300 ms exit
    // (the exact timing is asserted with fake timers in toaster.test.tsx)
    expect(at('closing') - at('added')).toBeGreaterThanOrEqual(4_500);
    expect(at('removed') - at('closing')).toBeGreaterThanOrEqual(250);
    expect(at('removed') - at('added')).toBeLessThan(9_000);
  });

  test('newest first, close button, and a held toast while the pointer is on it', async ({ page }) => {
    await openDemo(page);
    const region = page.getByRole('region', { name: 'Notifications', exact: true });
    await page.getByRole('button', { name: 'Show warning' }).click();
    await page.getByRole('button', { name: 'Show error' }).click();
    await expect(region.getByTestId('toast')).toHaveCount(2);
    await expect(region.getByTestId('toast').first()).toContainText('Sample error');

    await region.getByRole('button', { name: 'Dismiss notification: Sample error' }).click();
    await expect(region.getByTestId('toast')).toHaveCount(1);

    const warning = region.getByTestId('toast');
    await warning.hover();
    const held = Number(await warning.getByTestId('toast-countdown').getAttribute('data-remaining'));
    await page.waitForTimeout(1_000); // a real second must pass for the hold to mean anything
    expect(Number(await warning.getByTestId('toast-countdown').getAttribute('data-remaining'))).toBe(held);
    await page.mouse.move(5, 700);
    await expect(warning).toHaveCount(0, { timeout: 8_000 });
  });

  test('a dropped invalid file is reported in an error that stays', async ({ page }) => {
    await openDemo(page);
    await page.getByLabel('Browse files').setInputFiles([
      { name: 'ok.csv', mimeType: 'text/csv', buffer: Buffer.from('a,b\n1,2\n') },
      { name: 'tool.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') },
    ]);
    const region = page.getByRole('region', { name: 'Notifications', exact: true });
    const error = region.getByTestId('toast').filter({ hasText: 'File Upload Error' });
    await expect(error).toContainText('tool.exe: File type not allowed. Accepted: image/*, application/pdf, .csv');
    await expect(region.getByTestId('toast').filter({ hasText: 'Files Added' })).toContainText(
      '1 file is ready for upload',
    );
    await expect(page.getByRole('list', { name: 'Files list' })).toContainText('ok.csv');
    // Files Added leaves after 3 s; the error stays
    await expect(region.getByTestId('toast').filter({ hasText: 'Files Added' })).toHaveCount(0, { timeout: 6_000 });
    await expect(error).toBeVisible();
    await expect(error.getByTestId('toast-countdown')).toHaveCount(0);
  });
});

test.describe('dialog', () => {
  test('keeps focus inside, locks the page scroll, closes on Escape and gives focus back', async ({ page }) => {
    await openDemo(page);
    const trigger = page.getByRole('button', { name: 'Open dialog' });
    await trigger.click();
    const dialog = page.getByRole('dialog', { name: 'Share Files via Email' });
    await expect(dialog).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    const box = await dialog.getByTestId('dialog-box').boundingBox();
    expect(box!.width).toBeLessThanOrEqual(500);

    const inside = () => dialog.evaluate((el) => el.contains(document.activeElement));
    expect(await inside()).toBe(true);
    for (let i = 0; i < 6; i += 1) {
      await page.keyboard.press('Tab');
      expect(await inside()).toBe(true);
    }
    for (let i = 0; i < 3; i += 1) {
      await page.keyboard.press('Shift+Tab');
      expect(await inside()).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 360, height: 740 },
  ]) {
    test(`at ${viewport.width} px a toast never covers the dialog, and the keyboard reaches it (F8, Tab)`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await openDemoWithLastingError(page);
      const open = page.getByRole('button', { name: 'Open dialog' });
      await open.scrollIntoViewIfNeeded();
      await open.click();
      const dialog = page.getByRole('dialog', { name: 'Share Files via Email' });
      // the error stays; while the dialog is open it shows inside it, above its box
      const toast = dialog.getByTestId('toast').filter({ hasText: 'File Upload Error' });
      await expect(toast).toBeVisible();
      const [boxOf, toastOf] = [(await dialog.getByTestId('dialog-box').boundingBox())!, (await toast.boundingBox())!];
      expect(toastOf.y + toastOf.height, 'the toast ends above the dialog').toBeLessThanOrEqual(boxOf.y);
      const close = dialog.getByRole('button', { name: 'Close dialog' });
      const hit = await close.evaluate((button) => {
        const { x, y, width, height } = button.getBoundingClientRect();
        return button.contains(document.elementFromPoint(x + width / 2, y + height / 2));
      });
      expect(hit, 'the × is what a click on it reaches').toBe(true);

      await page.keyboard.press('F8');
      await expect(toast).toBeFocused();
      await page.keyboard.press('Tab');
      const dismiss = toast.getByRole('button', { name: 'Dismiss notification: File Upload Error' });
      await expect(dismiss).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(toast).toHaveCount(0);
      await expect(dialog).toBeVisible();
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    });
  }

  test('closes on a backdrop click', async ({ page }) => {
    await openDemo(page);
    await page.getByRole('button', { name: 'Open dialog' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(page.getByRole('dialog')).toBeHidden();
  });
});

test.describe('mobile sidebar at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the signed-in sidebar is an overlay: closed at first, closes on the overlay, Escape and navigation', async ({
    page,
    signedIn: _signedIn,
  }) => {
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    const toggle = page.getByRole('button', { name: 'Open sidebar' });
    await expect(sidebar).toHaveCount(0);

    await toggle.click();
    await expect(sidebar).toBeVisible();
    const overlay = page.getByTestId('sidebar-overlay');
    await expect(overlay).toBeVisible();
    const sidebarBox = await sidebar.boundingBox();
    expect(sidebarBox!.width).toBeLessThanOrEqual(280);
    await page.mouse.click(340, 400); // on the overlay, right of the 280 px panel
    await expect(sidebar).toHaveCount(0);

    await page.getByRole('button', { name: 'Open sidebar' }).click();
    await expect(sidebar).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sidebar).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Open sidebar' })).toBeFocused();

    await page.getByRole('button', { name: 'Open sidebar' }).click();
    await sidebar.getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(sidebar).toHaveCount(0);
  });

  test("the gallery's mobile sidebar slides over the page and closes on its backdrop, Escape and a link", async ({
    page,
  }) => {
    await openDemo(page);
    const open = page.getByRole('button', { name: 'Open menu' });
    await open.click();
    const panel = page.getByRole('dialog', { name: 'Menu' });
    await expect(panel).toBeVisible();
    // it slides in from the left edge over 300 ms
    await expect.poll(async () => (await panel.boundingBox())!.x).toBe(0);
    expect((await panel.boundingBox())!.width).toBeLessThanOrEqual(280);
    await page.mouse.click(340, 400);
    await expect(panel).toBeHidden();

    await open.click();
    await expect(panel).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(open).toBeFocused();

    await open.click();
    await panel.getByRole('link', { name: 'FAQ' }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(panel).toBeHidden();
  });

  test('a toast shows inside the open sidebar, above its content, where the keyboard reaches it', async ({ page }) => {
    await openDemoWithLastingError(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const panel = page.getByRole('dialog', { name: 'Menu' });
    const toast = panel.getByTestId('toast').filter({ hasText: 'File Upload Error' });
    await expect(toast).toBeVisible();
    // above the panel's content, not over it
    const [toastOf, closeOf] = [
      (await toast.boundingBox())!,
      (await panel.getByRole('button', { name: 'Close menu' }).boundingBox())!,
    ];
    expect(toastOf.y + toastOf.height, 'the toast ends above the panel’s ×').toBeLessThanOrEqual(closeOf.y);
    await page.keyboard.press('F8');
    await expect(toast).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(toast.getByRole('button', { name: 'Dismiss notification: File Upload Error' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(toast).toHaveCount(0);
    await expect(panel).toBeVisible();
    expect(await panel.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  });
});

test.describe('focus rings', () => {
  test("a component's focus utilities win over the app's ring: the logo's block draws the ring, the link none of its own", async ({
    page,
  }) => {
    await page.goto('/');
    const logo = page.getByRole('link', { name: 'Trading Portal home' });
    for (let i = 0; i < 10 && !(await logo.evaluate((link) => link === document.activeElement)); i += 1) {
      await page.keyboard.press('Tab');
    }
    await expect(logo).toBeFocused();
    const rings = await logo.evaluate((link) => ({
      link: getComputedStyle(link).outlineStyle,
      block: getComputedStyle(link.closest('div')!).outlineStyle,
    }));
    expect(rings).toEqual({ link: 'none', block: 'solid' });
    // a control without focus utilities keeps the app's ring
    await page.keyboard.press('Tab');
    const next = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    expect(next).toBe('solid');
  });
});

test.describe('tabs', () => {
  test('a tab focused from the keyboard shows its whole focus ring, not two bars clipped by the scrolling tab list', async ({
    page,
    signedIn: _signedIn,
  }) => {
    await page.goto('/content-access?tab=search');
    const list = page.getByRole('tablist', { name: 'Content Hub' });
    await list.getByRole('tab', { name: /Search/ }).click();
    await page.keyboard.press('ArrowRight');
    const focused = list.getByRole('tab', { name: /Upload/ });
    await expect(focused).toBeFocused();
    // the ring (outline plus its offset) must lie inside the list's box, which clips what overflows it
    const overflow = await focused.evaluate((tab) => {
      const style = getComputedStyle(tab);
      const reach = parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset);
      const ring = tab.getBoundingClientRect();
      const box = tab.parentElement!.getBoundingClientRect();
      return {
        outline: style.outlineStyle,
        top: box.top - (ring.top - reach),
        bottom: ring.bottom + reach - box.bottom,
      };
    });
    expect(overflow.outline).not.toBe('none');
    expect(overflow.top).toBeLessThanOrEqual(0);
    expect(overflow.bottom).toBeLessThanOrEqual(0);
  });
});
