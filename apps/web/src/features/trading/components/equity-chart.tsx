import { useId } from 'react';
import type { Performance } from '@tp/shared';
import { formatMoney } from '@/lib/format';
import { formatDate } from '@/lib/format-date';
import { dateTimeFormat, FIGURES_LOCALE } from '@/lib/intl';
import { useTimeZone } from '@/lib/time-zone';
import { ChartGrid } from './chart-grid';

const DAY = 86_400_000;

/**
 * Round values from `min` to `max` in steps of 1, 2 or 5 times a power of ten, about `count` steps
 * apart, the first at or below `min` and the last at or above `max`. A flat curve gets a band around
 * its value, so its line is drawn in the middle rather than on an edge.
 */
export function valueTicks(min: number, max: number, count = 4): number[] {
  const pad = max === min ? Math.max(1, Math.abs(max) * 0.001) : 0;
  const low = min - pad;
  const high = max + pad;
  const raw = (high - low) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
  const first = Math.floor(low / step) * step;
  const ticks: number[] = [];
  for (let tick = first; ticks.length === 0 || ticks.at(-1)! < high; tick += step) {
    ticks.push(Number(tick.toFixed(10)));
  }
  return ticks;
}

/**
 * The time axis' labels: `count` instants spread evenly from the first point to the last, written
 * in the user's zone as days ("Nov 20") or, over less than two days, as times of day. Neighbours that
 * would read the same are left out.
 */
export function timeTicks(start: number, end: number, timeZone?: string, count = 4): { at: number; label: string }[] {
  const format =
    end - start >= 2 * DAY
      ? (at: number) =>
          dateTimeFormat(FIGURES_LOCALE, { month: 'short', day: 'numeric', ...(timeZone && { timeZone }) }).format(at)
      : (at: number) =>
          dateTimeFormat(FIGURES_LOCALE, { hour: 'numeric', minute: '2-digit', ...(timeZone && { timeZone }) }).format(
            at,
          );
  const ticks: { at: number; label: string }[] = [];
  for (let i = 0; i < count; i++) {
    const at = start + ((end - start) * i) / (count - 1);
    const label = format(at);
    if (ticks.at(-1)?.label !== label) ticks.push({ at, label });
  }
  // the last point always has its label (it is where the curve ends), in place of a neighbour reading the same
  if (ticks.at(-1)!.at !== end) ticks[ticks.length - 1] = { at: end, label: format(end) };
  return ticks;
}

/**
 * The equity curve as a line over a money axis (left) and a time axis in the user's zone (below),
 * with a gridline at each value tick; green when it ends at or above where it started, red below,
 * and the change written in the description so colour is not the only signal.
 */
export function EquityChart({ curve }: { curve: Performance['equityCurve'] }) {
  const timeZone = useTimeZone();
  const id = useId();
  if (curve.length < 2) {
    return (
      <p className="text-sm text-muted">
        The equity curve starts once your account has some history: place a paper trade in Trading.
      </p>
    );
  }
  const values = curve.map((p) => Number(p.equity));
  const times = curve.map((p) => Date.parse(p.time));
  const ticks = valueTicks(Math.min(...values), Math.max(...values));
  const low = ticks[0]!;
  const high = ticks.at(-1)!;
  const start = times[0]!;
  const end = times.at(-1)!;
  const x = (time: number) => ((time - start) / (end - start || 1)) * 100;
  const y = (value: number) => 100 - ((value - low) / (high - low)) * 100;
  const points = values.map((v, i) => `${x(times[i]!)},${y(v)}`).join(' ');
  const first = curve[0]!;
  const last = curve.at(-1)!;
  const change = values.at(-1)! - values[0]!;
  const up = change >= 0;
  const labels = timeTicks(start, end, timeZone);
  return (
    <figure className="@container" aria-labelledby={`${id}-name`} aria-describedby={`${id}-description`}>
      <p id={`${id}-description`} className="sr-only">
        {`From ${formatMoney(first.equity)} on ${formatDate(first.time, timeZone)} to ${formatMoney(last.equity)} on ${formatDate(last.time, timeZone)}, ${up ? 'up' : 'down'} ${formatMoney(Math.abs(change).toFixed(2))}; lowest ${formatMoney(Math.min(...values))}, highest ${formatMoney(Math.max(...values))}.`}
      </p>
      {/* the axes are the picture's scale: the description above says the same in words */}
      <div className="grid grid-cols-[auto_1fr] gap-x-2" aria-hidden="true">
        <ChartGrid ticks={ticks} y={y} label={(tick) => formatMoney(tick)}>
          <polyline
            points={points}
            fill="none"
            strokeWidth={2}
            vectorEffect="non-scaling-stroke"
            strokeLinejoin="round"
            className={up ? 'stroke-gain' : 'stroke-loss'}
          />
        </ChartGrid>
        <div />
        <div className="tabular relative h-4 text-xs leading-4 text-muted">
          {labels.map((tick, i) => (
            <span
              key={tick.at}
              data-axis="time"
              style={{ left: `${x(tick.at)}%` }}
              className={
                // the ends align inward so they are never cut off; the ones between only where there is room
                // (a lone label is the last point's, at the right edge)
                i === labels.length - 1
                  ? 'absolute -translate-x-full whitespace-nowrap'
                  : i === 0
                    ? 'absolute whitespace-nowrap'
                    : 'absolute hidden -translate-x-1/2 whitespace-nowrap @sm:block'
              }
            >
              {tick.label}
            </span>
          ))}
        </div>
      </div>
      <figcaption id={`${id}-name`} className="sr-only">
        Equity curve
      </figcaption>
    </figure>
  );
}
