import type { Instrument, Order } from '@tp/shared';
import { FIGURES_LOCALE, numberFormat } from '@/lib/intl';

/**
 * Figures as a trader reads them (docs/product/ui-layer.md#numbers; money is lib/format's, dates and times
 * lib/format-date's in the user's zone): prices with the decimals of their instrument's tick (at
 * least 2; an equity's average up to 4; VNDUSD's 0.000038012 keeps its 9), quantities as sent, and
 * a sign on every change, so colour is never the only signal. The server's decimal strings are
 * formatted, never recomputed.
 */

const signedPercent = numberFormat(FIGURES_LOCALE, {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'exceptZero',
});
const plainPercent = numberFormat(FIGURES_LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Intl formats decimal strings exactly (no float rounding on the way), as `1234.5` → "$1,234.50". */
const asDecimal = (value: string) => value as unknown as number;

/** The decimals a decimal string carries, trailing zeros left out ("0.00010" → 4). */
const decimalsIn = (value: string) => (value.split('.')[1] ?? '').replace(/0+$/, '').length;

/** The most decimals any price carries (the contract's prices have at most 10). */
const MAX_PRICE_DECIMALS = 10;

/**
 * A price with the decimals it carries, at least 2. A price on its instrument's tick (a quote, a
 * limit, a level) carries no more than the tick's decimals, so it needs no more; an average (a
 * position's cost, a fill) carries up to 10, so give its instrument's tick decimals
 * (`tickDecimalsOf`): it is then cut to the tick's, or to 4 where the tick has fewer (an equity's
 * 230.1133).
 */
export function formatPrice(value: string, tickDecimals?: number): string {
  const most = tickDecimals === undefined ? MAX_PRICE_DECIMALS : Math.max(4, tickDecimals);
  const decimals = Math.min(most, Math.max(2, decimalsIn(value)));
  return numberFormat(FIGURES_LOCALE, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(
    asDecimal(value),
  );
}

/** A symbol's instrument (undefined until the list is loaded). */
export function instrumentOf(instruments: readonly Instrument[], symbol: string): Instrument | undefined {
  return instruments.find((instrument) => instrument.symbol === symbol);
}

/** The decimals of an instrument's tick (EURUSD 0.00001 → 5, VNDUSD 0.000000001 → 9). */
export const instrumentTickDecimals = (instrument: Instrument | undefined): number | undefined =>
  instrument === undefined ? undefined : decimalsIn(instrument.tickSize);

/**
 * The decimals of a symbol's tick, for `formatPrice` of an average and a chart's scale; undefined
 * until the instrument list is loaded.
 */
export function tickDecimalsOf(instruments: readonly Instrument[], symbol: string): number | undefined {
  return instrumentTickDecimals(instrumentOf(instruments, symbol));
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
export function orderPrice(trade: Pick<Order, 'price' | 'filledQuantity' | 'limitPrice' | 'stopPrice'>): {
  kind: 'limit' | 'stop' | null;
  value: string | null;
} {
  if (trade.price === null || Number(trade.filledQuantity) > 0) return { kind: null, value: trade.price };
  if (trade.limitPrice) return { kind: 'limit', value: trade.limitPrice };
  if (trade.stopPrice) return { kind: 'stop', value: trade.stopPrice };
  return { kind: null, value: trade.price };
}
