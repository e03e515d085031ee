import sharp from 'sharp';
import { expect, test } from './fixtures';

test('shots', async ({ page, signedIn }) => {
  void signedIn;
  test.setTimeout(180_000);
  const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 120, b: 40 } } }).png().toBuffer();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/content-access?tab=manage');
  await page.getByLabel('Browse files').setInputFiles([
    { name: 'dried-figs-product-photo.png', mimeType: 'image/png', buffer: png },
    { name: 'price-list-2026.txt', mimeType: 'text/plain', buffer: Buffer.from('Price list figs apricots almonds') },
  ]);
  await page.getByRole('textbox', { name: 'Tags' }).fill('figs, lisbon');
  await page.getByRole('button', { name: 'Upload 2 files' }).click();
  await expect(page.getByRole('list', { name: 'Upload list' }).getByText('Uploaded')).toHaveCount(2);
  await page.getByRole('checkbox', { name: 'Select price-list-2026.txt' }).click();
  const shoot = async (name: string, full = true) => page.screenshot({ path: `/tmp/content-shots/${name}.png`, fullPage: full });
  await shoot('manage-1280-dark');
  await page.getByRole('tab', { name: 'Gallery' }).click();
  await expect(page.getByRole('list', { name: 'Gallery' }).locator('img')).toHaveCount(1, { timeout: 30_000 });
  await shoot('gallery-1280-dark');
  await page.getByRole('tab', { name: 'Search' }).click();
  await page.getByRole('searchbox', { name: 'Search' }).fill('apricots');
  await expect(async () => {
    await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
    await expect(page.getByRole('list', { name: 'Search results' })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await shoot('search-1280-dark');
  await page.getByRole('button', { name: 'Share Files (1)' }).click();
  await page.getByRole('textbox', { name: 'Recipient 1' }).fill('buyer@lisbon.pt');
  await shoot('share-1280-dark', false);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /^Theme:/ }).click();
  await page.getByRole('tab', { name: 'Upload & Manage' }).click();
  await shoot('manage-1280-light');
  await page.setViewportSize({ width: 360, height: 780 });
  await shoot('manage-360-light');
  await page.getByRole('tab', { name: 'Gallery' }).click();
  await shoot('gallery-360-light');
  await page.getByRole('button', { name: 'Share Files (1)' }).click();
  await shoot('share-360-light', false);
  await page.keyboard.press('Escape');
  await page.getByRole('tab', { name: 'Search' }).click();
  await page.getByRole('searchbox', { name: 'Search' }).fill('figs');
  await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
  await expect(page.getByRole('list', { name: 'Search results' })).toBeVisible();
  await shoot('search-360-light');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  console.log('overflow', overflow);
});
