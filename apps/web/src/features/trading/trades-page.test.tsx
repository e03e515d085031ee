import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_TRADING_PREFERENCES } from '@tp/shared';
import {
  apiError,
  buildCompleteUser,
  buildInstrument,
  buildPortfolio,
  buildQuote,
  envelope,
  mockApi,
  mockSocket,
  renderApp,
  signedInAs,
} from '@/testing';
import TradesPage from './trades-page';

// counts the renders of a panel that shows no quotes
const renders = vi.hoisted(() => ({ portfolio: 0 }));
vi.mock('./components/portfolio-panel', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./components/portfolio-panel')>();
  return {
    ...actual,
    PortfolioPanel: (props: Parameters<typeof actual.PortfolioPanel>[0]) => {
      renders.portfolio += 1;
      return actual.PortfolioPanel(props);
    },
  };
});

// the chart draws on animation frames with a canvas jsdom does not have; this file counts renders
vi.mock('./components/price-chart', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./components/price-chart')>()),
  PriceChart: () => <div data-testid="price-chart" />,
}));

describe('trades page', () => {
  // quotes arrive ten times a second per symbol: re-rendering every table with each one saturated a phone
  it('renders the live panels, not the positions, when a quote arrives', async () => {
    const sockets = mockSocket({ refuse: false });
    mockApi({
      ...signedInAs(buildCompleteUser()),
      'GET /api/market/instruments': envelope([buildInstrument()]),
      'GET /api/preferences/trading': envelope({ ...DEFAULT_TRADING_PREFERENCES, favoriteInstruments: ['AAPL'] }),
      'GET /api/portfolio': envelope(buildPortfolio()),
      'GET /api/market/data': envelope([buildQuote()]),
      // the panels that count nothing here show their error state
      ...Object.fromEntries(
        [
          'GET /api/market/historical/AAPL',
          'GET /api/trades',
          'GET /api/trading/accounts',
          'GET /api/analytics/performance',
          'GET /api/analytics/risk',
        ].map((key) => [key, apiError(503, 'Not in this test')]),
      ),
    });
    renderApp(<TradesPage />);
    await vi.waitFor(() => expect(sockets.opened).toHaveLength(1));
    const socket = sockets.opened[0]!;
    socket.push({ type: 'subscribed', symbols: ['AAPL'] });
    expect(await screen.findByText('Live')).toBeInTheDocument();
    await screen.findByText('Total value');

    const before = renders.portfolio;
    for (const [i, price] of ['231.11', '231.22', '231.33'].entries()) {
      socket.push({ type: 'quote', ...buildQuote({ price, timestamp: `2026-11-23T13:00:0${i + 1}.000Z` }) });
      await vi.waitFor(() => expect(screen.getByTestId('price-AAPL')).toHaveTextContent(price));
    }
    expect(renders.portfolio).toBe(before);
  });
});
