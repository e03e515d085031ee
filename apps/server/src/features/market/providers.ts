import type { AppConfig } from '../../config';
import type { MarketProvider } from './market-provider';
import { createSimulator, simulatedCandles, simulatedQuote, simulatedSnapshots } from './simulator';
import { INSTRUMENTS } from './instruments';

/** The provider MARKET_PROVIDER names (only the simulator exists; a real feed's adapter joins here). */
export function createMarketProvider(name: AppConfig['marketProvider'], clock?: () => number): MarketProvider {
  switch (name) {
    case 'simulated':
      return createSimulator({ clock });
  }
}

/**
 * Runs each path of the simulator once, so the first request after start does not pay V8's
 * compilation (a cold year of candles costs ≈ 100 ms, a warm one ≈ 15 ms).
 */
export function warmUpSimulator(): void {
  const second = Math.floor(Date.now() / 1_000);
  for (const spec of INSTRUMENTS) simulatedQuote(spec, second);
  const spec = INSTRUMENTS[0]!;
  simulatedCandles(spec, '1h', second - 90 * 86_400, second);
  simulatedCandles(spec, '1m', second - 3_600, second);
  simulatedSnapshots(spec, second - 300, second);
}
