import type { Series } from '@tp/shared';

/**
 * A small daily bar chart of a series (one bar per day, zeros included), drawn in SVG so it scales
 * with its container; the figures are also given as text for screen readers.
 */
export function BarChart({ title, series }: { title: string; series: Series }) {
  if (!series.available) {
    return (
      <figure className="rounded-md bg-surface-2 p-3">
        <figcaption className="text-sm font-medium">{title}</figcaption>
        <p className="mt-2 text-sm text-muted">{series.note ?? 'Not available yet.'}</p>
      </figure>
    );
  }
  const max = Math.max(1, ...series.points.map((p) => p.value));
  const width = Math.max(1, series.points.length);
  const first = series.points[0]?.date;
  const last = series.points[series.points.length - 1]?.date;
  return (
    <figure className="rounded-md bg-surface-2 p-3">
      <figcaption className="flex justify-between text-sm">
        <span className="font-medium">{title}</span>
        <span className="tabular text-muted">{series.total} in all</span>
      </figcaption>
      {series.total === 0 ? (
        <p className="mt-2 text-sm text-muted">None in this period.</p>
      ) : (
        <svg
          role="img"
          aria-label={`${title}: ${series.total} from ${first} to ${last}`}
          viewBox={`0 0 ${width} 40`}
          preserveAspectRatio="none"
          className="mt-2 h-16 w-full"
        >
          {series.points.map((point, i) => {
            const h = (point.value / max) * 38;
            return (
              <rect key={point.date} x={i + 0.1} y={40 - h} width={0.8} height={h} className="fill-accent">
                <title>{`${point.date}: ${point.value}`}</title>
              </rect>
            );
          })}
        </svg>
      )}
      <p className="tabular mt-1 flex justify-between text-xs text-muted">
        <span>{first}</span>
        <span>{last}</span>
      </p>
    </figure>
  );
}
