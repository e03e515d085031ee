import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AnalyticsResponse, Performance, Risk, Series } from '@tp/shared';
import {
  apiError,
  buildCompleteUser,
  envelope,
  mockApi,
  renderApp,
  signedInAs,
  expectNoneAskedAgain,
  withFirstReads,
} from '@/testing';
import AnalyticsPage from './analytics-page';
import { firstReads } from './reads';

const ada = buildCompleteUser({ name: 'Ada Lovelace' });

const series = (values: number[], start = 20): Series => ({
  available: true,
  note: null,
  points: values.map((value, i) => ({ date: `2026-11-${String(start + i).padStart(2, '0')}`, value })),
  total: values.reduce((a, b) => a + b, 0),
});

function buildAnalytics(overrides: Partial<AnalyticsResponse> = {}): AnalyticsResponse {
  return {
    start: '2026-11-20',
    end: '2026-11-23',
    timeZone: 'UTC',
    content: { uploads: series([1, 0, 2, 0]), views: series([3, 4, 0, 5]) },
    campaigns: {
      sends: { available: false, note: 'Campaign figures arrive with the campaign manager.', points: [], total: 0 },
      opens: series([0, 0, 0, 0]),
      clicks: series([0, 1, 0, 0]),
    },
    activity: { xp: series([5, 15, 7, 22]), trades: series([0, 2, 0, 1]) },
    trading: { performance: '/api/analytics/performance', risk: '/api/analytics/risk' },
    ...overrides,
  };
}

const performance: Performance = {
  start: '2026-11-20T00:00:00.000Z',
  end: '2026-11-23T12:00:00.000Z',
  equityCurve: [
    { time: '2026-11-20T00:00:00.000Z', equity: '100000.00' },
    { time: '2026-11-21T00:00:00.000Z', equity: '100900.00' },
    { time: '2026-11-23T00:00:00.000Z', equity: '101250.50' },
  ],
  returns: { today: -0.42, week: 1.1, month: 1.25, ytd: 1.25, all: 1.25 },
  realizedPnl: '1300.50',
  unrealizedPnl: '-50.00',
  fees: '3.20',
  closedTrades: 4,
  wins: 3,
  losses: 1,
  winRate: 75,
};

const risk: Risk = {
  asOf: '2026-11-23T12:00:00.000Z',
  observations: 3,
  volatilityPercent: 12.5,
  maxDrawdownPercent: -2.1,
  sharpeRatio: 1.234,
  valueAtRisk95: '812.40',
  valueAtRisk95Percent: 0.8,
  largestPosition: { symbol: 'AAPL', weightPercent: 41.26 },
};

/** The figure a card of `region` shows under `label`. */
function figure(region: HTMLElement, label: string) {
  const term = within(region).getByText(label, { selector: 'dt' });
  return term.nextElementSibling as HTMLElement;
}

/** Whether the element or one of its ancestors up to `stop` keeps its text on one line. */
function heldOnOneLine(element: Element | null, stop: Element): boolean {
  if (!element || element === stop.parentElement) return false;
  return element.classList.contains('whitespace-nowrap') || heldOnOneLine(element.parentElement, stop);
}

describe('analytics page: first reads', () => {
  it('opens on the reads asked for as its route matched, and asks for none of them again', async () => {
    const calls = mockApi({
      ...signedInAs(ada),
      'GET /api/me/analytics': { body: buildAnalytics() },
      'GET /api/analytics/performance': envelope(performance),
      'GET /api/analytics/risk': envelope(risk),
    });
    const { queryClient, firstReads: asked } = await withFirstReads(firstReads(), calls);
    expect(asked).toEqual(['/api/me/analytics', '/api/analytics/performance', '/api/analytics/risk']);
    renderApp(<AnalyticsPage />, { queryClient });
    const trading = await screen.findByRole('region', { name: 'Trading performance' });
    expect(figure(trading, 'Closed trades')).toHaveTextContent('4 (3 won)');
    expectNoneAskedAgain(calls, asked);
  });
});

describe('analytics page', () => {
  it('shows the trading performance, risk, content, campaign and activity figures the server answers', async () => {
    mockApi({
      ...signedInAs(ada),
      'GET /api/me/analytics': { body: buildAnalytics() },
      'GET /api/analytics/performance': envelope(performance),
      'GET /api/analytics/risk': envelope(risk),
    });
    renderApp(<AnalyticsPage />);

    const trading = await screen.findByRole('region', { name: 'Trading performance' });
    const chart = await within(trading).findByRole('figure', { name: 'Equity curve' });
    expect(chart).toHaveAccessibleDescription(
      'From $100,000.00 on Nov 20, 2026 to $101,250.50 on Nov 23, 2026, up $1,250.50; lowest $100,000.00, highest $101,250.50.',
    );
    expect(figure(trading, 'Today')).toHaveTextContent('-0.42 %');
    expect(figure(trading, 'Today').firstElementChild).toHaveClass('text-loss');
    expect(figure(trading, 'Month')).toHaveTextContent('+1.25 %');
    expect(figure(trading, 'Month').firstElementChild).toHaveClass('text-gain');
    expect(figure(trading, 'Realized P&L')).toHaveTextContent('+$1,300.50');
    expect(figure(trading, 'Unrealized P&L')).toHaveTextContent('-$50.00');
    // a gain reads green and a loss red, with its sign (docs/product/ui-layer.md#numbers)
    expect(within(figure(trading, 'Realized P&L')).getByText('+$1,300.50')).toHaveClass('text-gain');
    expect(within(figure(trading, 'Unrealized P&L')).getByText('-$50.00')).toHaveClass('text-loss');
    expect(figure(trading, 'Closed trades')).toHaveTextContent('4 (3 won)');
    // a rate and a cost: no sign that would read as a gain
    expect(figure(trading, 'Win rate')).toHaveTextContent(/^75\.00 %$/);
    expect(figure(trading, 'Fees')).toHaveTextContent(/^\$3\.20$/);

    const riskRegion = screen.getByRole('region', { name: 'Risk' });
    expect(await within(riskRegion).findByText('Volatility (annualised)')).toBeVisible();
    expect(figure(riskRegion, 'Maximum drawdown')).toHaveTextContent('-2.10 %');
    expect(figure(riskRegion, 'Sharpe ratio')).toHaveTextContent('1.23');
    // written as /trades writes them: a loss size without a sign, the weight with two decimals
    expect(figure(riskRegion, 'Value at risk (95 %, 1 day)')).toHaveTextContent(/^\$812\.40/);
    expect(figure(riskRegion, 'Largest position')).toHaveTextContent('AAPL 41.26 %');
    expect(figure(riskRegion, 'Observations')).toHaveTextContent('3');

    const content = screen.getByRole('region', { name: 'Content' });
    expect(await within(content).findByRole('img', { name: 'Uploads: 3 from 2026-11-20 to 2026-11-23' })).toBeVisible();
    expect(within(content).getByRole('img', { name: 'Views: 12 from 2026-11-20 to 2026-11-23' })).toBeVisible();
    // one bar per day, its figure in the bar's title
    expect(
      within(content)
        .getByRole('img', { name: /^Views/ })
        .querySelectorAll('rect'),
    ).toHaveLength(4);
    expect(within(content).getByText('2026-11-23: 5')).toBeInTheDocument();

    const campaigns = screen.getByRole('region', { name: 'Campaigns' });
    expect(within(campaigns).getByText('Campaign figures arrive with the campaign manager.')).toBeVisible();
    expect(within(campaigns).getByText('None in this period.')).toBeVisible(); // opens: all zeros
    expect(within(campaigns).getByRole('img', { name: 'Clicks: 1 from 2026-11-20 to 2026-11-23' })).toBeVisible();

    const activity = screen.getByRole('region', { name: 'Activity' });
    expect(within(activity).getByRole('img', { name: 'XP earned: 49 from 2026-11-20 to 2026-11-23' })).toBeVisible();
    expect(
      within(activity).getByRole('img', { name: 'Orders placed (not rejected): 3 from 2026-11-20 to 2026-11-23' }),
    ).toBeVisible();
  });

  // the chart and the bar charts arrive taller than skeleton lines: on a phone the regions below jumped
  it('keeps the height of the charts while they load, and lets go once they are there', async () => {
    let answer: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => (answer = resolve));
    mockApi({
      ...signedInAs(ada),
      'GET /api/me/analytics': async () => (await arrived, { body: buildAnalytics() }),
      'GET /api/analytics/performance': async () => (await arrived, envelope(performance)),
      'GET /api/analytics/risk': envelope(risk),
    });
    renderApp(<AnalyticsPage />);
    for (const name of ['Trading performance', 'Content', 'Campaigns']) {
      const region = await screen.findByRole('region', { name });
      expect(within(region).getByRole('status').parentElement!.className).toMatch(/\bmin-h-\[\d+px\]/);
    }
    answer();
    const content = await screen.findByRole('region', { name: 'Content' });
    await within(content).findByText('Uploads');
    expect(content.querySelector('[class*="min-h-["]')).toBeNull();
  });

  it('is honest for a new user: no curve, no risk figures, dashes where there is no history', async () => {
    const empty = series([0, 0, 0, 0]);
    mockApi({
      ...signedInAs(ada),
      'GET /api/me/analytics': {
        body: buildAnalytics({
          content: { uploads: empty, views: empty },
          campaigns: { sends: empty, opens: empty, clicks: empty },
          activity: { xp: series([5, 0, 0, 0]), trades: empty },
        }),
      },
      'GET /api/analytics/performance': envelope({
        ...performance,
        equityCurve: [{ time: '2026-11-23T00:00:00.000Z', equity: '100000.00' }],
        returns: { today: null, week: null, month: null, ytd: null, all: null },
        realizedPnl: '0.00',
        unrealizedPnl: '0.00',
        fees: '0.00',
        closedTrades: 0,
        wins: 0,
        losses: 0,
        winRate: null,
      }),
      'GET /api/analytics/risk': envelope({ ...risk, observations: 0, largestPosition: null }),
    });
    renderApp(<AnalyticsPage />);
    const trading = await screen.findByRole('region', { name: 'Trading performance' });
    expect(
      await within(trading).findByText(/The equity curve starts once your account has some history/),
    ).toBeVisible();
    expect(figure(trading, 'Today')).toHaveTextContent('—');
    expect(figure(trading, 'Win rate')).toHaveTextContent('—');
    expect(figure(trading, 'Realized P&L')).toHaveTextContent('$0.00');
    expect(await screen.findByText('Risk figures appear once you hold positions for a few days.')).toBeVisible();
    expect(within(screen.getByRole('region', { name: 'Content' })).getAllByText('None in this period.')).toHaveLength(
      2,
    );
  });

  it('says what failed in the region that failed, and retries it', async () => {
    let riskCalls = 0;
    mockApi({
      ...signedInAs(ada),
      'GET /api/me/analytics': { body: buildAnalytics() },
      'GET /api/analytics/performance': envelope(performance),
      'GET /api/analytics/risk': () => {
        riskCalls += 1;
        return riskCalls === 1 ? apiError(400, 'Risk is resting') : envelope(risk);
      },
    });
    renderApp(<AnalyticsPage />);
    const riskRegion = await screen.findByRole('region', { name: 'Risk' });
    expect(await within(riskRegion).findByText(/Risk is resting/)).toBeVisible();
    // the other regions are not held back
    expect(within(screen.getByRole('region', { name: 'Trading performance' })).getByText('Fees')).toBeVisible();
    await userEvent.click(within(riskRegion).getByRole('button', { name: 'Retry' }));
    expect(await within(riskRegion).findByText('Volatility (annualised)')).toBeVisible();
  });

  it('lets "Largest position" wrap between the symbol and its weight, and its tile give way, never cut', async () => {
    mockApi({
      ...signedInAs(ada),
      'GET /api/me/analytics': { body: buildAnalytics() },
      'GET /api/analytics/performance': envelope(performance),
      // a long figure and a long symbol in narrow tiles
      'GET /api/analytics/risk': envelope({
        ...risk,
        valueAtRisk95: '1234567.89',
        largestPosition: { symbol: 'EURUSD', weightPercent: 100 },
      }),
    });
    renderApp(<AnalyticsPage />);
    const region = await screen.findByRole('region', { name: 'Risk' });
    const term = await within(region).findByText('Largest position', { selector: 'dt' });
    const value = term.nextElementSibling as HTMLElement;
    expect(value).toHaveTextContent('EURUSD 100.00 %');

    // the symbol and the weight are each whole, and the line may break between them
    const symbol = within(value).getByText('EURUSD');
    const weight = within(value).getByText('100.00 %');
    expect(heldOnOneLine(symbol, value) && heldOnOneLine(weight, value)).toBe(true);
    expect(symbol.contains(weight) || weight.contains(symbol)).toBe(false);
    let shared = symbol.parentElement;
    while (shared && !shared.contains(weight)) shared = shared.parentElement;
    expect(heldOnOneLine(shared, value)).toBe(false);

    // the tile may be narrower than its figure's longest word, which then breaks rather than overflows
    for (const label of ['Largest position', 'Value at risk (95 %, 1 day)']) {
      const dd = within(region).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;
      expect(dd.parentElement).toHaveClass('min-w-0');
      expect(dd).toHaveClass('break-words');
    }
  });
});
