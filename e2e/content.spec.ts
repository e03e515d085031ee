import { expect, test } from './fixtures';

/** Letters only, so the full-text parser keeps it one word; unique per run. */
const distinctiveWord = () =>
  `quokka${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;

test('upload a document, find it by a word inside it, make it public, open it signed out, delete it', async ({
  page,
  browser,
  signedIn,
}) => {
  void signedIn;
  const word = distinctiveWord();
  const name = 'certificate-of-origin.txt';
  await page.goto('/content-access?tab=manage');
  await expect(page.getByRole('heading', { name: 'Content Access', level: 1 })).toBeVisible();

  // upload through the real file input, with a description
  await page.getByLabel('Browse files').setInputFiles({
    name,
    mimeType: 'text/plain',
    buffer: Buffer.from(`Certificate of origin\nGoods: dried figs\nReference: ${word}\n`),
  });
  await page.getByRole('textbox', { name: 'Description' }).fill('Origin certificate for the Lisbon order');
  await page.getByRole('button', { name: 'Upload file' }).click();
  const uploadList = page.getByRole('list', { name: 'Upload list' });
  await expect(uploadList.getByText('Uploaded')).toBeVisible();
  const files = page.getByRole('list', { name: 'Files' });
  await expect(files.getByText(name)).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Library figures' }).getByText(name).first()).toBeVisible();

  // the word is only inside the file: found once the background job has indexed its text
  await page.getByRole('tab', { name: 'Search' }).click();
  // exact: the library's "Search your files" box may still be on the page while the tab switches
  const query = page.getByRole('tabpanel', { name: 'Search' }).getByRole('searchbox', { name: 'Search', exact: true });
  await query.fill(word);
  const result = page.getByRole('list', { name: 'Search results' }).getByRole('link', { name: new RegExp(name) });
  await expect(async () => {
    await query.press('Enter');
    await expect(result).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(result.locator('mark')).toHaveText(word);

  // make it public: its link loses the owner's signature
  await page.getByRole('tab', { name: 'Upload & Manage' }).click();
  await page.getByRole('switch', { name: `Public: ${name}` }).click();
  await expect(page.getByText('File made public successfully')).toBeVisible();
  const open = files.getByRole('link', { name: `Open ${name}` });
  await expect(open).not.toHaveAttribute('href', /signature=/);
  const publicUrl = new URL((await open.getAttribute('href'))!, page.url()).toString();

  // someone signed out opens it
  const stranger = await browser.newContext();
  const strangerPage = await stranger.newPage();
  const opened = await strangerPage.goto(publicUrl);
  expect(opened?.status()).toBe(200);
  await expect(strangerPage.getByText(word)).toBeVisible();

  // delete it, after confirming; the public link stops working
  await files.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('File deleted successfully')).toBeVisible();
  await expect(files).toHaveCount(0);
  // asked afresh (the browser may keep its copy for the 5 minutes the server allows)
  expect((await stranger.request.get(publicUrl)).status()).toBe(404);
  await stranger.close();
});
