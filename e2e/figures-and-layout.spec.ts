import type { Locator, Page } from '@playwright/test';
import { expect, expectNoHorizontalScroll, gotoStarted, test } from './fixtures';

/** Figures and layout as a person sees them: the header on a phone, the sidebar, tiles, the gallery. */

/** Calls the API as the user signed in on `page` (the token the app keeps) with a JSON body. */
async function callApi(page: Page, path: string, method: 'POST' | 'PATCH', json: unknown): Promise<void> {
  const status = await page.evaluate(
    async ({ path, method, json }) => {
      const token = localStorage.getItem('tp.auth.token') ?? sessionStorage.getItem('tp.auth.token');
      const answer = await fetch(path, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(json),
      });
      return answer.status;
    },
    { path, method, json },
  );
  expect(status, `${method} ${path}`).toBeLessThan(300);
}

/** Uploads a white 800 × 600 PNG (drawn in the page) as the signed-in user. */
async function uploadWhitePhoto(page: Page, name: string): Promise<void> {
  const status = await page.evaluate(async (name) => {
    const canvas = document.createElement('canvas');
    canvas.width = 800;
    canvas.height = 600;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, 800, 600);
    const png = await new Promise<Blob>((resolve) => canvas.toBlob((blob) => resolve(blob!), 'image/png'));
    const form = new FormData();
    form.append('file', png, name);
    const token = localStorage.getItem('tp.auth.token') ?? sessionStorage.getItem('tp.auth.token');
    const answer = await fetch('/api/content/upload', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    return answer.status;
  }, name);
  expect(status, 'upload').toBeLessThan(300);
}

/** The width and the number of lines of an element's own text, as laid out. */
function textBox(locator: Locator) {
  return locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
    return { width: range.getBoundingClientRect().width, lines: lines.size };
  });
}

/** WCAG contrast ratio of two computed colours (rgb/rgba, opaque). */
function contrast(foreground: string, background: string): number {
  const luminance = (color: string) => {
    const [r, g, b] = color
      .match(/[\d.]+/g)!
      .slice(0, 3)
      .map(Number) as [number, number, number];
    const linear = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  };
  const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

test.describe('the header at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  async function expectNameReadable(page: Page) {
    const name = page.getByRole('banner').getByRole('link', { name: 'Trading Portal home' });
    const text = await textBox(name);
    // the whole name on one line ("Trading Portal", about 110 px), not stacked word over word (59 px)
    expect(text.lines, 'the product name is on one line').toBe(1);
    expect(text.width, 'the product name is readable').toBeGreaterThan(95);
    await expect(page.getByRole('banner').getByText('Gateway to Global Trading')).toBeVisible();
    await expectNoHorizontalScroll(page);
  }

  test('shows the product name on one line, signed out', async ({ page }) => {
    for (const path of ['/', '/stories']) {
      await gotoStarted(page, path);
      await expectNameReadable(page);
    }
  });

  test('shows the product name on one line, signed in, on app pages and public pages', async ({
    page,
    signedIn: _user,
  }) => {
    await gotoStarted(page, '/settings');
    await expectNameReadable(page);
    await gotoStarted(page, '/stories');
    await expectNameReadable(page);
    // the dashboard is its icon here, named for everyone
    await expect(page.getByRole('banner').getByRole('link', { name: 'Dashboard' })).toBeVisible();
  });
});

test.describe('at 1280 px, signed in', () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  // signing in, placing orders, uploading and waiting for a thumbnail take a while on a busy machine
  test.slow();

  test('the sidebar runs the full height of a long page, and its content stays in view', async ({
    page,
    signedIn: _user,
  }) => {
    await gotoStarted(page, '/ui-demo');
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    await expect(sidebar.getByRole('button', { name: 'Log out' })).toBeVisible();
    const heights = await page.evaluate(() => ({
      sidebar: document.getElementById('app-sidebar')!.getBoundingClientRect().bottom,
      main: document.getElementById('main')!.getBoundingClientRect().bottom,
      viewport: window.innerHeight,
    }));
    expect(heights.main, 'the page is longer than the screen').toBeGreaterThan(2 * heights.viewport);
    expect(heights.sidebar, 'the sidebar ends where the page does').toBeGreaterThanOrEqual(heights.main - 1);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 2));
    await expect(sidebar.getByRole('button', { name: 'Log out' })).toBeInViewport();
  });

  test('every risk figure fits its tile, at 1280 and at 360 px', async ({ page, signedIn: _user }) => {
    for (const [symbol, quantity] of [
      ['AAPL', '40'],
      ['MSFT', '5'],
    ] as const)
      await callApi(page, '/api/trades', 'POST', { symbol, side: 'buy', quantity, type: 'market', timeInForce: 'day' });
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 800 });
      await gotoStarted(page, '/analytics');
      const risk = page.getByRole('region', { name: 'Risk' });
      await expect(risk.getByText('Largest position')).toBeVisible();
      await expect(risk.locator('dd').filter({ hasText: 'AAPL' })).toBeVisible();
      const overflows = await risk.locator('dl > div').evaluateAll((tiles) =>
        tiles.flatMap((tile) => {
          const value = tile.querySelector('dd')!;
          const [box, inner] = [tile.getBoundingClientRect(), value.getBoundingClientRect()];
          const clipped = value.scrollWidth > value.clientWidth + 0.5 || inner.right > box.right + 0.5;
          return clipped ? [`${tile.querySelector('dt')!.textContent}: ${value.textContent}`] : [];
        }),
      );
      expect(overflows, `figures cut at ${width} px`).toEqual([]);
      await expectNoHorizontalScroll(page);
    }
  });

  test('the gallery: a readable Private badge on a white photo, in light and dark, and a click opens the preview', async ({
    page,
    signedIn: _user,
  }) => {
    await uploadWhitePhoto(page, 'white-coffee-sacks.png');
    const preview = page.getByRole('button', { name: 'Preview white-coffee-sacks.png' });
    for (const mode of ['light', 'dark'] as const) {
      await callApi(page, '/api/me/preferences', 'PATCH', { theme: { mode } });
      // the thumbnail is made in the background: the gallery is read again until it is there
      await expect(async () => {
        await page.goto('/content-access?tab=gallery');
        await expect(preview).toBeVisible({ timeout: 2_000 });
      }).toPass();
      await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${mode}\\b`));
      const badge = page.getByRole('list', { name: 'Gallery' }).getByText('Private', { exact: true }).first();
      const colors = await badge.evaluate((element) => {
        const style = getComputedStyle(element);
        return { color: style.color, background: style.backgroundColor };
      });
      const alpha = colors.background.startsWith('rgba') ? Number(colors.background.match(/[\d.]+/g)![3]) : 1;
      expect(alpha, `the badge's background is solid (${mode})`).toBe(1);
      expect(contrast(colors.color, colors.background), `badge contrast (${mode})`).toBeGreaterThanOrEqual(4.5);
    }
    await preview.click();
    const dialog = page.getByRole('dialog', { name: 'white-coffee-sacks.png' });
    const image = dialog.getByRole('img', { name: 'white-coffee-sacks.png' });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(800);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
});
