import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { InvoiceInput } from '@tp/shared';
import {
  apiError,
  buildCompleteUser,
  buildInvoice,
  deskAnswer,
  deskRoutes,
  mockApi,
  networkFailure,
  renderApp,
  signedInAs,
} from '@/testing';
import DeskPage from './desk-page';

/** A field of the open dialog by its label (required fields carry an asterisk after it). */
const field = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(new RegExp(`^${label}`));

/** Types the Hamburg invoice's required fields into the form, with this amount and due date. */
async function fillRequired(dialog: HTMLElement, { amount, dueDate }: { amount: string; dueDate: string }) {
  await userEvent.type(field(dialog, 'Buyer or supplier'), 'Rösterei Hamburg GmbH');
  await userEvent.type(field(dialog, 'Invoice number'), 'INV-2026-0142');
  await userEvent.selectOptions(field(dialog, 'Currency'), 'EUR');
  await userEvent.type(field(dialog, 'Amount'), amount);
  fireEvent.change(field(dialog, 'Due date'), { target: { value: dueDate } });
}

async function openNewInvoice() {
  renderApp(<DeskPage />, { path: '/desk' });
  const invoices = await screen.findByRole('region', { name: 'Invoices' });
  await userEvent.click(within(invoices).getByRole('button', { name: 'New invoice' }));
  return screen.findByRole('dialog', { name: 'New invoice' });
}

describe('desk: a new invoice', () => {
  it('names each empty required field before sending anything', async () => {
    const calls = mockApi({ ...signedInAs(buildCompleteUser()), ...deskRoutes() });
    const dialog = await openNewInvoice();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create invoice' }));
    expect(field(dialog, 'Buyer or supplier')).toHaveAccessibleDescription('Buyer or supplier is required');
    expect(field(dialog, 'Invoice number')).toHaveAccessibleDescription('Invoice number is required');
    expect(field(dialog, 'Currency')).toHaveAccessibleDescription('Currency is required');
    expect(field(dialog, 'Amount')).toHaveAccessibleDescription('Amount is required');
    expect(field(dialog, 'Due date')).toHaveAccessibleDescription('Due date is required');
    expect(field(dialog, 'Issue date')).not.toHaveAccessibleDescription();
    expect(field(dialog, 'Amount')).toHaveAttribute('aria-invalid', 'true');
    // the first field in error takes the focus, so its message is read out
    expect(field(dialog, 'Buyer or supplier')).toHaveFocus();
    expect(calls.some((c) => c.key === 'POST /api/desk/invoices')).toBe(false);
  });

  it('says the server’s refusal at its field in the form’s words, then creates the invoice', async () => {
    const calls = mockApi({
      ...signedInAs(buildCompleteUser()),
      ...deskRoutes(
        {},
        {
          'POST /api/desk/invoices': ({ body }) => {
            const input = body as InvoiceInput;
            if (input.dueDate < input.issueDate) {
              return apiError(400, 'dueDate: dueDate must not be before issueDate', {
                code: 'VALIDATION_FAILED',
                details: [{ field: 'dueDate', message: 'dueDate must not be before issueDate' }],
              });
            }
            return deskAnswer(buildInvoice(), 201);
          },
        },
      ),
    });
    const dialog = await openNewInvoice();
    await fillRequired(dialog, { amount: '97,450.00', dueDate: '2026-11-01' });
    await userEvent.selectOptions(field(dialog, 'Incoterm'), 'FOB');
    await userEvent.type(field(dialog, 'Goods'), 'Arabica AA, 300 bags');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create invoice' }));

    await waitFor(() =>
      expect(field(dialog, 'Due date')).toHaveAccessibleDescription('Due date must not be before Issue date'),
    );
    expect(field(dialog, 'Due date')).toHaveFocus();
    expect(calls.find((c) => c.key === 'POST /api/desk/invoices')?.body).toEqual({
      counterparty: 'Rösterei Hamburg GmbH',
      reference: 'INV-2026-0142',
      direction: 'receivable',
      currency: 'EUR',
      amount: '97450.00',
      issueDate: '2026-11-27',
      dueDate: '2026-11-01',
      incoterm: 'FOB',
      goods: 'Arabica AA, 300 bags',
      notes: null,
      fileId: null,
    });

    fireEvent.change(field(dialog, 'Due date'), { target: { value: '2027-02-18' } });
    // Enter in a field sends the form, as the button does
    await userEvent.type(field(dialog, 'Invoice number'), '{Enter}');
    expect(await screen.findByText('INV-2026-0142 is on the desk.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New invoice' })).not.toBeInTheDocument());
    const posts = calls.filter((c) => c.key === 'POST /api/desk/invoices');
    expect(posts).toHaveLength(2);
    expect((posts[1]!.body as InvoiceInput).dueDate).toBe('2027-02-18');
    // the books are read again: the ladder shows the new invoice
    await waitFor(() => expect(calls.filter((c) => c.key === 'GET /api/desk/exposure').length).toBeGreaterThan(1));
  });

  it('keeps what was typed and says so above the form when the server cannot be reached', async () => {
    mockApi({
      ...signedInAs(buildCompleteUser()),
      ...deskRoutes({}, { 'POST /api/desk/invoices': networkFailure }),
    });
    const dialog = await openNewInvoice();
    await fillRequired(dialog, { amount: '97450', dueDate: '2027-02-18' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create invoice' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The invoice could not be saved. Please try again.',
    );
    expect(field(dialog, 'Invoice number')).toHaveValue('INV-2026-0142');
    expect(field(dialog, 'Amount')).toHaveValue('97450');
  });
});
