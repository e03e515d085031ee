import type { Performance } from '@tp/shared';

/** The equity curve as a line, green when it ends above where it started, red below (with the sign in text). */
export function EquityChart({ curve }: { curve: Performance['equityCurve'] }) {
  if (curve.length < 2) {
    return (
      <p className="text-sm text-muted">
        The equity curve starts once your account has some history: place a paper trade in Trading.
      </p>
    );
  }
  const values = curve.map((p) => Number(p.equity));
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || 1;
  const points = values
    .map((v, i) => `${(i / (values.length - 1)) * 100},${40 - ((v - min) / span) * 38 - 1}`)
    .join(' ');
  const up = values[values.length - 1]! >= values[0]!;
  return (
    <svg
      role="img"
      aria-label={`Equity from ${curve[0]!.equity} to ${curve[curve.length - 1]!.equity} USD (${up ? 'up' : 'down'})`}
      viewBox="0 0 100 40"
      preserveAspectRatio="none"
      className="h-32 w-full"
    >
      <polyline
        points={points}
        fill="none"
        strokeWidth={1}
        vectorEffect="non-scaling-stroke"
        className={up ? 'stroke-gain' : 'stroke-loss'}
      />
    </svg>
  );
}
