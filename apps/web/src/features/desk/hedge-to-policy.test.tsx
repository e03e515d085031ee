import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DESK_MESSAGES, type ForwardInput } from '@tp/shared';
import {
  apiError,
  buildCompleteUser,
  buildForward,
  buildProposal,
  deskAnswer,
  deskRoutes,
  hamburgExposure,
  mockApi,
  renderApp,
  signedInAs,
  type ApiRoute,
} from '@/testing';
import DeskPage from './desk-page';

const proposals = [
  buildProposal(),
  buildProposal({
    bucket: '3-6',
    amount: '10000.00',
    maturityDate: '2027-05-20',
    forwardRate: '1.0951',
    homeAmount: '10951.00',
    allocations: [{ invoiceId: 'invoice-0150', invoiceReference: 'INV-2026-0150', amount: '10000.00' }],
  }),
  buildProposal({
    currency: 'GBP',
    amount: '25000.00',
    maturityDate: '2027-01-30',
    forwardRate: '1.2712',
    homeAmount: '31780.00',
    allocations: [{ invoiceId: 'invoice-0007', invoiceReference: 'CM-0007', amount: '25000.00' }],
  }),
];

function hedgeApi(book: ApiRoute) {
  const calls = mockApi({
    ...signedInAs(buildCompleteUser()),
    ...deskRoutes(
      { exposure: hamburgExposure() },
      {
        'POST /api/desk/policy/proposal': deskAnswer({ forwards: proposals }),
        'POST /api/desk/forwards': book,
      },
    ),
  });
  const bookings = () =>
    calls
      .filter((c) => c.key === 'POST /api/desk/forwards')
      .map((c) => ({ forward: c.body as ForwardInput, key: c.headers['idempotency-key'] }));
  return { calls, bookings };
}

/** Opens the desk and asks for the proposal; the list of proposed forwards. */
async function propose() {
  renderApp(<DeskPage />, { path: '/desk' });
  const policy = await screen.findByRole('region', { name: 'Hedging policy' });
  await userEvent.click(within(policy).getByRole('button', { name: 'Hedge to policy' }));
  return within(policy).findByRole('list', { name: 'Hedge to policy' });
}

const rows = (list: HTMLElement) => within(list).getAllByRole('listitem');
const booked = deskAnswer(buildForward(), 201);

describe('desk: hedge to policy', () => {
  it('proposes forwards without booking any, then books only the one confirmed', async () => {
    const { calls, bookings } = hedgeApi(booked);
    const list = await propose();
    expect(rows(list).map((row) => row.textContent!.replace(/\u00a0/g, ' '))).toEqual([
      'Sell EUR 77,960.00 for Feb 18, 20270–3 monthsat 1.089723259, fixing USD 84,954.83covers INV-2026-0142 (EUR 77,960.00)Book',
      'Sell EUR 10,000.00 for May 20, 20273–6 monthsat 1.0951, fixing USD 10,951.00covers INV-2026-0150 (EUR 10,000.00)Book',
      'Sell GBP 25,000.00 for Jan 30, 20270–3 monthsat 1.2712, fixing USD 31,780.00covers CM-0007 (GBP 25,000.00)Book',
    ]);
    expect(bookings()).toEqual([]);
    const exposureReads = calls.filter((c) => c.key === 'GET /api/desk/exposure').length;

    await userEvent.click(within(list).getByRole('button', { name: /^Book: Sell EUR.10,000\.00$/ }));
    expect(await within(rows(list)[1]!).findByText(/Booked/)).toBeInTheDocument();
    expect(bookings()).toEqual([
      {
        forward: {
          currency: 'EUR',
          side: 'sell',
          amount: '10000.00',
          maturityDate: '2027-05-20',
          allocations: [{ invoiceId: 'invoice-0150', amount: '10000.00' }],
        },
        key: expect.any(String),
      },
    ]);
    // the others wait for their own confirmation; the ladder is read again
    expect(within(rows(list)[0]!).getByRole('button', { name: /^Book/ })).toBeEnabled();
    expect(within(rows(list)[2]!).getByRole('button', { name: /^Book/ })).toBeEnabled();
    await waitFor(() =>
      expect(calls.filter((c) => c.key === 'GET /api/desk/exposure').length).toBeGreaterThan(exposureReads),
    );
  });

  it('books all in order, stops at a refusal and says why, then books the rest with the same keys', async () => {
    let refuse = true;
    const { bookings } = hedgeApi(({ body }) => {
      const forward = body as ForwardInput;
      if (forward.currency === 'GBP' && refuse) {
        refuse = false;
        // as the server answers: the allocation named by its place in the request
        const message = DESK_MESSAGES.overAllocatedInvoice('GBP 20,000.00');
        return apiError(400, `Invalid request: allocations.0.amount: ${message}`, {
          code: 'VALIDATION_FAILED',
          details: [{ field: 'allocations.0.amount', message }],
        });
      }
      return booked;
    });
    const list = await propose();
    const all = screen.getByRole('button', { name: 'Book all' });
    await userEvent.click(all);
    expect(await within(rows(list)[2]!).findByRole('alert')).toHaveTextContent(
      /^CM-0007: amount is more than the GBP 20,000\.00 of this invoice not yet hedged$/,
    );
    expect(within(rows(list)[0]!).getByText(/Booked/)).toBeInTheDocument();
    expect(within(rows(list)[1]!).getByText(/Booked/)).toBeInTheDocument();
    expect(bookings().map((b) => b.forward.currency)).toEqual(['EUR', 'EUR', 'GBP']);

    // one left: it is booked on its own; its key is the one of the refused attempt
    expect(screen.queryByRole('button', { name: 'Book all' })).not.toBeInTheDocument();
    await userEvent.click(within(list).getByRole('button', { name: /^Book: Sell GBP.25,000\.00$/ }));
    expect(await within(rows(list)[2]!).findByText(/Booked/)).toBeInTheDocument();
    const keys = bookings().map((b) => b.key);
    expect(keys).toHaveLength(4);
    expect(new Set(keys.slice(0, 3)).size).toBe(3);
    expect(keys[3]).toBe(keys[2]);
  });

  it('says so when every period is at its target', async () => {
    mockApi({
      ...signedInAs(buildCompleteUser()),
      ...deskRoutes(
        { exposure: hamburgExposure() },
        { 'POST /api/desk/policy/proposal': deskAnswer({ forwards: [] }) },
      ),
    });
    renderApp(<DeskPage />, { path: '/desk' });
    const policy = await screen.findByRole('region', { name: 'Hedging policy' });
    await userEvent.click(within(policy).getByRole('button', { name: 'Hedge to policy' }));
    expect(
      await within(policy).findByText('Every period is at or above its target: nothing to book.'),
    ).toBeInTheDocument();
    expect(within(policy).queryByRole('button', { name: 'Book all' })).not.toBeInTheDocument();
  });
});
