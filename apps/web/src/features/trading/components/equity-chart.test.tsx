import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Performance } from '@tp/shared';
import { buildCompleteUser, mockApi, renderApp, signedInAs } from '@/testing';
import { EquityChart, timeTicks, valueTicks } from './equity-chart';

const curve: Performance['equityCurve'] = [
  { time: '2026-11-20T00:00:00.000Z', equity: '100000.00' },
  { time: '2026-11-21T00:00:00.000Z', equity: '100900.00' },
  { time: '2026-11-23T00:00:00.000Z', equity: '99750.25' },
];

describe('equity chart axes', () => {
  it('puts round values around the curve, in steps of 1, 2 or 5', () => {
    expect(valueTicks(100_000, 101_250.5)).toEqual([100_000, 100_500, 101_000, 101_500]);
    expect(valueTicks(99_750.25, 100_900)).toEqual([99_500, 100_000, 100_500, 101_000]);
    // a flat curve gets a band around its value rather than an axis of one value
    expect(valueTicks(100_000, 100_000)).toEqual([99_900, 99_950, 100_000, 100_050, 100_100]);
  });

  it('writes days in the given zone, and times of day over a short span', () => {
    const start = Date.parse('2026-11-20T00:00:00.000Z');
    const end = Date.parse('2026-11-23T00:00:00.000Z');
    expect(timeTicks(start, end, 'UTC').map((t) => t.label)).toEqual(['Nov 20', 'Nov 21', 'Nov 22', 'Nov 23']);
    // midnight in London is the evening before in New York
    expect(timeTicks(start, end, 'America/New_York').map((t) => t.label)).toEqual([
      'Nov 19',
      'Nov 20',
      'Nov 21',
      'Nov 22',
    ]);
    const hours = timeTicks(start, start + 6 * 3_600_000, 'Asia/Tokyo');
    expect(hours.map((t) => t.label)).toEqual(['9:00 AM', '11:00 AM', '1:00 PM', '3:00 PM']);
    // labels that would read the same are left out, and the last point keeps its own
    const twoDays = timeTicks(start, start + 2.5 * 86_400_000, 'UTC');
    expect(twoDays.map((t) => t.label)).toEqual(['Nov 20', 'Nov 21', 'Nov 22']);
    expect(twoDays.at(-1)!.at).toBe(start + 2.5 * 86_400_000);
  });

  it('draws the money axis and the date axis in the user’s zone, and describes the curve', async () => {
    mockApi(signedInAs(buildCompleteUser({ timezone: 'America/New_York' })));
    renderApp(<EquityChart curve={curve} />);

    const chart = await screen.findByRole('figure', { name: 'Equity curve' });
    expect(chart).toHaveAccessibleDescription(
      'From $100,000.00 on Nov 19, 2026 to $99,750.25 on Nov 22, 2026, down $249.75; lowest $99,750.25, highest $100,900.00.',
    );
    const values = [...chart.querySelectorAll('[data-axis="value"]')].map((tick) => tick.textContent);
    expect(values).toEqual(['$99,500.00', '$100,000.00', '$100,500.00', '$101,000.00']);
    const dates = [...chart.querySelectorAll('[data-axis="time"]')].map((tick) => tick.textContent);
    expect(dates).toEqual(['Nov 19', 'Nov 20', 'Nov 21', 'Nov 22']);
    // one gridline per value, and the line red with the fall written out above
    expect(chart.querySelectorAll('line')).toHaveLength(4);
    expect(chart.querySelector('polyline')).toHaveClass('stroke-loss');
  });
});

describe('a curve minutes long', () => {
  it('has one time label, aligned inward from the right edge where the curve ends', async () => {
    mockApi(signedInAs(buildCompleteUser({ timezone: 'UTC' })));
    renderApp(
      <EquityChart
        curve={[
          { time: '2026-11-24T19:02:05.000Z', equity: '100000.00' },
          { time: '2026-11-24T19:02:40.000Z', equity: '100000.00' },
        ]}
      />,
    );
    const chart = await screen.findByRole('figure', { name: 'Equity curve' });
    const dates = [...chart.querySelectorAll('[data-axis="time"]')];
    expect(dates.map((tick) => tick.textContent)).toEqual(['7:02 PM']);
    expect(dates[0]).toHaveClass('-translate-x-full');
    expect(dates[0]).toHaveStyle({ left: '100%' });
  });
});
