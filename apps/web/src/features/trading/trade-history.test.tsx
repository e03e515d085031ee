import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Account } from '@tp/shared';
import {
  buildCompleteUser,
  buildInstrument,
  buildLotInstrument,
  buildOrder,
  captureDownloads,
  envelope,
  mockApi,
  renderApp,
  signedInAs,
  orderList,
} from '@/testing';
import { TradeHistory } from './components/trade-history';

const active: Account = {
  id: '55555555-5555-4555-8555-555555555555',
  status: 'active',
  currency: 'USD',
  openingCash: '100000.00',
  cashBalance: '100000.00',
  reservedCash: '0.00',
  createdAt: '2026-11-23T12:00:00.000Z',
  closedAt: null,
};
const closed: Account = {
  ...active,
  id: '66666666-6666-4666-8666-666666666666',
  status: 'closed',
  cashBalance: '97698.90',
  createdAt: '2026-11-20T09:00:00.000Z',
  closedAt: '2026-11-23T12:00:00.000Z',
};

describe('trade history of closed accounts', () => {
  it('lets the user pick an account closed by a reset and read its orders, read-only', async () => {
    const old = buildOrder({ symbol: 'MSFT', quantity: '7', filledQuantity: '7', price: '410.00' });
    const calls = mockApi({
      ...signedInAs(buildCompleteUser()),
      'GET /api/trading/accounts': envelope([active, closed]),
      'GET /api/trades': ({ url }) =>
        url.searchParams.get('accountId') === closed.id ? orderList([old]) : orderList([]),
    });
    renderApp(<TradeHistory instruments={[buildInstrument()]} />);
    expect(await screen.findByText('No trades yet')).toBeInTheDocument();
    const picker = await screen.findByRole('combobox', { name: 'Account' });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Current account', expect.stringMatching(/^Closed Nov 23, \d/)]);

    await userEvent.selectOptions(picker, closed.id);
    expect(await screen.findByText('MSFT')).toBeInTheDocument();
    expect(screen.getByTestId('closed-account-note')).toHaveTextContent(
      /opened on Nov 20, .+ with \$100,000\.00; a reset closed it on Nov 23, .+ with \$97,698\.90 in cash\. Its history is read-only\./,
    );
    const asked = calls.filter((c) => c.key === 'GET /api/trades').at(-1)!;
    expect(asked.url.searchParams.get('accountId')).toBe(closed.id);
    // nothing to act on in a closed account's history
    const history = screen.getByRole('region', { name: 'Trade history' });
    expect(within(history).queryByRole('button', { name: /cancel|amend/i })).not.toBeInTheDocument();

    await userEvent.selectOptions(picker, '');
    await waitFor(() => expect(screen.queryByTestId('closed-account-note')).not.toBeInTheDocument());
    expect(await screen.findByText('No trades yet')).toBeInTheDocument();
  });

  it('shows no picker while the user has only the one account', async () => {
    mockApi({
      ...signedInAs(buildCompleteUser()),
      'GET /api/trading/accounts': envelope([active]),
      'GET /api/trades': orderList([buildOrder()]),
    });
    renderApp(<TradeHistory instruments={[buildInstrument()]} />);
    expect(await screen.findByText('AAPL')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Account' })).not.toBeInTheDocument();
  });

  it("shows an averaged fill with its tick's decimals: 4 for an equity, 5 for FX", async () => {
    mockApi({
      ...signedInAs(buildCompleteUser()),
      'GET /api/trading/accounts': envelope([active]),
      'GET /api/trades': orderList([
        buildOrder({ symbol: 'AAPL', filledQuantity: '3', price: '230.1144444444' }),
        buildOrder({
          id: '33333333-3333-4333-8333-333333333333',
          symbol: 'EURUSD',
          filledQuantity: '3',
          price: '1.0851234567',
        }),
      ]),
    });
    renderApp(
      <TradeHistory
        instruments={[buildInstrument(), buildInstrument({ symbol: 'EURUSD', class: 'fx', tickSize: '0.00001' })]}
      />,
    );
    expect(await screen.findByText('230.1144')).toBeInTheDocument();
    expect(screen.getByText('1.08512')).toBeInTheDocument();
  });

  it('writes each quantity with its unit: shares, lots and what they hold', async () => {
    mockApi({
      ...signedInAs(buildCompleteUser()),
      'GET /api/trading/accounts': envelope([active]),
      'GET /api/trades': orderList([
        buildOrder({ symbol: 'AAPL', quantity: '10', filledQuantity: '10' }),
        buildOrder({
          id: '33333333-3333-4333-8333-333333333333',
          symbol: 'COTTON',
          quantity: '1',
          filledQuantity: '1',
          price: '0.6437',
        }),
        buildOrder({
          id: '44444444-4444-4444-8444-444444444444',
          symbol: 'XAUUSD',
          status: 'pending',
          type: 'limit',
          quantity: '0.05',
          filledQuantity: '0',
          price: '2300.00',
          limitPrice: '2300.00',
        }),
      ]),
    });
    renderApp(
      <TradeHistory
        instruments={[
          buildInstrument(),
          buildLotInstrument('COTTON', '50000', 'lb'),
          buildLotInstrument('XAUUSD', '100', 'oz', { tickSize: '0.01' }),
        ]}
      />,
    );
    expect(await screen.findByText('10 shares')).toBeInTheDocument();
    expect(screen.getByText('1 lot').closest('td')).toHaveTextContent('1 lot (50,000 lb)');
    expect(screen.getByText('0.05 lots').closest('td')).toHaveTextContent('0.05 lots (5 oz)');
  });

  it("writes a trade's time in the user's zone, as the dashboard's recent trades do", async () => {
    mockApi({
      ...signedInAs(buildCompleteUser({ timezone: 'Asia/Tokyo' })),
      'GET /api/trading/accounts': envelope([active]),
      'GET /api/trades': orderList([buildOrder({ createdAt: '2026-11-23T20:30:00.000Z' })]),
    });
    renderApp(<TradeHistory instruments={[buildInstrument()]} />);
    // 20:30 UTC is the next morning in Tokyo
    expect(await screen.findByText('Nov 24, 2026, 5:30 AM')).toBeInTheDocument();
  });

  it("filters by the user's days: From and To are the user's midnights, not UTC's", async () => {
    const calls = mockApi({
      ...signedInAs(buildCompleteUser({ timezone: 'Asia/Tokyo' })),
      'GET /api/trading/accounts': envelope([active]),
      'GET /api/trades': orderList([buildOrder()]),
      'GET /api/trades/export.csv': { raw: { body: '\ufeffid,symbol\r\n', contentType: 'text/csv; charset=utf-8' } },
    });
    renderApp(<TradeHistory instruments={[buildInstrument()]} />);
    expect(await screen.findByText('AAPL')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('From'), '2026-11-23');
    await userEvent.type(screen.getByLabelText('To'), '2026-11-24');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.key === 'GET /api/trades')
          .at(-1)!
          .url.searchParams.get('startDate'),
      ).not.toBeNull(),
    );
    const asked = calls.filter((c) => c.key === 'GET /api/trades').at(-1)!.url.searchParams;
    // Tokyo is UTC+9: its Nov 23 begins at 15:00 UTC on Nov 22, its Nov 24 ends before 15:00 UTC on Nov 24
    expect(asked.get('startDate')).toBe('2026-11-22T15:00:00.000Z');
    expect(asked.get('endDate')).toBe('2026-11-24T14:59:59.999Z');

    // the CSV export carries the same filters, not the page
    const saved = captureDownloads();
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved.map((file) => file.name)).toEqual(['trades.csv']));
    const exported = calls.find((c) => c.key === 'GET /api/trades/export.csv')!.url.searchParams;
    expect(Object.fromEntries(exported)).toEqual({
      startDate: '2026-11-22T15:00:00.000Z',
      endDate: '2026-11-24T14:59:59.999Z',
    });
  });
});
