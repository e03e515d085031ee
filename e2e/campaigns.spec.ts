import type { TestSmtp } from './smtp';
import { expect, seriousViolations, smtpTest, test } from './fixtures';

const addressedTo = (address: string) => (mail: TestSmtp['messages'][number]) =>
  JSON.stringify(mail.to ?? '').includes(address);

smtpTest(
  'add contacts to a list, send a campaign now, see it sent in history and at the SMTP peer, then unsubscribe',
  async ({ page, smtp, signedIn }) => {
    smtpTest.setTimeout(120_000);
    const run = Date.now().toString(36);
    const imported = [1, 2, 3].map((i) => `reader${i}-${run}@example.com`);
    const single = `single-${run}@example.com`;
    const subject = `Spring prices ${run}`;

    await page.goto('/content-access');
    await page.getByRole('button', { name: 'Email Campaign' }).click();
    const manager = page.getByRole('dialog', { name: 'Email Campaign Manager' });
    await expect(manager.getByRole('tab', { name: 'Compose' })).toHaveAttribute('aria-selected', 'true');

    // Contacts: a list, one contact added by hand, three pasted
    await manager.getByRole('tab', { name: 'Contacts' }).click();
    await expect(manager.getByText('No lists yet. Create your first list below.')).toBeVisible();
    await manager.getByLabel('New list').fill('traders');
    await manager.getByRole('button', { name: 'Create List' }).click();
    await manager.getByRole('checkbox', { name: 'traders' }).click();
    await manager.getByRole('textbox', { name: 'Email', exact: true }).fill(single);
    await manager.getByRole('button', { name: 'Add Contact' }).click();
    await expect(manager.getByText(`Added ${single}`)).toBeVisible();
    await manager.getByLabel('Import addresses').fill([...imported, 'not an address', imported[0]].join('\n'));
    await manager.getByRole('button', { name: 'Import' }).click();
    await expect(manager.getByText('Imported 3, skipped 1, invalid 1')).toBeVisible();
    await expect(manager.getByRole('listitem').filter({ hasText: 'traders' }).first()).toContainText('4');

    // Compose: the button waits for name, subject and a list
    await manager.getByRole('tab', { name: 'Compose' }).click();
    const send = manager.getByRole('button', { name: 'Send Campaign' });
    await expect(send).toBeDisabled();
    await manager.getByLabel('Campaign Name').fill('Spring price list');
    await manager.getByLabel('Subject').fill(subject);
    await manager
      .getByLabel('Message')
      .fill('Dear {{name|partner}},\n\nThe new prices: https://example.com/prices\n\nAda');
    await manager.getByRole('checkbox', { name: /traders/ }).click();
    await expect(manager.getByRole('region', { name: 'Summary' })).toContainText('4 recipients in 1 list');

    // closing the manager keeps the draft, and so does a reload
    await page.keyboard.press('Escape');
    await expect(manager).toBeHidden();
    await page.getByRole('button', { name: 'Email Campaign' }).click();
    await expect(manager.getByLabel('Campaign Name')).toHaveValue('Spring price list');
    await expect(manager.getByLabel('Subject')).toHaveValue(subject);
    await page.reload();
    await page.getByRole('button', { name: 'Email Campaign' }).click();
    await expect(manager.getByLabel('Campaign Name')).toHaveValue('Spring price list');
    await expect(manager.getByLabel('Message')).toHaveValue(/The new prices: https:\/\/example\.com\/prices/);
    await expect(manager.getByRole('checkbox', { name: /traders/ })).toBeChecked();
    await expect(manager.getByRole('region', { name: 'Summary' })).toContainText('4 recipients in 1 list');

    // the preview: the message as the first recipient (by address) gets it, the fallback for no name
    await manager.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('dialog', { name: 'Preview' });
    await expect(preview).toContainText(`To${imported[0]}`);
    await expect(preview.frameLocator('iframe[title="Message preview"]').getByText('Dear partner,')).toBeVisible();
    await preview.getByRole('button', { name: 'Next recipient' }).click();
    await expect(preview).toContainText('Recipient 2 of 4');
    await preview.getByRole('button', { name: 'Close dialog' }).click();

    // sending at once asks first
    await send.click();
    await page
      .getByRole('dialog', { name: 'Send to 4 recipients now?' })
      .getByRole('button', { name: 'Send now' })
      .click();
    await expect(page.getByText('Campaign sent successfully!')).toBeVisible();

    // the history opens on it, live until sent
    await expect(manager.getByText('Spring price list')).toBeVisible();
    await expect(manager.getByText('sent', { exact: true })).toBeVisible({ timeout: 30_000 });
    const recipients = manager.getByRole('region', { name: 'Recipients' });
    await expect(recipients.getByRole('row')).toHaveCount(5);
    await expect(recipients).toContainText('1–4 of 4');
    await manager.getByRole('button', { name: 'All campaigns' }).click();
    const row = manager.getByRole('list', { name: 'Campaign history' }).getByRole('listitem').first();
    await expect(row).toContainText('Spring price list');
    await expect(row).toContainText('4 recipients');
    await expect(row).toContainText('0 opens · 0 clicks');
    // sent: the draft is gone
    await manager.getByRole('tab', { name: 'Compose' }).click();
    await expect(manager.getByLabel('Campaign Name')).toHaveValue('');

    // every contact got one message at the SMTP peer
    const mails = await Promise.all(
      [...imported, single].map((a) => smtp.waitForMessage((m) => addressedTo(a)(m) && m.subject === subject)),
    );
    expect(mails).toHaveLength(4);
    expect(mails[0]!.text).toContain('Dear partner,');

    // the footer's unsubscribe link: the page asks first, only the button unsubscribes
    const link = /https?:\/\/[^\s"<>]+\/unsubscribe\/[\w.-]+/.exec(mails[0]!.text ?? '')?.[0];
    expect(link, 'an unsubscribe link in the text part').toBeTruthy();
    await page.goto(link!);
    await expect(page.getByRole('heading', { name: 'Unsubscribe', exact: true })).toBeVisible();
    await expect(page.getByText(/Stop e-mails from/)).toContainText(signedIn.name);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByText('You have been unsubscribed')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Unsubscribed', exact: true })).toBeVisible();
  },
);

test('the manager’s tabs and the unsubscribe page’s error state have no serious axe violations', async ({
  page,
  signedIn,
}) => {
  void signedIn;
  const serious = () => seriousViolations(page);
  await page.goto('/content-access');
  await page.getByRole('button', { name: 'Email Campaign' }).click();
  const manager = page.getByRole('dialog', { name: 'Email Campaign Manager' });
  await expect(manager.getByRole('tab', { name: 'Compose' })).toBeVisible();
  await expect(manager.getByText('No contact lists yet', { exact: false })).toBeVisible();
  const out: Record<string, string[]> = { compose: await serious() };
  await manager.getByRole('tab', { name: 'Contacts' }).click();
  await manager.getByLabel('New list').fill('traders');
  await manager.getByRole('button', { name: 'Create List' }).click();
  await expect(manager.getByRole('checkbox', { name: 'traders' })).toBeVisible();
  out.contacts = await serious();
  await manager.getByRole('tab', { name: 'Campaigns' }).click();
  await expect(manager.getByText('No campaigns yet', { exact: false })).toBeVisible();
  out.campaigns = await serious();
  await page.keyboard.press('Escape');
  await page.goto('/unsubscribe/AAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA');
  await expect(page.getByRole('alert')).toBeVisible();
  out.unsubscribe = await serious();
  expect(out).toEqual({ compose: [], contacts: [], campaigns: [], unsubscribe: [] });
});
