import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Payment } from '@tp/shared';
import {
  buildCompleteUser,
  buildForward,
  buildInvoice,
  buildRate,
  deskAnswer,
  deskRoutes,
  hamburgExposure,
  invoiceList,
  mockApi,
  renderApp,
  signedInAs,
} from '@/testing';
import DeskPage from './desk-page';

const invoice = buildInvoice();
const forward = buildForward();
const spaced = (text: string | null) => text?.replace(/\u00a0/g, ' ');

/** The Hamburg invoice paid in full at a spot of 1.0700: USD 104,271.50 against 105,733.25 booked. */
const payment: Payment = {
  id: '99999999-9999-4999-8999-000000000001',
  invoiceId: invoice.id,
  invoiceReference: invoice.reference,
  currency: 'EUR',
  amount: '97450.00',
  date: '2026-11-27',
  method: 'spot',
  forwardId: null,
  rate: '1.07',
  homeCurrency: 'USD',
  homeAmount: '104271.50',
  bookedHomeAmount: '105733.25',
  realisedGainLoss: '-1461.75',
  createdAt: '2026-11-27T15:00:00.000Z',
};
const paid = buildInvoice({
  paidAmount: '97450.00',
  openAmount: '0.00',
  status: 'paid',
  revaluation: '0.00',
  realisedGainLoss: '-1461.75',
});

describe('desk: payments', () => {
  it('records a payment at spot and shows what it realised, then beside the paid invoice', async () => {
    let answered = invoice;
    const calls = mockApi({
      ...signedInAs(buildCompleteUser()),
      ...deskRoutes(
        { exposure: hamburgExposure() },
        {
          'GET /api/desk/invoices': () => invoiceList([answered]),
          [`POST /api/desk/invoices/${invoice.id}/payments`]: () => {
            answered = paid;
            return deskAnswer({ payment, invoice: paid }, 201);
          },
        },
      ),
    });
    renderApp(<DeskPage />, { path: '/desk' });
    await userEvent.click(await screen.findByRole('button', { name: 'Record payment: INV-2026-0142' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a payment on INV-2026-0142' });
    expect(within(dialog).getByLabelText(/^Amount \(EUR\)/)).toHaveValue('97450.00');
    expect(within(dialog).getByLabelText(/^Converted/)).toHaveValue('spot');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));

    expect(await screen.findByText('Payment recorded; realised USD −1,461.75.')).toBeInTheDocument();
    expect(calls.find((c) => c.key.endsWith('/payments'))?.body).toEqual({
      amount: '97450.00',
      date: '2026-11-27',
      method: 'spot',
    });
    const row = await screen.findByTestId('invoice-INV-2026-0142');
    await waitFor(() => expect(spaced(row.textContent)).toContain('realised USD −1,461.75'));
    expect(row).toHaveTextContent('Paid');
    // a paid invoice takes no more payments and cannot be deleted
    expect(within(row).queryByRole('button', { name: /^Record payment/ })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
  });
});

describe('desk: forwards', () => {
  it('rolls a forward to a later date and shows the gain it carries', async () => {
    const rolled = buildForward({
      id: '88888888-8888-4888-8888-000000000002',
      maturityDate: '2027-03-29',
      forwardRate: '1.0801',
      rolledFromId: forward.id,
      carriedGainLoss: '1608.86',
      markToMarket: '0.00',
    });
    let live = [forward];
    const calls = mockApi({
      ...signedInAs(buildCompleteUser()),
      ...deskRoutes(
        { exposure: hamburgExposure() },
        {
          'GET /api/desk/forwards': () => deskAnswer({ forwards: live }),
          'GET /api/desk/rates': deskAnswer(buildRate({ maturity: '2027-03-27', forwardRate: '1.0801', days: 120 })),
          [`POST /api/desk/forwards/${forward.id}/roll`]: () => {
            live = [rolled];
            return deskAnswer({ closed: { ...forward, status: 'rolled', rolledToId: rolled.id }, rolled });
          },
        },
      ),
    });
    renderApp(<DeskPage />, { path: '/desk' });
    await userEvent.click(await screen.findByRole('button', { name: /^Roll: Sell EUR.97,450\.00$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Roll this forward' });
    expect(dialog).toHaveTextContent('Closing now realises about USD +1,608.86, carried to the new forward.');
    expect(within(dialog).getByLabelText(/^New maturity date/)).toHaveValue('2027-03-27');
    expect(await within(dialog).findByText('1.0801')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Roll forward' }));

    await waitFor(() =>
      expect(spaced(dialog.textContent)).toContain(
        'Forward rolled: the new one matures on Mar 29, 2027 at 1.0801 and carries USD +1,608.86.',
      ),
    );
    expect(calls.find((c) => c.key.endsWith('/roll'))?.body).toEqual({ maturityDate: '2027-03-27' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    const row = await screen.findByTestId(`forward-${rolled.id}`);
    expect(spaced(row.textContent)).toContain('carries USD +1,608.86 from the roll');
  });

  it('closes a forward early once confirmed, and says what it realised', async () => {
    const calls = mockApi({
      ...signedInAs(buildCompleteUser()),
      ...deskRoutes(
        { exposure: hamburgExposure(), forwards: [forward] },
        {
          [`POST /api/desk/forwards/${forward.id}/close`]: deskAnswer({
            ...forward,
            status: 'closed',
            realisedGainLoss: '1608.86',
            markToMarket: null,
          }),
        },
      ),
    });
    renderApp(<DeskPage />, { path: '/desk' });
    await userEvent.click(await screen.findByRole('button', { name: /^Close: Sell EUR.97,450\.00$/ }));
    const confirm = await screen.findByRole('dialog', { name: 'Close this forward?' });
    expect(spaced(confirm.textContent)).toContain('about USD +1,608.86');
    expect(calls.some((c) => c.key.endsWith('/close'))).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Close forward' }));
    expect(await screen.findByText(/^Forward closed; realised USD.\+1,608\.86\.$/)).toBeInTheDocument();
  });
});
