import { describe, expect, it } from 'vitest';
import { performanceSchema, riskSchema } from '@tp/shared';
import type { PositionBook } from './accounting';
import {
  annualisedVolatility,
  dailyTimes,
  equityCurve,
  largestPosition,
  maxDrawdown,
  periodStarts,
  sampleTimes,
  sharpeRatio,
  timeWeightedReturn,
  valueAtRisk95,
  winRate,
  type History,
} from './performance';
import { performanceReport, riskReport } from './performance-report';
import { amount, ZERO } from './money';

/**
 * The worked example of docs/trading.md: 1,000 USD opens the account and buys 10 X at 100; X rises
 * to 110 (+10 %); 1,100 USD is paid in; X rises to 121 (the account +5 % on 2,200). Time-weighted:
 * 1.10 × 1.05 − 1 = 15.5 %, whatever the deposit did to the money-weighted figure.
 */
const T0 = Date.parse('2026-03-02T10:00:00Z'); // a Monday
const HOUR = 3_600_000;
const example: History = {
  cash: [
    { at: T0, kind: 'opening', amount: amount('1000') },
    { at: T0, kind: 'fill', amount: amount('-1000') },
    { at: T0 + 48 * HOUR, kind: 'deposit', amount: amount('1100') },
  ],
  holdings: [{ at: T0, symbol: 'X', quantity: amount(10) }],
  lotSize: () => amount(1),
  priceAt: (_symbol, at) => amount(at < T0 + 24 * HOUR ? 100 : at < T0 + 72 * HOUR ? 110 : 121),
};
const NOW = T0 + 96 * HOUR;

describe('equity and time-weighted return', () => {
  it('values cash plus holdings at each instant, and notes money paid in', () => {
    const points = equityCurve(example, [T0 - 1, T0, T0 + 30 * HOUR, T0 + 50 * HOUR, NOW]);
    expect(points.map((p) => [p.equity.toFixed(), p.flow.toFixed()])).toEqual([
      ['0', '0'],
      ['1000', '1000'],
      ['1100', '0'],
      ['2200', '1100'],
      ['2310', '0'],
    ]);
  });

  it('chains sub-period returns around deposits', () => {
    expect(timeWeightedReturn(example, T0 - 1, NOW)).toBeCloseTo(0.155, 12);
    expect(timeWeightedReturn(example, T0 + 60 * HOUR, NOW)).toBeCloseTo(2310 / 2200 - 1, 12);
    expect(timeWeightedReturn(example, T0 - 10, T0 - 1)).toBeNull();
  });

  it('starts today, the week, the month and the year on the UTC calendar', () => {
    expect(periodStarts(Date.parse('2026-03-15T23:59:00Z'))).toEqual({
      today: Date.parse('2026-03-15T00:00:00Z'),
      week: Date.parse('2026-03-09T00:00:00Z'),
      month: Date.parse('2026-03-01T00:00:00Z'),
      ytd: Date.parse('2026-01-01T00:00:00Z'),
    });
    expect(periodStarts(Date.parse('2026-03-09T08:00:00Z')).week).toBe(Date.parse('2026-03-09T00:00:00Z'));
  });

  it('samples daily from the opening, and a chart at the finest step that fits', () => {
    expect(dailyTimes(T0, T0 + 40 * HOUR)).toEqual([T0, T0 + 14 * HOUR, T0 + 38 * HOUR, T0 + 40 * HOUR]);
    const chart = sampleTimes(T0, T0 + 10 * HOUR, 100);
    expect(chart[1]! - chart[0]!).toBe(900_000);
    expect(chart).toHaveLength(41);
    expect(sampleTimes(T0, T0 + 400 * 86_400_000, 1_000)).toHaveLength(401 + 1);
  });
});

describe('risk figures', () => {
  const daily = [0.01, -0.02, 0.03];

  it('annualises the sample deviation of daily returns by √365', () => {
    // mean 0.00667; deviations² sum to 0.0012667; / 2 → 0.00063333; √ → 0.025166
    expect(annualisedVolatility(daily)).toBeCloseTo(0.025166 * Math.sqrt(365), 5);
    expect(annualisedVolatility([0.01])).toBeNull();
  });

  it('divides the mean daily excess return by its deviation, ×√365', () => {
    expect(sharpeRatio(daily)).toBeCloseTo((0.0066667 / 0.0251661) * Math.sqrt(365), 3);
    expect(sharpeRatio(daily, 0.0365)).toBeCloseTo(((0.0066667 - 0.0001) / 0.0251661) * Math.sqrt(365), 3);
    expect(sharpeRatio([0.01, 0.01])).toBeNull();
  });

  it('measures the largest fall from a peak of the wealth index', () => {
    // wealth 1.1, 0.88, 0.924, 0.8316, 1.081: the worst is 0.8316 against the 1.1 peak
    expect(maxDrawdown([0.1, -0.2, 0.05, -0.1, 0.3])).toBeCloseTo(1 - 0.8316 / 1.1, 12);
    expect(maxDrawdown([0.01, 0.02])).toBe(0);
  });

  it('takes the 95 % one-day value at risk from the covariance of the holdings', () => {
    expect(valueAtRisk95([{ symbol: 'A', value: 10_000 }], new Map([['A', [0.01, -0.01, 0.01, -0.01]]]))).toBeCloseTo(
      1.6448536 * 10_000 * Math.sqrt(0.0004 / 3),
      4,
    );
    // var A = var B = 0.001/3, cov = 0.0008/3: vᵀΣv = 333.33 + 1333.33 + 1066.67 = 2733.33
    const returns = new Map([
      ['A', [0.01, -0.01, 0.02, -0.02]],
      ['B', [0.02, -0.02, 0.01, -0.01]],
    ]);
    const exposures = [
      { symbol: 'A', value: 1_000 },
      { symbol: 'B', value: 2_000 },
    ];
    expect(valueAtRisk95(exposures, returns)).toBeCloseTo(1.6448536 * Math.sqrt(2733.3333), 3);
    expect(valueAtRisk95([], returns)).toBe(0);
  });

  it('names the largest position and its weight; counts wins among sales', () => {
    expect(
      largestPosition(
        [
          { symbol: 'A', value: 300 },
          { symbol: 'B', value: 700 },
        ],
        2_000,
      ),
    ).toEqual({ symbol: 'B', weight: 0.35 });
    expect(largestPosition([], 2_000)).toBeNull();
    expect(winRate(['10', '-5', '0', '3'].map(amount))).toEqual({ closed: 4, wins: 2, losses: 1, rate: 0.5 });
    expect(winRate([]).rate).toBeNull();
  });
});

describe('the performance and risk answers', () => {
  const book: PositionBook = { quantity: amount(10), costBasis: amount('1000.00'), realizedPnl: amount('12.34') };
  const account = {
    ...example,
    cash: [...example.cash, { at: T0 + 49 * HOUR, kind: 'commission' as const, amount: amount('-1.50') }],
    opened: T0,
    books: [{ symbol: 'X', book }],
    realizedBySale: [amount('12.34')],
  };

  it('reports returns per period, P&L, fees and the win rate in the contract’s shape', () => {
    const report = performanceSchema.parse(performanceReport(account, NOW));
    expect(report.returns.all).toBeCloseTo(((1.1 * 2308.5) / 2200 - 1) * 100, 2);
    expect(report.returns.today).toBe(0);
    expect(report).toMatchObject({
      realizedPnl: '12.34',
      unrealizedPnl: '210.00',
      fees: '1.50',
      closedTrades: 1,
      wins: 1,
      winRate: 100,
    });
    expect(report.equityCurve[0]).toEqual({ time: new Date(T0).toISOString(), equity: '1000.00' });
    expect(report.equityCurve.at(-1)).toEqual({ time: new Date(NOW).toISOString(), equity: '2308.50' });
  });

  it('reports risk in the contract’s shape', () => {
    const report = riskSchema.parse(riskReport(account, NOW, new Map([['X', [0.01, -0.01, 0.01, -0.01]]])));
    // daily points: the opening, four midnights, now; the commission dents the day of the deposit
    expect(report.observations).toBe(5);
    expect(report.largestPosition).toEqual({ symbol: 'X', weightPercent: Math.round((1210 / 2308.5) * 10_000) / 100 });
    expect(Number(report.valueAtRisk95)).toBeCloseTo(1.6448536 * 1210 * Math.sqrt(0.0004 / 3), 2);
    expect(report.maxDrawdownPercent).toBe(Math.round((1 - 2198.5 / 2200) * 10_000) / 100);
    const empty = riskReport(
      { ...account, books: [{ symbol: 'X', book: { ...book, quantity: ZERO } }] },
      NOW,
      new Map(),
    );
    expect(empty).toMatchObject({ valueAtRisk95: '0.00', largestPosition: null });
  });
});
