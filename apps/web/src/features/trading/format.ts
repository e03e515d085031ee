import type { Instrument, InstrumentClass, Trade } from '@tp/shared';
import { FIGURES_LOCALE, numberFormat } from '@/lib/intl';

/**
 * Figures as a trader reads them (docs/product/ui-layer.md#numbers; money is lib/format's, dates and times
 * lib/format-date's in the user's zone): prices with up to 4 decimals (FX quotes keep their 5),
 * quantities as sent, and a sign on every change, so colour is never the only signal. The
 * server's decimal strings are formatted, never recomputed.
 */

const signedPercent = numberFormat(FIGURES_LOCALE, {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'exceptZero',
});
const plainPercent = numberFormat(FIGURES_LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Intl formats decimal strings exactly (no float rounding on the way), as `1234.5` → "$1,234.50". */
const asDecimal = (value: string) => value as unknown as number;

/**
 * A price with the decimals it carries, at least 2 and at most 4, or 5 for FX (EURUSD 1.08512).
 * A price on its instrument's tick (a quote, a limit, a level) carries no more than its tick's
 * decimals, so it needs no more; an average (a position's cost) carries up to 10, so give its
 * instrument's class. Without one, up to 5 are shown: only an FX tick has them.
 */
export function formatPrice(value: string, instrumentClass?: InstrumentClass): string {
  const most = instrumentClass === undefined || instrumentClass === 'fx' ? 5 : 4;
  const decimals = Math.min(most, Math.max(2, (value.split('.')[1] ?? '').replace(/0+$/, '').length));
  return numberFormat(FIGURES_LOCALE, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(
    asDecimal(value),
  );
}

/** A symbol's instrument (undefined until the list is loaded). */
export function instrumentOf(instruments: readonly Instrument[], symbol: string): Instrument | undefined {
  return instruments.find((instrument) => instrument.symbol === symbol);
}

/** The class of a symbol's instrument, for `formatPrice` of an average (undefined until the list is loaded). */
export function classOf(instruments: readonly Instrument[], symbol: string): InstrumentClass | undefined {
  return instrumentOf(instruments, symbol)?.class;
}

/**
 * A chart's price scale and crosshair label with the same grouping as the figures beside it
 * ("101,234.50", not lightweight-charts' own "101234.50"), at a fixed number of decimals.
 */
export function chartPriceFormat(decimals: number) {
  const format = numberFormat(FIGURES_LOCALE, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  return { type: 'custom' as const, minMove: 10 ** -decimals, formatter: (price: number) => format.format(price) };
}

export function formatQuantity(value: string): string {
  return numberFormat(FIGURES_LOCALE, { maximumFractionDigits: 8 }).format(asDecimal(value));
}

export const formatSignedPercent = (value: number) => `${signedPercent.format(value)} %`;
export const formatPercent = (value: number) => `${plainPercent.format(value)} %`;

export type Direction = 'gain' | 'loss' | 'flat';

/** The sign of a decimal string or a number. */
export function directionOf(value: string | number): Direction {
  if (typeof value === 'number') return value > 0 ? 'gain' : value < 0 ? 'loss' : 'flat';
  const text = value.trim();
  if (/^-/.test(text) && /[1-9]/.test(text)) return 'loss';
  return /[1-9]/.test(text) ? 'gain' : 'flat';
}

const directionClass: Record<Direction, string> = { gain: 'text-gain', loss: 'text-loss', flat: 'text-muted' };

/** The colour of a signed figure, the one way a gain, a loss or no change is coloured (flat is muted). */
export const toneOf = (value: string | number) => directionClass[directionOf(value)];
export const directionArrow: Record<Direction, string> = { gain: '▲', loss: '▼', flat: '' };

export const ORDER_TYPE_LABELS = { market: 'Market', limit: 'Limit', stop: 'Stop', stop_limit: 'Stop limit' } as const;
export const TIME_IN_FORCE_LABELS = { day: 'Day', gtc: 'Good till cancelled' } as const;
export const STATUS_LABELS = {
  pending: 'Pending',
  filled: 'Filled',
  cancelled: 'Cancelled',
  rejected: 'Rejected',
  expired: 'Expired',
} as const;

/**
 * What an order's `price` is: the average fill once anything filled, else the limit or the stop it
 * waited for (a cancelled limit's 100.00 never traded). `kind` is null for a fill.
 */
export function orderPrice(trade: Pick<Trade, 'price' | 'filledQuantity' | 'limitPrice' | 'stopPrice'>): {
  kind: 'limit' | 'stop' | null;
  value: string | null;
} {
  if (trade.price === null || Number(trade.filledQuantity) > 0) return { kind: null, value: trade.price };
  if (trade.limitPrice) return { kind: 'limit', value: trade.limitPrice };
  if (trade.stopPrice) return { kind: 'stop', value: trade.stopPrice };
  return { kind: null, value: trade.price };
}
