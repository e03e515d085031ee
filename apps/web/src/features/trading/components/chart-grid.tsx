import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * The value axis and plot of an SVG chart (decision 0031): round ticks written at the left in
 * tabular figures, a gridline at each, and the plot drawn by `children` in a 0–100 viewBox
 * stretched to the box (`y` maps a value to it). Decorative: the chart says the same in words.
 */
export function ChartGrid({
  ticks,
  y,
  label,
  height = 'h-40',
  strong,
  children,
}: {
  ticks: readonly number[];
  y(value: number): number;
  label(value: number): string;
  /** The plot's height class. */
  height?: string;
  /** A tick drawn stronger than the others (the zero line of bars above and below it). */
  strong?: number;
  children: ReactNode;
}) {
  return (
    <>
      <div
        className={cn('tabular flex flex-col-reverse justify-between text-right text-xs leading-4 text-muted', height)}
      >
        {ticks.map((tick) => (
          <span key={tick} data-axis="value">
            {label(tick)}
          </span>
        ))}
      </div>
      <div className={cn('relative', height)}>
        <svg
          viewBox="0 0 100 100"
          preserveAspectRatio="none"
          className="absolute inset-x-0 inset-y-2 h-[calc(100%-1rem)] w-full overflow-visible"
        >
          {ticks.map((tick) => (
            <line
              key={tick}
              x1={0}
              x2={100}
              y1={y(tick)}
              y2={y(tick)}
              strokeWidth={1}
              vectorEffect="non-scaling-stroke"
              className={tick === strong ? 'stroke-muted' : 'stroke-border'}
            />
          ))}
          {children}
        </svg>
      </div>
    </>
  );
}
