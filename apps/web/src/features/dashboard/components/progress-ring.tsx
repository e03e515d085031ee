import { clampPercent } from '@/ui/progress';

/** Today's progress as a ring, with the percentage in its middle. */
export function ProgressRing({ percent, size = 120, label }: { percent: number; size?: number; label: string }) {
  const value = clampPercent(percent);
  const stroke = 10;
  const radius = (size - stroke) / 2;
  const circumference = 2 * Math.PI * radius;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      className="relative inline-flex shrink-0 items-center justify-center"
      style={{ width: size, height: size }}
    >
      <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} aria-hidden="true" className="-rotate-90">
        <circle cx={size / 2} cy={size / 2} r={radius} fill="none" strokeWidth={stroke} className="stroke-surface-2" />
        <circle
          cx={size / 2}
          cy={size / 2}
          r={radius}
          fill="none"
          strokeWidth={stroke}
          strokeLinecap="round"
          strokeDasharray={circumference}
          strokeDashoffset={circumference * (1 - value / 100)}
          className={`${value >= 100 ? 'stroke-gain' : 'stroke-accent'} transition-[stroke-dashoffset] duration-300 motion-reduce:transition-none`}
        />
      </svg>
      <span className="tabular absolute text-2xl font-semibold">{value}%</span>
    </div>
  );
}
