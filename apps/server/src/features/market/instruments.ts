import type { Instrument, InstrumentClass } from '@tp/shared';
import { DESK_FX_PAIRS } from './fx-pairs';
import { seedOf } from './noise';
import { pathModel, type PathModel } from './price-tree';

/**
 * The tradable instruments, all quoted in USD: the spec's five equities, FX pairs quoted in USD
 * (each of the exporter desk's currencies against the dollar, docs/desk.md#1-home-currency-currencies-and-rates),
 * and commodity proxies (spot gold, and per-unit prices of the ICE/CBOT contracts an exporter
 * watches). Base prices, volatilities and volumes are in the range these markets traded in 2024–25.
 */

interface Definition {
  symbol: string;
  name: string;
  class: InstrumentClass;
  priceUnit: string;
  tickSize: string;
  /** Base units in one lot (1 for shares). */
  lotSize: string;
  minQuantity: string;
  quantityStep: string;
  maxQuantity: string;
  basePrice: number;
  annualVolatility: number;
  /** Bid–ask spread in ticks. */
  spreadTicks: number;
  /** Average quantity (shares or lots) traded per day. */
  dailyVolume: number;
  /** Typical quantity at the best bid or ask; deeper levels hold more. */
  touchSize: number;
}

const share = {
  priceUnit: 'share',
  tickSize: '0.01',
  lotSize: '1',
  minQuantity: '1',
  quantityStep: '1',
  maxQuantity: '100000',
};
const lots = (lotSize: string, maxQuantity: string) => ({
  lotSize,
  minQuantity: '0.01',
  quantityStep: '0.01',
  maxQuantity,
});

const DEFINITIONS: Definition[] = [
  {
    symbol: 'AAPL',
    name: 'Apple Inc.',
    class: 'equity',
    ...share,
    basePrice: 230,
    annualVolatility: 0.28,
    spreadTicks: 1,
    dailyVolume: 55_000_000,
    touchSize: 300,
  },
  {
    symbol: 'GOOGL',
    name: 'Alphabet Inc. Class A',
    class: 'equity',
    ...share,
    basePrice: 175,
    annualVolatility: 0.3,
    spreadTicks: 1,
    dailyVolume: 28_000_000,
    touchSize: 200,
  },
  {
    symbol: 'MSFT',
    name: 'Microsoft Corporation',
    class: 'equity',
    ...share,
    basePrice: 420,
    annualVolatility: 0.25,
    spreadTicks: 2,
    dailyVolume: 20_000_000,
    touchSize: 100,
  },
  {
    symbol: 'TSLA',
    name: 'Tesla, Inc.',
    class: 'equity',
    ...share,
    basePrice: 250,
    annualVolatility: 0.55,
    spreadTicks: 2,
    dailyVolume: 95_000_000,
    touchSize: 200,
  },
  {
    symbol: 'AMZN',
    name: 'Amazon.com, Inc.',
    class: 'equity',
    ...share,
    basePrice: 195,
    annualVolatility: 0.32,
    spreadTicks: 1,
    dailyVolume: 40_000_000,
    touchSize: 300,
  },
  {
    symbol: 'EURUSD',
    name: 'Euro / US Dollar',
    class: 'fx',
    priceUnit: 'EUR',
    tickSize: '0.00001',
    ...lots('100000', '100'),
    basePrice: 1.085,
    annualVolatility: 0.07,
    spreadTicks: 8,
    dailyVolume: 2_000_000,
    touchSize: 10,
  },
  {
    symbol: 'GBPUSD',
    name: 'British Pound / US Dollar',
    class: 'fx',
    priceUnit: 'GBP',
    tickSize: '0.00001',
    ...lots('100000', '100'),
    basePrice: 1.27,
    annualVolatility: 0.08,
    spreadTicks: 12,
    dailyVolume: 800_000,
    touchSize: 5,
  },
  {
    symbol: 'AUDUSD',
    name: 'Australian Dollar / US Dollar',
    class: 'fx',
    priceUnit: 'AUD',
    tickSize: '0.00001',
    ...lots('100000', '100'),
    basePrice: 0.66,
    annualVolatility: 0.1,
    spreadTicks: 10,
    dailyVolume: 500_000,
    touchSize: 5,
  },
  ...DESK_FX_PAIRS,
  {
    symbol: 'XAUUSD',
    name: 'Gold spot (USD per troy ounce)',
    class: 'commodity',
    priceUnit: 'oz',
    tickSize: '0.01',
    ...lots('100', '50'),
    basePrice: 2350,
    annualVolatility: 0.15,
    spreadTicks: 30,
    dailyVolume: 300_000,
    touchSize: 2,
  },
  {
    symbol: 'COTTON',
    name: 'Cotton No. 2 (USD per pound)',
    class: 'commodity',
    priceUnit: 'lb',
    tickSize: '0.0001',
    ...lots('50000', '50'),
    basePrice: 0.72,
    annualVolatility: 0.25,
    spreadTicks: 3,
    dailyVolume: 30_000,
    touchSize: 1,
  },
  {
    symbol: 'COFFEE',
    name: 'Arabica coffee "C" (USD per pound)',
    class: 'commodity',
    priceUnit: 'lb',
    tickSize: '0.0005',
    ...lots('37500', '50'),
    basePrice: 2.4,
    annualVolatility: 0.35,
    spreadTicks: 2,
    dailyVolume: 25_000,
    touchSize: 1,
  },
  {
    symbol: 'WHEAT',
    name: 'Wheat (USD per bushel)',
    class: 'commodity',
    priceUnit: 'bushel',
    tickSize: '0.0025',
    ...lots('5000', '50'),
    basePrice: 5.6,
    annualVolatility: 0.28,
    spreadTicks: 1,
    dailyVolume: 60_000,
    touchSize: 2,
  },
];

/** A decimal as an integer count of 10^-scale: "0.0025" → {units: 25, scale: 4}. */
export interface Scaled {
  units: number;
  scale: number;
}
export function scaled(text: string): Scaled {
  const [whole, fraction = ''] = text.split('.');
  return { units: Number(`${whole}${fraction}`), scale: fraction.length };
}

export interface InstrumentSpec {
  readonly info: Instrument;
  readonly symbol: string;
  /** Prices are integers in units of 10^-tick.scale; every price is a multiple of tick.units. */
  readonly tick: Scaled;
  /** The tick as a number, for mapping simulated values onto the grid. */
  readonly tickValue: number;
  /** Quantities are integers in steps of quantityStep. */
  readonly step: Scaled;
  readonly minSteps: number;
  readonly maxSteps: number;
  readonly bidTicks: number;
  readonly askTicks: number;
  readonly touchSteps: number;
  readonly model: PathModel;
}

function toSpec(d: Definition): InstrumentSpec {
  const tick = scaled(d.tickSize);
  const step = scaled(d.quantityStep);
  const stepsOf = (quantity: string) => parseScaled(quantity, step.scale)! / step.units;
  const bidTicks = Math.floor(d.spreadTicks / 2);
  return {
    info: {
      symbol: d.symbol,
      name: d.name,
      class: d.class,
      currency: 'USD',
      tickSize: d.tickSize,
      quantityUnit: d.lotSize === '1' ? 'share' : 'lot',
      lotSize: d.lotSize,
      priceUnit: d.priceUnit,
      minQuantity: d.minQuantity,
      quantityStep: d.quantityStep,
      maxQuantity: d.maxQuantity,
      integerQuantity: step.scale === 0,
    },
    symbol: d.symbol,
    tick,
    tickValue: tick.units / 10 ** tick.scale,
    step,
    minSteps: stepsOf(d.minQuantity),
    maxSteps: stepsOf(d.maxQuantity),
    bidTicks,
    askTicks: d.spreadTicks - bidTicks,
    touchSteps: stepsOf(String(d.touchSize)),
    model: pathModel({
      seed: seedOf(d.symbol),
      basePrice: d.basePrice,
      annualVolatility: d.annualVolatility,
      dailyVolume: d.dailyVolume,
    }),
  };
}

export const INSTRUMENTS: readonly InstrumentSpec[] = DEFINITIONS.map(toSpec);
const BY_SYMBOL = new Map(INSTRUMENTS.map((spec) => [spec.symbol, spec]));

export function findInstrument(symbol: string): InstrumentSpec | undefined {
  return BY_SYMBOL.get(symbol.toUpperCase());
}

const POWERS_OF_TEN = [
  1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000, 10_000_000_000,
];
/** Zero-padded fraction digits for scales up to 4, built on first use (candle answers format tens of thousands of prices). */
const FRACTIONS: string[][] = [];
const fractionDigits = (fraction: number, scale: number) =>
  scale > 4
    ? String(fraction).padStart(scale, '0')
    : (FRACTIONS[scale] ??= Array.from({ length: POWERS_OF_TEN[scale]! }, (_, i) => String(i).padStart(scale, '0')))[
        fraction
      ]!;

/** An integer count of 10^-scale as decimal text: (58025, 4) → "5.8025". */
export function formatScaled(value: number, scale: number): string {
  if (scale === 0) return String(value);
  if (value < 0) return `-${formatScaled(-value, scale)}`;
  const base = POWERS_OF_TEN[scale]!;
  const whole = Math.floor(value / base);
  return `${whole}.${fractionDigits(value - whole * base, scale)}`;
}

/** Decimal text as an integer count of 10^-scale, or null when it has more decimals than the scale allows. */
export function parseScaled(text: string, scale: number): number | null {
  const [whole, fraction = ''] = text.split('.');
  if (fraction.length > scale && !/^0*$/.test(fraction.slice(scale))) return null;
  return Number(`${whole}${fraction.slice(0, scale).padEnd(scale, '0')}`);
}

export const formatPrice = (spec: InstrumentSpec, minor: number) => formatScaled(minor, spec.tick.scale);
export const formatQuantity = (spec: InstrumentSpec, steps: number) =>
  formatScaled(steps * spec.step.units, spec.step.scale);
