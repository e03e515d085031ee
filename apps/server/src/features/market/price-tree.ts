import { hash, normal, uniform } from './noise';

/**
 * The simulated price path of one instrument, as a tree of bars built from the top down
 * (docs/trading.md, "Simulator"). Values are log prices. A day's open and close come from
 * multi-scale value noise; each bar then splits into children — day → 24 hours → 4 quarters →
 * 3 five-minute bars → 5 minutes → 60 seconds — with Brownian-bridge boundaries and bridge-sampled
 * extremes, squeezed so that the children's highest high and lowest low are exactly the parent's.
 * So any bar's OHLCV is known from its ancestors alone (no walk over its seconds), and the seconds
 * beneath it reach its high and low exactly. A bar's close is the next bar's open: the last
 * second of a bar repeats the first second of the next one.
 */

export const LEVEL_SECONDS = [86_400, 3_600, 900, 300, 60] as const;
export const DAY_LEVEL = 0;
export const MINUTE_LEVEL = 4;
const CHILDREN = [24, 4, 3, 5, 60] as const;
const SECONDS_PER_YEAR = 365.25 * 86_400;
/** Value-noise periods 1, 2, 4 ... 512 days: a random walk that reverts to the base over years. */
const DAY_OCTAVES = 10;

const STREAM = {
  dayLevel: 0,
  dayHigh: 1,
  dayLow: 2,
  dayVolume: 3,
  boundary: 10,
  high: 20,
  low: 30,
  weight: 40,
  second: 50,
  secondWeight: 51,
} as const;

export interface PathParams {
  seed: number;
  basePrice: number;
  annualVolatility: number;
  /** Average quantity traded per day. */
  dailyVolume: number;
}

export interface PathModel {
  readonly seed: number;
  readonly logBase: number;
  readonly sigmaSecond: number;
  readonly variancePerSecond: number;
  readonly dayAmplitudes: readonly number[];
  readonly dailyVolume: number;
}

export interface Bar {
  /** Epoch second of the bar's first second. */
  start: number;
  level: number;
  open: number;
  close: number;
  high: number;
  low: number;
  volume: number;
}

export interface SecondPath {
  values: Float64Array;
  volumes: Float64Array;
}

export function pathModel(params: PathParams): PathModel {
  const sigmaSecond = params.annualVolatility / Math.sqrt(SECONDS_PER_YEAR);
  const sigmaDay = sigmaSecond * Math.sqrt(86_400);
  // octave of period P moves by sigmaDay²/(2P) a day, so the octaves sum to a daily variance of ≈ sigmaDay²
  const dayAmplitudes = Array.from({ length: DAY_OCTAVES }, (_, octave) => (sigmaDay * Math.sqrt(2 ** octave)) / 2);
  return {
    seed: params.seed,
    logBase: Math.log(params.basePrice),
    sigmaSecond,
    variancePerSecond: sigmaSecond * sigmaSecond,
    dayAmplitudes,
    dailyVolume: params.dailyVolume,
  };
}

export const dayOf = (second: number) => Math.floor(second / 86_400);
export const lastSecondOf = (bar: Bar) => bar.start + LEVEL_SECONDS[bar.level]! - 1;

/** Log price at the first second of a UTC day. */
export function dayOpenLevel(model: PathModel, day: number): number {
  let level = model.logBase;
  for (let octave = 0; octave < DAY_OCTAVES; octave++) {
    const period = 2 ** octave;
    const knot = Math.floor(day / period);
    const fraction = (day - knot * period) / period;
    const z0 = normal(hash(model.seed, STREAM.dayLevel, knot, octave));
    const z1 = normal(hash(model.seed, STREAM.dayLevel, knot + 1, octave));
    level += model.dayAmplitudes[octave]! * (z0 + (z1 - z0) * fraction);
  }
  return level;
}

/**
 * A draw of the maximum of a Brownian bridge from a to b with total variance v:
 * P(max ≥ m) = exp(−2(m−a)(m−b)/v), inverted at u. The minimum is the mirror image.
 */
function bridgeHigh(a: number, b: number, variance: number, u: number): number {
  const half = (b - a) / 2;
  return (a + b) / 2 + Math.sqrt(half * half - (variance * Math.log(u)) / 2);
}
function bridgeLow(a: number, b: number, variance: number, u: number): number {
  const half = (b - a) / 2;
  return (a + b) / 2 - Math.sqrt(half * half - (variance * Math.log(u)) / 2);
}

export function dayBar(
  model: PathModel,
  day: number,
  open = dayOpenLevel(model, day),
  close = dayOpenLevel(model, day + 1),
): Bar {
  const variance = model.variancePerSecond * 86_400;
  const lognormal = Math.exp(0.25 * normal(hash(model.seed, STREAM.dayVolume, day, 0)) - 0.03125);
  return {
    start: day * 86_400,
    level: DAY_LEVEL,
    open,
    close,
    high: bridgeHigh(open, close, variance, uniform(hash(model.seed, STREAM.dayHigh, day, 0))),
    low: bridgeLow(open, close, variance, uniform(hash(model.seed, STREAM.dayLow, day, 0))),
    volume: Math.round(model.dailyVolume * lognormal),
  };
}

/** Integer shares of `total` in proportion to `weights`, summing to `total` exactly (cumulative rounding). */
function splitVolume(total: number, weights: Float64Array, out: Float64Array): void {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += weights[i]!;
  let running = 0;
  let previous = 0;
  for (let i = 0; i < weights.length; i++) {
    running += weights[i]!;
    const cumulative = i === weights.length - 1 ? total : Math.round((total * running) / sum);
    out[i] = cumulative - previous;
    previous = cumulative;
  }
}

/**
 * A monotone map of naturally sampled values into the parent's [low, high]: identity between the
 * open and the close, linear from the natural extreme to the parent's extreme beyond them.
 */
class Squeeze {
  constructor(
    private readonly bottom: number,
    private readonly top: number,
    private readonly naturalLow: number,
    private readonly naturalHigh: number,
    private readonly low: number,
    private readonly high: number,
  ) {}

  apply(x: number): number {
    if (x < this.bottom) {
      const y = this.low + (x - this.naturalLow) * ((this.bottom - this.low) / (this.bottom - this.naturalLow));
      return y < this.low ? this.low : y > this.bottom ? this.bottom : y;
    }
    if (x > this.top) {
      const y = this.top + (x - this.top) * ((this.high - this.top) / (this.naturalHigh - this.top));
      return y > this.high ? this.high : y < this.top ? this.top : y;
    }
    return x;
  }
}

/** The children of a bar above the minute level, from the bar alone. */
export function childBars(model: PathModel, bar: Bar): Bar[] {
  const level = bar.level + 1;
  const n = CHILDREN[bar.level]!;
  const span = LEVEL_SECONDS[level]!;
  const first = bar.start / span;
  const vps = model.variancePerSecond;

  const bounds = new Float64Array(n + 1);
  bounds[0] = bar.open;
  bounds[n] = bar.close;
  for (let k = 1; k < n; k++) {
    const remaining = (n - k + 1) * span;
    const previous = bounds[k - 1]!;
    const mean = previous + ((bar.close - previous) * span) / remaining;
    const sd = Math.sqrt((vps * span * (remaining - span)) / remaining);
    bounds[k] = mean + sd * normal(hash(model.seed, STREAM.boundary + level, first + k, 0));
  }

  const highs = new Float64Array(n);
  const lows = new Float64Array(n);
  let top = 0;
  let bottom = 0;
  for (let k = 0; k < n; k++) {
    const a = bounds[k]!;
    const b = bounds[k + 1]!;
    highs[k] = bridgeHigh(a, b, vps * span, uniform(hash(model.seed, STREAM.high + level, first + k, 0)));
    lows[k] = bridgeLow(a, b, vps * span, uniform(hash(model.seed, STREAM.low + level, first + k, 0)));
    if (highs[k]! > highs[top]!) top = k;
    if (lows[k]! < lows[bottom]!) bottom = k;
  }

  const squeeze = new Squeeze(
    Math.min(bar.open, bar.close),
    Math.max(bar.open, bar.close),
    lows[bottom]!,
    highs[top]!,
    bar.low,
    bar.high,
  );
  for (let k = 1; k < n; k++) bounds[k] = squeeze.apply(bounds[k]!);

  const children: Bar[] = new Array(n);
  const weights = new Float64Array(n);
  const rangeScale = 1 / (model.sigmaSecond * Math.sqrt(span));
  for (let k = 0; k < n; k++) {
    const open = bounds[k]!;
    const close = bounds[k + 1]!;
    // the parent's extremes are assigned exactly, not recomputed, so they survive any rounding
    const high = Math.max(k === top ? bar.high : squeeze.apply(highs[k]!), open, close);
    const low = Math.min(k === bottom ? bar.low : squeeze.apply(lows[k]!), open, close);
    children[k] = { start: bar.start + k * span, level, open, close, high, low, volume: 0 };
    weights[k] =
      Math.exp(0.5 * normal(hash(model.seed, STREAM.weight + level, first + k, 0))) * (0.5 + (high - low) * rangeScale);
  }
  const volumes = new Float64Array(n);
  splitVolume(bar.volume, weights, volumes);
  for (let k = 0; k < n; k++) children[k]!.volume = volumes[k]!;
  return children;
}

/** The 60 seconds of a minute bar: a Brownian bridge from open to close that touches its high and low. */
export function secondPath(model: PathModel, minute: Bar): SecondPath {
  const values = new Float64Array(60);
  const { open, close, high, low } = minute;
  values[0] = open;
  values[59] = close;
  for (let j = 1; j < 59; j++) {
    const remaining = 60 - j;
    const previous = values[j - 1]!;
    const sd = model.sigmaSecond * Math.sqrt((remaining - 1) / remaining);
    values[j] =
      previous + (close - previous) / remaining + sd * normal(hash(model.seed, STREAM.second, minute.start + j, 0));
  }

  let top = 1;
  let bottom = 1;
  for (let j = 2; j < 59; j++) {
    if (values[j]! > values[top]!) top = j;
    if (values[j]! < values[bottom]!) bottom = j;
  }
  if (top === bottom) bottom = top === 1 ? 2 : 1;
  const upper = Math.max(open, close);
  const lower = Math.min(open, close);
  // squeeze the interior into [low, high]; where no interior second crosses the open/close band,
  // the interior extreme second is moved to the bar's extreme instead
  const squeeze = new Squeeze(lower, upper, Math.min(values[bottom]!, lower), Math.max(values[top]!, upper), low, high);
  for (let j = 1; j < 59; j++) values[j] = squeeze.apply(values[j]!);
  values[top] = high;
  values[bottom] = low;

  const weights = new Float64Array(60);
  for (let j = 0; j < 60; j++) {
    const step = j === 0 ? 0 : Math.abs(values[j]! - values[j - 1]!);
    weights[j] =
      Math.exp(0.5 * normal(hash(model.seed, STREAM.secondWeight, minute.start + j, 0))) *
      (0.5 + step / model.sigmaSecond);
  }
  const volumes = new Float64Array(60);
  splitVolume(minute.volume, weights, volumes);
  return { values, volumes };
}

function merge(into: Bar, part: Bar): void {
  if (part.high > into.high) into.high = part.high;
  if (part.low < into.low) into.low = part.low;
  into.close = part.close;
  into.volume += part.volume;
}

/** The bar cut at `until` (an epoch second inside it): what the bar looked like at that second. */
export function prefixBar(model: PathModel, bar: Bar, until: number): Bar {
  if (until >= lastSecondOf(bar)) return bar;
  const into: Bar = { ...bar, close: bar.open, high: -Infinity, low: Infinity, volume: 0 };
  if (bar.level === MINUTE_LEVEL) {
    const path = secondPath(model, bar);
    for (let j = 0; j <= until - bar.start; j++) {
      const value = path.values[j]!;
      merge(into, { ...bar, close: value, high: value, low: value, volume: path.volumes[j]! });
    }
    return into;
  }
  const children = childBars(model, bar);
  const k = Math.floor((until - bar.start) / LEVEL_SECONDS[bar.level + 1]!);
  for (let i = 0; i < k; i++) merge(into, children[i]!);
  merge(into, prefixBar(model, children[k]!, until));
  return into;
}

/** Visits, in time order, every whole bar of `level` that overlaps [from, to] (epoch seconds). */
export function forEachBar(model: PathModel, level: number, from: number, to: number, visit: (bar: Bar) => void): void {
  const walk = (bar: Bar): void => {
    if (lastSecondOf(bar) < from || bar.start > to) return;
    if (bar.level === level) {
      visit(bar);
      return;
    }
    for (const child of childBars(model, bar)) walk(child);
  };
  let open = dayOpenLevel(model, dayOf(from));
  for (let day = dayOf(from); day <= dayOf(to); day++) {
    const close = dayOpenLevel(model, day + 1);
    walk(dayBar(model, day, open, close));
    open = close;
  }
}

export interface Instant {
  second: number;
  value: number;
  dayOpen: number;
  /** Quantity traded from the day's first second to this one, inclusive. */
  dayVolume: number;
  /** The minute bar so far (its first second to this one): highest and lowest value. */
  minuteHigh: number;
  minuteLow: number;
}

/** One second of the path, with the day's open and volume so far and the minute's range so far. */
export function instantAt(model: PathModel, second: number): Instant {
  let bar = dayBar(model, dayOf(second));
  const dayOpen = bar.open;
  let dayVolume = 0;
  while (bar.level < MINUTE_LEVEL) {
    const children = childBars(model, bar);
    const k = Math.floor((second - bar.start) / LEVEL_SECONDS[bar.level + 1]!);
    for (let i = 0; i < k; i++) dayVolume += children[i]!.volume;
    bar = children[k]!;
  }
  const path = secondPath(model, bar);
  let minuteHigh = -Infinity;
  let minuteLow = Infinity;
  for (let j = 0; j <= second - bar.start; j++) {
    dayVolume += path.volumes[j]!;
    minuteHigh = Math.max(minuteHigh, path.values[j]!);
    minuteLow = Math.min(minuteLow, path.values[j]!);
  }
  return { second, value: path.values[second - bar.start]!, dayOpen, dayVolume, minuteHigh, minuteLow };
}
