import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DESK_MESSAGES } from '@tp/shared';
import {
  apiError,
  buildCapture,
  buildCompleteUser,
  buildContentFile,
  buildFileList,
  buildInvoice,
  deskAnswer,
  deskRoutes,
  mockApi,
  renderApp,
  signedInAs,
  type ApiRoute,
} from '@/testing';
import DeskPage from './desk-page';

const file = buildContentFile();
const field = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(new RegExp(`^${label}`));

function captureApi(capture: ApiRoute) {
  return mockApi({
    ...signedInAs(buildCompleteUser()),
    ...deskRoutes(
      {},
      {
        'GET /api/content/files': {
          body: buildFileList([file, buildContentFile({ id: 'other', name: 'packing-list.pdf' })]),
        },
        'POST /api/desk/invoices/capture': capture,
        'POST /api/desk/invoices': deskAnswer(buildInvoice({ reference: 'INV-2291', fileId: file.id }), 201),
      },
    ),
  });
}

/** Opens "Capture from a file", picks the invoice PDF and reads it. */
async function readInvoiceFile() {
  renderApp(<DeskPage />, { path: '/desk' });
  const invoices = await screen.findByRole('region', { name: 'Invoices' });
  await userEvent.click(within(invoices).getByRole('button', { name: 'Capture from a file' }));
  const dialog = await screen.findByRole('dialog', { name: 'Capture an invoice from a file' });
  const read = within(dialog).getByRole('button', { name: 'Read the file' });
  expect(await within(dialog).findByRole('radio', { name: /invoice-2291\.pdf/ })).not.toBeChecked();
  expect(read).toBeDisabled();
  await userEvent.click(within(dialog).getByRole('radio', { name: /invoice-2291\.pdf/ }));
  await userEvent.click(read);
  return dialog;
}

describe('desk: capture from an uploaded invoice', () => {
  it('proposes the fields with how sure it is, and stores nothing until the user confirms the form', async () => {
    const calls = captureApi(deskAnswer(buildCapture()));
    const dialog = await readInvoiceFile();
    expect(await within(dialog).findByDisplayValue('INV-2291')).toBe(field(dialog, 'Invoice number'));
    expect(calls.find((c) => c.key === 'POST /api/desk/invoices/capture')?.body).toEqual({ fileId: file.id });
    expect(field(dialog, 'Buyer or supplier')).toHaveValue('Rösterei Hamburg GmbH');
    expect(field(dialog, 'Currency')).toHaveValue('EUR');
    expect(field(dialog, 'Issue date')).toHaveValue('2026-11-20');
    expect(field(dialog, 'Invoice number')).toHaveAccessibleDescription('95 % sure Read from “Invoice No: INV-2291”');
    // an unsure reading asks to be checked; a field not found says so
    expect(field(dialog, 'Amount')).toHaveAccessibleDescription(
      '60 % sure · Check this Read from “Total EUR 97,450.00”',
    );
    expect(field(dialog, 'Due date')).toHaveValue('');
    expect(field(dialog, 'Due date')).toHaveAccessibleDescription('Not found in the file');
    expect(calls.some((c) => c.key === 'POST /api/desk/invoices')).toBe(false);

    // the user must fill what was not found; still nothing is stored
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create invoice' }));
    expect(field(dialog, 'Due date')).toHaveAccessibleDescription(/Due date is required/);
    expect(calls.some((c) => c.key === 'POST /api/desk/invoices')).toBe(false);

    // corrected and confirmed: the invoice is made, linked to its file
    await userEvent.clear(field(dialog, 'Amount'));
    await userEvent.type(field(dialog, 'Amount'), '97450.50');
    fireEvent.change(field(dialog, 'Due date'), { target: { value: '2027-02-18' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create invoice' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.key === 'POST /api/desk/invoices').map((c) => c.body)).toEqual([
      {
        counterparty: 'Rösterei Hamburg GmbH',
        reference: 'INV-2291',
        direction: 'receivable',
        currency: 'EUR',
        amount: '97450.50',
        issueDate: '2026-11-20',
        dueDate: '2027-02-18',
        incoterm: null,
        goods: null,
        notes: null,
        fileId: file.id,
      },
    ]);
  });

  it('says when a file has no readable text, and leaves the fields to the user', async () => {
    const none = { value: null, confidence: 0, source: null };
    const calls = captureApi(
      deskAnswer(
        buildCapture({
          textFound: false,
          reference: none,
          counterparty: none,
          currency: none,
          amount: none,
          issueDate: none,
          dueDate: none,
          direction: none,
        }),
      ),
    );
    const dialog = await readInvoiceFile();
    expect(await within(dialog).findByText(/This file has no text the desk can read/)).toBeInTheDocument();
    expect(field(dialog, 'Invoice number')).toHaveValue('');
    expect(field(dialog, 'Issue date')).toHaveValue('2026-11-27');
    expect(calls.some((c) => c.key === 'POST /api/desk/invoices')).toBe(false);
  });

  it('says in the server’s words when the file is still being read, and lets the user read it again', async () => {
    let pending = true;
    captureApi(() =>
      pending ? apiError(409, DESK_MESSAGES.textPending, { code: 'TEXT_PENDING' }) : deskAnswer(buildCapture()),
    );
    const dialog = await readInvoiceFile();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(DESK_MESSAGES.textPending);
    pending = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Read the file' }));
    expect(await within(dialog).findByDisplayValue('INV-2291')).toBeInTheDocument();
  });

  it('points to the content hub when no document is uploaded yet', async () => {
    mockApi({
      ...signedInAs(buildCompleteUser()),
      ...deskRoutes({}, { 'GET /api/content/files': { body: buildFileList([]) } }),
    });
    renderApp(<DeskPage />, { path: '/desk' });
    const invoices = await screen.findByRole('region', { name: 'Invoices' });
    await userEvent.click(within(invoices).getByRole('button', { name: 'Capture from a file' }));
    const dialog = await screen.findByRole('dialog', { name: 'Capture an invoice from a file' });
    expect(await within(dialog).findByRole('link', { name: 'Go to Access Content' })).toHaveAttribute(
      'href',
      '/content-access',
    );
    expect(within(dialog).getByRole('button', { name: 'Read the file' })).toBeDisabled();
  });
});
