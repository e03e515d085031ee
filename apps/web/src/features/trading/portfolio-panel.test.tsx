import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  apiError,
  buildCompleteUser,
  buildInstrument,
  buildLotInstrument,
  buildPortfolio,
  buildPosition,
  envelope,
  mockApi,
  renderApp,
  signedInAs,
} from '@/testing';
import { usePortfolio } from './api/get-portfolio';
import { buyingPowerOf, PortfolioPanel } from './components/portfolio-panel';

const INSTRUMENTS = [
  buildInstrument({ symbol: 'MSFT', name: 'Microsoft Corporation' }),
  buildLotInstrument('EURUSD', '100000', 'EUR', { tickSize: '0.00001' }),
];

function Portfolio() {
  return <PortfolioPanel portfolio={usePortfolio()} instruments={INSTRUMENTS} />;
}

/** The figure of a summary row by its label. */
const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;

afterEach(() => vi.useRealTimers());

describe('portfolio panel', () => {
  // the panels are the trading page's sections, right under its h1: an h3 there skips a level
  it('names its region with a second-level heading', async () => {
    mockApi({ ...signedInAs(buildCompleteUser()), 'GET /api/portfolio': envelope(buildPortfolio()) });
    renderApp(<Portfolio />);
    const heading = await screen.findByRole('heading', { name: 'Portfolio' });
    expect(heading.tagName).toBe('H2');
    expect(screen.getByRole('region', { name: 'Portfolio' })).toContainElement(heading);
  });
});

describe('portfolio numbers', () => {
  it("formats the server's exact decimals, with sign and colour on every change", async () => {
    mockApi({
      ...signedInAs(buildCompleteUser()),
      'GET /api/portfolio': envelope(
        buildPortfolio({
          totalValue: '100123.45',
          cashBalance: '90000.10',
          reservedCash: '1234.56',
          dayChange: '-12.30',
          dayChangePercent: -0.01,
          unrealizedPnl: '135.79',
          realizedPnl: '0.00',
          positions: [
            buildPosition({
              symbol: 'MSFT',
              quantity: '25',
              avgCost: '400.0044',
              marketPrice: '405.43',
              marketValue: '10135.75',
              unrealizedPnl: '135.64',
              unrealizedPnlPercent: 1.36,
              realizedPnl: '-20.05',
              dayChange: '0.00',
            }),
            buildPosition({
              id: '55555555-5555-4555-8555-555555555555',
              symbol: 'EURUSD',
              quantity: '0.25',
              avgCost: '1.08500',
              marketPrice: '1.08506',
              marketValue: '27126.50',
              unrealizedPnl: '0.15',
              unrealizedPnlPercent: 0.01,
            }),
          ],
        }),
      ),
    });
    renderApp(<Portfolio />);
    await screen.findByText('Total value');

    expect(figure('Total value')).toHaveTextContent('$100,123.45');
    expect(figure('Cash')).toHaveTextContent('$90,000.10');
    // buying power = cash − what pending orders hold, to the cent
    expect(figure('Buying power')).toHaveTextContent('$88,765.54');
    expect(figure('Day change')).toHaveTextContent('▼-$12.30 (-0.01 %)');
    expect(figure('Day change').querySelector('.text-loss')).not.toBeNull();
    expect(figure('Unrealized P&L')).toHaveTextContent('▲+$135.79');
    expect(figure('Unrealized P&L').querySelector('.text-gain')).not.toBeNull();
    expect(figure('Realized P&L')).toHaveTextContent('$0.00');
    expect(figure('Realized P&L').querySelector('.text-muted')).not.toBeNull();

    const msft = within(screen.getByTestId('position-MSFT'));
    // each quantity with its unit: shares, or lots and what they hold
    expect(msft.getByText('25 shares')).toBeInTheDocument();
    expect(msft.getByText('400.0044')).toBeInTheDocument();
    expect(msft.getByText('405.43')).toBeInTheDocument();
    // each cell names its column, for the phone layout where every row is a card of labelled lines
    expect(msft.getByText('$10,135.75')).toHaveAttribute('data-label', 'Market value');
    const unrealized = msft.getByText('(+1.36 %)').closest('td');
    expect(unrealized).toHaveTextContent('+$135.64 (+1.36 %)');
    expect(unrealized).toHaveAttribute('data-label', 'Unrealized P&L');
    expect(unrealized?.querySelector('.text-gain')).not.toBeNull();
    expect(msft.getByText('-$20.05').closest('.text-loss')).not.toBeNull();
    const eur = within(screen.getByTestId('position-EURUSD'));
    expect(eur.getByText('0.25 lots').closest('td')).toHaveTextContent('0.25 lots (25,000 EUR)');
    expect(eur.getByText('1.08506')).toBeInTheDocument();
    expect(eur.getByText('$27,126.50')).toBeInTheDocument();
  });

  it("shows an average cost cut to its tick's decimals, at least 4: FX 5 (docs/product/ui-layer.md#numbers)", async () => {
    mockApi({
      ...signedInAs(buildCompleteUser()),
      'GET /api/portfolio': envelope(
        buildPortfolio({
          positions: [
            // averages of fills carry up to 10 decimals (fees included)
            buildPosition({ symbol: 'MSFT', avgCost: '400.0044444444', marketPrice: '405.43' }),
            buildPosition({
              id: '55555555-5555-4555-8555-555555555555',
              symbol: 'EURUSD',
              avgCost: '1.0851234567',
              marketPrice: '1.08506',
            }),
          ],
        }),
      ),
    });
    renderApp(<Portfolio />);
    const msft = within(await screen.findByTestId('position-MSFT'));
    expect(msft.getByText('400.0044')).toHaveAttribute('data-label', 'Avg cost');
    const eur = within(screen.getByTestId('position-EURUSD'));
    expect(eur.getByText('1.08512')).toHaveAttribute('data-label', 'Avg cost');
  });

  it('says what to do when nothing is held, and retries after an error', async () => {
    let answer = apiError(429, 'Too many requests, please try again later.', { code: 'RATE_LIMITED' });
    mockApi({ ...signedInAs(buildCompleteUser()), 'GET /api/portfolio': () => answer });
    renderApp(<Portfolio />);
    expect(await screen.findByText('Error: Too many requests, please try again later.')).toBeInTheDocument();
    answer = envelope(buildPortfolio());
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No open positions')).toBeInTheDocument();
    expect(screen.getByText(/You have \$100,000\.00 of paper money/)).toBeInTheDocument();
  });

  it('retries a failing load in one series: 4 requests, "Error" with Retry after 2 + 4 + 8 s', async () => {
    vi.useFakeTimers();
    const calls = mockApi({
      ...signedInAs(buildCompleteUser()),
      'GET /api/portfolio': apiError(500, 'Simulated outage', { code: 'INTERNAL' }),
    });
    renderApp(<Portfolio />);
    const asked = () => calls.filter((c) => c.key === 'GET /api/portfolio').length;
    const atSecond = async (seconds: number) => {
      await act(() => vi.advanceTimersByTimeAsync(seconds * 1000 - Date.now() + start));
      return asked();
    };
    const start = Date.now();
    // the API client does not retry inside the query's retries: one request at 0, 2, 6 and 14 s
    expect(await atSecond(0.1)).toBe(1);
    expect(await atSecond(1.9)).toBe(1);
    expect(await atSecond(2.1)).toBe(2);
    expect(await atSecond(5.9)).toBe(2);
    expect(await atSecond(6.1)).toBe(3);
    expect(screen.queryByText(/Error:/)).not.toBeInTheDocument();
    expect(await atSecond(13.9)).toBe(3);
    expect(await atSecond(14.1)).toBe(4);
    await act(() => vi.advanceTimersToNextTimerAsync()); // TanStack tells its readers in a task of its own
    expect(screen.getByText('Error: Simulated outage')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(asked()).toBe(4);
  });

  it('sets a stop-loss, showing the per-position refusal under its field', async () => {
    let result: object = {
      index: 0,
      success: false,
      error: 'Invalid request: stopLoss: stopLoss must be below the current price (231.00)',
      code: 'VALIDATION_FAILED',
      details: [{ field: 'stopLoss', message: 'stopLoss must be below the current price (231.00)' }],
    };
    const calls = mockApi({
      ...signedInAs(buildCompleteUser()),
      'GET /api/portfolio': envelope(buildPortfolio({ positions: [buildPosition()] })),
      'POST /api/portfolio/positions/batch': () => envelope({ results: [result] }),
    });
    renderApp(<Portfolio />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit stop-loss and take-profit for AAPL' }));
    const dialog = await screen.findByRole('dialog', { name: 'Protect AAPL' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Stop-loss' }), '240');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save levels' }));
    expect(await within(dialog).findByText('Stop-loss must be below the current price (231.00)')).toBeInTheDocument();

    result = { index: 0, success: true, position: buildPosition({ stopLoss: '220.00' }) };
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Stop-loss' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Stop-loss' }), '220');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save levels' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const sent = calls.filter((c) => c.key === 'POST /api/portfolio/positions/batch').at(-1)!;
    expect(sent.body).toEqual({ updates: [{ positionId: buildPosition().id, stopLoss: '220', takeProfit: null }] });
  });

  it('subtracts held cash exactly, whatever the size', () => {
    expect(buyingPowerOf({ cashBalance: '100000.00', reservedCash: '0.00' })).toBe('100000.00');
    expect(buyingPowerOf({ cashBalance: '0.10', reservedCash: '0.07' })).toBe('0.03');
    expect(buyingPowerOf({ cashBalance: '99999999999.99', reservedCash: '0.01' })).toBe('99999999999.98');
    expect(buyingPowerOf({ cashBalance: '5', reservedCash: '5.5' })).toBe('-0.50');
  });
});
