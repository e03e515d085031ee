import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

export type BadgeVariant = 'default' | 'accent' | 'success' | 'warning' | 'danger' | 'info' | 'outline';

const VARIANTS: Record<BadgeVariant, string> = {
  default: 'bg-surface-2 text-fg',
  accent: 'bg-accent text-accent-fg',
  success: 'border border-gain/60 text-gain',
  warning: 'border border-warning/60 text-warning',
  danger: 'border border-loss/60 text-loss',
  info: 'border border-info/60 text-info',
  outline: 'border border-border text-fg',
};

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  variant?: BadgeVariant;
}

export function Badge({ variant = 'default', className, ...rest }: BadgeProps) {
  return (
    <span
      className={cn(
        'tabular inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold',
        VARIANTS[variant],
        className,
      )}
      {...rest}
    />
  );
}
