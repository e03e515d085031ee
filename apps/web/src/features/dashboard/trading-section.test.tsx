import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '@tp/shared';
import {
  apiError,
  buildCompleteUser,
  buildInstrument,
  buildPortfolio,
  buildPublicConfig,
  buildQuote,
  buildOrder,
  envelope,
  orderList,
  mockApi,
  mockSocket,
  networkFailure,
  renderApp,
  signedInAs,
  type ApiRoute,
  type MockedSockets,
} from '@/testing';
import { paths } from '@/lib/paths';
import { FALLBACK_PRICE, quickTradePrice } from './api/quick-trade';
import { TradingSection } from './components/trading-section';

const ada = buildCompleteUser({ name: 'Ada Lovelace' });
const config = (services: boolean) => ({
  body: buildPublicConfig({ features: { ...buildPublicConfig().features, services } }),
});
const quotes = envelope([
  buildQuote(),
  buildQuote({ symbol: 'GOOGL', price: '175.20', changePercent: -0.8 }),
  buildQuote({ symbol: 'MSFT', price: '420.00' }),
  buildQuote({ symbol: 'TSLA', price: '250.00' }),
  buildQuote({ symbol: 'AMZN', price: '190.00' }),
]);

function api(routes: Record<string, ApiRoute> = {}) {
  return mockApi({
    ...signedInAs(ada),
    'GET /api/config': config(true),
    'GET /api/market/data': quotes,
    'GET /api/portfolio': envelope(buildPortfolio()),
    'GET /api/trades': orderList([]),
    'GET /api/market/instruments': envelope(
      ['AAPL', 'GOOGL', 'MSFT', 'TSLA', 'AMZN'].map((symbol) => buildInstrument({ symbol })),
    ),
    ...routes,
  });
}

// /ws/market cannot be reached: every connection is refused
let sockets: MockedSockets;
beforeEach(() => {
  sockets = mockSocket();
});

const render = () => renderApp(<TradingSection timeZone="UTC" />, { path: paths.dashboard });

describe('quick trade price', () => {
  it('takes the live quote, else the market data, else 100', () => {
    const live = buildQuote({ price: '231.00' });
    const polled = buildQuote({ price: '229.00' });
    expect(quickTradePrice(live, polled)).toEqual({ price: '231.00', source: 'live' });
    expect(quickTradePrice(undefined, polled)).toEqual({ price: '229.00', source: 'market data' });
    expect(quickTradePrice(undefined, undefined)).toEqual({ price: FALLBACK_PRICE, source: 'fallback' });
    expect(FALLBACK_PRICE).toBe('100');
  });
});

describe('dashboard trading section', () => {
  it('shows the notice, and calls nothing, while enhanced services are off', async () => {
    const calls = api({ 'GET /api/config': config(false) });
    render();
    expect(await screen.findByText(/Enhanced trading features are disabled/)).toBeInTheDocument();
    expect(calls.some((c) => c.path.startsWith('/api/trades') || c.path.startsWith('/api/portfolio'))).toBe(false);
    expect(sockets.opened).toHaveLength(0);
  });

  it('marks the feed Offline and shows the polled quotes, the portfolio and "No trades found"', async () => {
    const calls = api();
    render();
    const feed = await screen.findByRole('region', { name: 'Live feed' });
    expect(await within(feed).findByText('Offline')).toBeInTheDocument();
    await waitFor(() => expect(within(feed).getByTestId('feed-price-GOOGL')).toHaveTextContent('175.20'));
    expect(within(feed).getByText('-0.80 %')).toHaveClass('text-loss');
    expect(sockets.opened.length).toBeGreaterThanOrEqual(1);
    const poll = calls.find((c) => c.key === 'GET /api/market/data')!;
    expect(poll.url.searchParams.get('symbols')).toBe('AAPL,GOOGL,MSFT,TSLA,AMZN');
    expect(await screen.findByText('No trades found')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'GET /api/trades')!.url.searchParams.get('limit')).toBe('10');
    const portfolio = screen.getByRole('region', { name: 'Portfolio' });
    expect(await within(portfolio).findAllByText('$100,000.00')).toHaveLength(2);
  });

  it('shows 5 of the 10 trades fetched', async () => {
    const trades = Array.from({ length: 10 }, (_, i) =>
      buildOrder({ id: `00000000-0000-4000-8000-00000000000${i}`, quantity: String(i + 1) }),
    );
    api({ 'GET /api/trades': orderList(trades, 42) });
    render();
    await waitFor(() => expect(screen.getAllByTestId('recent-trade')).toHaveLength(5));
  });

  it('says a limit that never filled is a limit, not a trade at that price', async () => {
    const common = { type: 'limit' as const, price: '100.00', limitPrice: '100.00', avgFillPrice: null };
    const cancelled = buildOrder({ ...common, status: 'cancelled', filledQuantity: '0' });
    const filled = buildOrder({ id: '44444444-4444-4444-8444-444444444444', ...common, avgFillPrice: '100.00' });
    api({ 'GET /api/trades': orderList([cancelled, filled]) });
    render();
    const [first, second] = await screen.findAllByTestId('recent-trade');
    expect(within(first!).getAllByRole('cell')[1]).toHaveTextContent(/^Limit\s*\$100\.00$/);
    expect(within(second!).getAllByRole('cell')[1]).toHaveTextContent(/^\$100\.00$/);
  });

  it('BUY 10 shows a pending row at once, replaces it with the server answer and reads the list again 1 s later', async () => {
    let answer!: (trade: Order) => void;
    // an averaged fill of five decimals is shown at an equity's four
    const filled = buildOrder({
      id: '33333333-3333-4333-8333-333333333333',
      symbol: 'GOOGL',
      price: '175.22',
      avgFillPrice: '175.21875',
    });
    const calls = api({
      'POST /api/trades': () =>
        new Promise((resolve) => {
          answer = (trade) => resolve({ status: 201, ...envelope(trade) });
        }),
    });
    render();
    await waitFor(() => expect(screen.getByTestId('feed-price-GOOGL')).toHaveTextContent('175.20'));
    await screen.findByText('No trades found');
    const listReads = () => calls.filter((c) => c.key === 'GET /api/trades').length;
    const readsBefore = listReads();

    await userEvent.click(screen.getByRole('button', { name: 'Buy 10 GOOGL' }));
    const pending = await screen.findByTestId('recent-trade');
    expect(pending).toHaveAttribute('data-status', 'pending');
    expect(pending).toHaveTextContent('GOOGL');
    expect(pending).toHaveTextContent('Pending (sending)');
    const post = calls.find((c) => c.key === 'POST /api/trades')!;
    // no live quote (the socket is refused): the market data call's price, as the spec sends it
    expect(post.body).toEqual({ symbol: 'GOOGL', side: 'buy', quantity: 10, price: '175.20', type: 'market' });
    expect(post.headers['idempotency-key']).toBeTruthy();

    answer(filled);
    await waitFor(() => expect(screen.getByTestId('recent-trade')).toHaveAttribute('data-status', 'filled'));
    expect(screen.getByText('Bought 10 shares of GOOGL at 175.2188')).toBeInTheDocument();
    // the recent trades write the unit too
    expect(screen.getByTestId('recent-trade')).toHaveTextContent('10 shares');
    // not at once: the list is read again a second after the answer
    expect(listReads()).toBe(readsBefore);
    await waitFor(() => expect(listReads()).toBeGreaterThan(readsBefore), { timeout: 3_000 });
  });

  it('sends 100 when there is no quote at all, and says in place when the order fails', async () => {
    const calls = api({
      'GET /api/market/data': apiError(400, 'At most 50 symbols per request'),
      'POST /api/trades': apiError(422, 'Trading is paused'),
    });
    render();
    const feed = await screen.findByRole('region', { name: 'Live feed' });
    expect(await within(feed).findByText(/Error: At most 50 symbols per request/)).toBeInTheDocument();
    await screen.findByText('No trades found');
    await userEvent.click(screen.getByRole('button', { name: 'Sell 10 TSLA' }));
    const failure = await within(feed).findByText('Failed to execute trade');
    expect(failure.closest('[role="alert"]')).toHaveTextContent('Error: Trading is paused');
    expect(calls.find((c) => c.key === 'POST /api/trades')!.body).toMatchObject({ side: 'sell', price: '100' });
    // the optimistic row is cleared again
    expect(screen.getByText('No trades found')).toBeInTheDocument();
  });

  it('shows each section\'s load error in place, and "Failed to cancel trade" when a cancel is refused', async () => {
    const resting = buildOrder({ status: 'pending', type: 'limit', price: '200.00', filledQuantity: '0' });
    api({
      'GET /api/portfolio': apiError(403, 'You do not have permission to perform this action.'),
      'GET /api/trades': orderList([resting]),
      [`PATCH /api/trades/${resting.id}/cancel`]: apiError(409, 'Only a pending order can be changed or cancelled'),
    });
    render();
    const portfolio = await screen.findByRole('region', { name: 'Portfolio' });
    expect(
      await within(portfolio).findByText(/Error: You do not have permission to perform this action\./),
    ).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel the buy order of 10 AAPL' }));
    const failure = await screen.findByText('Failed to cancel trade');
    expect(failure.closest('[role="alert"]')).toHaveTextContent('Only a pending order can be changed or cancelled');

    // no answer at all: the title says it, once (not "Error: Failed to cancel trade" under it)
    api({
      'GET /api/portfolio': apiError(403, 'You do not have permission to perform this action.'),
      'GET /api/trades': orderList([resting]),
      [`PATCH /api/trades/${resting.id}/cancel`]: networkFailure,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Cancel the buy order of 10 AAPL' }));
    await waitFor(() => expect(screen.queryByText(/Only a pending order/)).toBeNull());
    const unreached = await screen.findByText('Failed to cancel trade');
    expect(unreached.closest('[role="alert"]')).toHaveTextContent(/^Failed to cancel trade$/);
  });
});
