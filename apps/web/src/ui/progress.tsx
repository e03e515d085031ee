import { Progress as RadixProgress } from 'radix-ui';
import { cn } from '@/lib/cn';

export const clampPercent = (value: number) => (Number.isFinite(value) ? Math.min(100, Math.max(0, value)) : 0);

export interface ProgressProps {
  /** 0-100; values outside are clamped. */
  value: number;
  label: string;
  /** Shows the label and the percentage above the bar. */
  showLabel?: boolean;
  tone?: 'accent' | 'gain' | 'warning' | 'loss';
  className?: string;
}

const TONES = { accent: 'bg-accent', gain: 'bg-gain', warning: 'bg-warning', loss: 'bg-loss' } as const;

export function Progress({ value, label, showLabel = false, tone = 'accent', className }: ProgressProps) {
  const percent = clampPercent(value);
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      {showLabel && (
        <div className="flex justify-between text-sm">
          <span>{label}</span>
          <span className="tabular text-muted">{Math.round(percent)}%</span>
        </div>
      )}
      <RadixProgress.Root
        value={percent}
        max={100}
        aria-label={label}
        getValueLabel={(v, max) => `${Math.round((v / max) * 100)}%`}
        className="relative h-2 w-full overflow-hidden rounded-full bg-surface-2"
      >
        <RadixProgress.Indicator
          className={cn('h-full transition-[width] duration-300', TONES[tone])}
          style={{ width: `${percent}%` }}
        />
      </RadixProgress.Root>
    </div>
  );
}
