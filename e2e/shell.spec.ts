import { expect, test } from './fixtures';

test('the landing route renders the shell', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: /Trading Portal home/i })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
});

test('a protected route sends an anonymous visitor to /login', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('a signed-in page paints its heading from the HTML, and the app takes over without a second one', async ({
  page,
  signedIn,
}) => {
  expect(signedIn.name).toBeTruthy();
  // the app's scripts held back: what the browser paints from the HTML alone
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/trades', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1, name: 'Trading' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open sidebar' })).toBeVisible();
  release();
  await expect(page.getByRole('heading', { name: 'Watch list' })).toBeVisible();
  await expect(page.locator('#app-shell')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Trading');
});

test("a signed-out visitor never sees a signed-in page's shell", async ({ page }) => {
  await page.route(/\/assets\/index-[^/]+\.js$/, (route) => route.abort());
  await page.goto('/desk', { waitUntil: 'commit' });
  await expect(page.locator('#app-shell')).toBeAttached();
  await expect(page.locator('#app-shell')).toBeHidden();
});

test('an unknown path shows the not-found page', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404); // the app answers with its own page, as a real 404 (no soft 404)
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('the API answers unknown paths with JSON 404 and the SPA with security headers', async ({ request }) => {
  const api = await request.get('/api/nope');
  expect(api.status()).toBe(404);
  expect((await api.json()).error).toContain('The requested resource was not found.');
  const page = await request.get('/dashboard');
  expect(page.headers()['content-security-policy']).toContain("default-src 'self'");
  expect(page.headers()['x-content-type-options']).toBe('nosniff');
});

test("the built app's scripts and styles carry no source map, and none is served", async ({ request }) => {
  const html = await (await request.get('/login')).text();
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]!);
  expect(assets.length).toBeGreaterThan(0);
  for (const asset of assets) {
    const file = await request.get(asset);
    expect(file.status(), asset).toBe(200);
    expect(await file.text(), asset).not.toContain('sourceMappingURL');
    expect((await request.get(`${asset}.map`)).status(), `${asset}.map`).toBe(404);
  }
});
