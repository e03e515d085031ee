import type { Page } from '@playwright/test';
import { apiAs, completeProfile, expect, signIn, test, uniqueEmail, uploadFile } from './fixtures';

/** Letters only, so the full-text parser keeps it one word; unique per run. */
const distinctiveWord = () =>
  `lcref${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;

/** Searches the Search tab until `expectation` holds (the text index fills in the background). */
async function searchUntil(page: Page, query: string, expectation: () => Promise<void>) {
  await page.goto('/content-access?tab=search');
  const box = page.getByRole('tabpanel', { name: 'Search' }).getByRole('searchbox', { name: 'Search', exact: true });
  await box.fill(query);
  await expect(async () => {
    await box.press('Enter');
    await expectation();
  }).toPass({ timeout: 30_000 });
}

test('a public, shared price list: never in another user’s search, gallery or lists, but its link opens it', async ({
  page,
  browser,
  app,
  signedIn,
  signInMail,
  mailbox,
}) => {
  void signedIn;
  // two people sign up and search until the background index has the file: more than a minute on busy cores
  test.setTimeout(180_000);
  const word = distinctiveWord();
  const name = 'price-list-autumn.txt';
  const text = `Price list, autumn\nArabica AA 4.20 USD/lb\nBuyer: Lisbon Traders\nLC ${word}\n`;
  const buyerEmail = uniqueEmail('buyer');

  // A uploads the price list and finds it by a word inside it
  await uploadFile(page, { name, mimeType: 'text/plain', buffer: Buffer.from(text) });
  const results = page.getByRole('list', { name: 'Search results' });
  await searchUntil(page, word, () => expect(results.getByRole('link', { name: new RegExp(name) })).toBeVisible());

  // A shares it by e-mail as the dialog suggests: made public, links for 14 days
  await page.goto('/content-access?tab=manage');
  await page.getByRole('checkbox', { name: `Select ${name}` }).click();
  await page.getByRole('button', { name: 'Share Files (1)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share Files via Email' });
  await expect(dialog.getByRole('checkbox', { name: /Make files publicly accessible/ })).toBeChecked();
  await dialog.getByRole('combobox', { name: 'Links work for' }).selectOption('14');
  await dialog.getByRole('textbox', { name: 'Recipient 1' }).fill(buyerEmail);
  await dialog.getByRole('button', { name: 'Send to 1 recipient(s)' }).click();
  await expect(page.getByText('Files shared successfully!')).toBeVisible();
  const files = page.getByRole('list', { name: 'Files' });
  await expect(files.getByRole('switch', { name: `Public: ${name}` })).toBeChecked();
  await expect(files.getByText(/Shared until /)).toBeVisible();
  const linkRow = page.getByRole('list', { name: 'Live shared links' }).getByRole('listitem');
  await expect(linkRow).toContainText(`To ${buyerEmail}`);
  await expect(linkRow).toContainText('Not opened yet');

  const mail = await mailbox.messageTo(buyerEmail);
  expect(mail.text).toMatch(/This link works until .+ UTC/);
  const sharedLink = /https?:\/\/\S+\/api\/content\/shared\?token=[A-Za-z0-9_%-]+/.exec(mail.text)?.[0];
  expect(sharedLink, 'the e-mail carries a shared link').toBeTruthy();

  // B, another user of the portal, signs in on another browser
  const other = await browser.newContext({ baseURL: app.baseURL });
  const b = await other.newPage();
  await signIn(b, uniqueEmail('competitor'), signInMail);
  await b.getByLabel('Full name').fill('Other Exporter');
  await completeProfile(b, { phone: '+44 20 7946 0000', company: 'Rival Coffee', position: 'Buyer' });
  await expect(b).toHaveURL(/\/dashboard$/);

  // B finds nothing of A's: not by the file's name, not by words inside it
  for (const query of ['price list', word, 'Lisbon']) {
    await searchUntil(b, query, () =>
      expect(b.getByText('No content found. Try adjusting your search terms.')).toBeVisible(),
    );
    await expect(b.getByRole('list', { name: 'Search results' })).toHaveCount(0);
  }
  await b.goto('/content-access?tab=gallery');
  await expect(b.getByText('Your gallery is empty.', { exact: false })).toBeVisible();
  await expect(b.getByText(name)).toHaveCount(0);
  expect(await apiAs<{ publicFiles: unknown[] }>(b, '/api/content/public')).toEqual({ publicFiles: [], count: 0 });

  // holding the link is what opens it
  const opened = await b.goto(sharedLink!);
  expect(opened?.status()).toBe(200);
  await expect(b.getByText(`LC ${word}`)).toBeVisible();

  // A sees it opened, and revokes it
  await page.reload();
  await expect(linkRow).toContainText(/Opened once, last on /);
  await linkRow.getByRole('button', { name: /^Revoke the link to / }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('Link revoked: it no longer opens the file.')).toBeVisible();
  await expect(page.getByText('No live links')).toBeVisible();

  // the revoked link now answers a page saying so, not the file
  const revoked = await b.goto(sharedLink!);
  expect(revoked?.status()).toBe(410);
  await expect(b.getByRole('heading', { name: 'Link turned off' })).toBeVisible();
  await expect(b.getByText(word)).toHaveCount(0);
  await other.close();
});
