import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { makePdf } from '../apps/server/src/test/pdf-files';
import { expect, expectNoHorizontalScroll, seriousViolations, test, uploadFile } from './fixtures';

/**
 * A new exporter's first morning on the desk (docs/desk.md), against the real server: home currency
 * in Settings, a EUR receivable typed in, a second one captured from a PDF invoice uploaded to the
 * content hub, a forward booked against the first, the ladder's hedged figure and ratio, the rest
 * hedged to policy, and the invoices as CSV. The user's zone is UTC (not chosen yet), so "today" is
 * the UTC date.
 */

const DAY_MS = 86_400_000;
/** The calendar date `days` after today, in UTC. */
const dayAfter = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

const INVOICES_HEADER =
  'reference,counterparty,direction,currency,amount,paid,open,issue_date,due_date,incoterm,goods,status,' +
  'home_currency,booked_rate,booked_home_amount,realised_gain_loss,notes,id';

/** A field of a dialog by its label (a required field's asterisk follows it). */
const field = (dialog: Locator, label: string) => dialog.getByLabel(new RegExp(`^${label}`));

async function setHomeCurrency(page: Page, code: string) {
  await page.goto('/settings');
  const desk = page.getByRole('region', { name: 'Exporter desk' });
  await desk.getByRole('combobox', { name: /^Home currency/ }).selectOption(code);
  await expect(desk.getByRole('status')).toHaveText('Home currency saved.');
}

async function addReceivable(page: Page, reference: string) {
  const invoices = page.getByRole('region', { name: 'Invoices' });
  await invoices.getByRole('button', { name: 'New invoice' }).click();
  const dialog = page.getByRole('dialog', { name: 'New invoice' });
  await field(dialog, 'Buyer or supplier').fill('Rösterei Hamburg GmbH');
  await field(dialog, 'Invoice number').fill(reference);
  await field(dialog, 'Currency').selectOption('EUR');
  await field(dialog, 'Amount').fill('10,000.00');
  await field(dialog, 'Due date').fill(dayAfter(60));
  await field(dialog, 'Incoterm').selectOption('FOB');
  await dialog.getByRole('button', { name: 'Create invoice' }).click();
  await expect(page.getByText(`${reference} is on the desk.`)).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** Uploads the PDF invoice Hopper Exports wrote to a buyer in Hamburg: labels and figures in columns. */
async function uploadInvoicePdf(page: Page, name: string, reference: string) {
  await uploadFile(page, {
    name,
    mimeType: 'application/pdf',
    buffer: makePdf([
      [
        ['Hopper Exports', 'INVOICE'],
        ['Invoice No:', reference],
        ['Invoice date:', dayAfter(0)],
        ['Due date:', dayAfter(30)],
        ['Bill to:', ''],
        ['Rösterei Hamburg GmbH', ''],
        ['Arabica AA, 100 bags', ''],
        ['Total EUR', '5,000.00'],
      ],
    ]),
  });
}

async function captureFrom(page: Page, name: string, reference: string) {
  await page.getByRole('region', { name: 'Invoices' }).getByRole('button', { name: 'Capture from a file' }).click();
  const dialog = page.getByRole('dialog', { name: 'Capture an invoice from a file' });
  await dialog.getByRole('radio', { name: new RegExp(name.replace('.', '\\.')) }).check();
  // the content hub reads the file's text in the background: until then the desk says so (409)
  await expect(async () => {
    await dialog.getByRole('button', { name: 'Read the file' }).click();
    await expect(field(dialog, 'Invoice number')).toHaveValue(reference, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  // what was read is shown for the user to check before anything is stored
  await expect(field(dialog, 'Buyer or supplier')).toHaveValue('Rösterei Hamburg GmbH');
  await expect(field(dialog, 'Direction')).toHaveValue('receivable');
  await expect(field(dialog, 'Currency')).toHaveValue('EUR');
  await expect(field(dialog, 'Amount')).toHaveValue('5000.00');
  await expect(field(dialog, 'Due date')).toHaveValue(dayAfter(30));
  await dialog.getByRole('button', { name: 'Create invoice' }).click();
  await expect(page.getByText(`${reference} is on the desk.`)).toBeVisible();
  await expect(dialog).toBeHidden();
}

async function bookForwardAgainst(page: Page, reference: string) {
  await page.getByRole('region', { name: 'Forwards' }).getByRole('button', { name: 'Book a forward' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book a forward' });
  await expect(field(dialog, 'Currency')).toHaveValue('EUR');
  await field(dialog, 'Maturity date').fill(dayAfter(60));
  // the live quote of this second
  await expect(dialog.getByText('Forward rate')).toBeVisible();
  await dialog.getByRole('checkbox', { name: new RegExp(`^${reference} · `) }).check();
  // the amount follows the allocation
  await expect(field(dialog, 'Amount')).toHaveValue('10000.00');
  await dialog.getByRole('button', { name: 'Book forward' }).click();
  await expect(page.getByText('Forward booked.')).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** Books what the policy proposes: EUR 2,000 more brings the first period from 66.7 % to its 80 %. */
async function hedgeToPolicy(page: Page, reference: string) {
  const policy = page.getByRole('region', { name: 'Hedging policy' });
  await policy.getByRole('button', { name: 'Hedge to policy' }).click();
  const proposals = policy.getByRole('list', { name: 'Hedge to policy' });
  const proposal = proposals.getByRole('listitem');
  await expect(proposal).toHaveCount(1);
  await expect(proposal).toContainText('Sell EUR\u00a02,000.00');
  await expect(proposal).toContainText(`covers ${reference} (EUR\u00a02,000.00)`);
  // one proposal: booked on its own (Book all appears from two)
  await proposal.getByRole('button', { name: /^Book: Sell EUR/ }).click();
  await expect(proposal.getByText(/Booked/)).toBeVisible();
}

async function expectInvoicesCsv(page: Page, references: string[]) {
  const downloading = page.waitForEvent('download');
  await page.getByRole('region', { name: 'Exports' }).getByRole('button', { name: 'Invoices CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)], 'UTF-8 byte-order mark').toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').split(/\r?\n/);
  expect(lines[0]).toBe(INVOICES_HEADER);
  for (const reference of references) {
    expect(lines.some((line) => line.startsWith(`${reference},Rösterei Hamburg GmbH,receivable,EUR,`))).toBe(true);
  }
}

for (const width of [1280, 360]) {
  test(`at ${width} px: home currency, a typed and a captured PDF, a forward, hedge to policy, the CSV`, async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: 900 });
    await setHomeCurrency(page, 'INR');

    await page.goto('/desk');
    await expect(page.getByRole('heading', { name: 'Exporter desk', level: 1 })).toBeVisible();
    const ladder = page.getByRole('region', { name: 'Exposure ladder' });
    await expect(ladder.getByText(/^Enter what your buyers owe you/)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Your position' })).toContainText('Home currency INR');

    await addReceivable(page, 'INV-E2E-1');
    await uploadInvoicePdf(page, 'invoice-e2e-2.pdf', 'INV-E2E-2');
    await page.goto('/desk');
    await captureFrom(page, 'invoice-e2e-2.pdf', 'INV-E2E-2');
    await bookForwardAgainst(page, 'INV-E2E-1');

    // both invoices and the forward fall due within three months: EUR 15,000 owed, 10,000 hedged
    const euro = ladder.getByRole('region', { name: 'EUR · Euro' });
    const firstPeriod = euro.getByRole('row').filter({ hasText: '0–3 months' });
    await expect(firstPeriod.getByRole('cell').nth(2)).toHaveText('EUR\u00a015,000.00');
    await expect(firstPeriod.getByRole('cell').nth(5)).toHaveText('EUR\u00a010,000.00');
    await expect(euro.getByTestId('ratio-0-3')).toContainText('66.7 %');
    await expect(euro.getByTestId('ratio-0-3')).toContainText('Below target');
    await expect(euro.getByTestId('ratio-0-3')).toContainText('target 80 %');
    await expect(firstPeriod.getByRole('cell').nth(1)).toHaveText(/^INR\u00a0[\d,]+\.\d{2}$/);
    await expect(page.getByRole('region', { name: 'Invoices' }).getByText('EUR\u00a010,000.00 hedged')).toBeVisible();

    await hedgeToPolicy(page, 'INV-E2E-2');
    await expect(firstPeriod.getByRole('cell').nth(5)).toHaveText('EUR\u00a012,000.00');
    await expect(euro.getByTestId('ratio-0-3')).toHaveText(/^80\s%At target/);

    await expectInvoicesCsv(page, ['INV-E2E-1', 'INV-E2E-2']);
    await expectNoHorizontalScroll(page);
    // every table fits its box: the ladder, invoices and forwards as columns at 1280, as cards at 360
    await expect(page.getByRole('region', { name: /\(scrolls sideways\)$/ })).toHaveCount(0);
    expect(await seriousViolations(page), `/desk at ${width} px`).toEqual([]);
  });
}
