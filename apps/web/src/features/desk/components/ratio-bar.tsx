/**
 * A hedge ratio as a bar from 0 to 100 % with the policy's target as a mark across it. Decorative:
 * the ratio and the target are written beside it as numbers.
 */
export function RatioBar({ ratio, target }: { ratio: number; target: number }) {
  const clamp = (value: number) => Math.max(0, Math.min(1, value)) * 100;
  return (
    <div aria-hidden="true" className="relative h-1.5 rounded-full border border-border bg-surface">
      <div className="h-full rounded-full bg-accent" style={{ width: `${clamp(ratio)}%` }} />
      <div className="absolute -top-1 h-3 w-0.5 -translate-x-1/2 bg-fg" style={{ left: `${clamp(target)}%` }} />
    </div>
  );
}
