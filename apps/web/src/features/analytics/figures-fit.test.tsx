import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Risk } from '@tp/shared';
import { apiError, buildCompleteUser, envelope, mockApi, renderApp, signedInAs } from '@/testing';
import AnalyticsPage from './analytics-page';

const risk: Risk = {
  asOf: '2026-11-23T12:00:00.000Z',
  observations: 3,
  volatilityPercent: 12.5,
  maxDrawdownPercent: -2.1,
  sharpeRatio: 1.234,
  valueAtRisk95: '1234567.89',
  valueAtRisk95Percent: 0.8,
  largestPosition: { symbol: 'EURUSD', weightPercent: 100 },
};

/** Whether the element or one of its ancestors up to `stop` keeps its text on one line. */
function heldOnOneLine(element: Element | null, stop: Element): boolean {
  if (!element || element === stop.parentElement) return false;
  return element.classList.contains('whitespace-nowrap') || heldOnOneLine(element.parentElement, stop);
}

describe('analytics: a figure fits its tile', () => {
  it('lets "Largest position" wrap between the symbol and its weight, and its tile give way, never cut', async () => {
    mockApi({
      ...signedInAs(buildCompleteUser()),
      // the other regions may load or fail: only the risk tiles are looked at
      'GET /api/me/analytics': apiError(503, 'Analytics are unavailable'),
      'GET /api/analytics/performance': apiError(503, 'Performance is unavailable'),
      'GET /api/analytics/risk': envelope(risk),
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
