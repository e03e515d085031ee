import { CheckCircle2, ChevronDown } from 'lucide-react';
import { useId, useState, type ComponentType, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { useComponentState } from './component-state';
import { Badge } from '@/ui/badge';
import { Card, type CardElevation } from '@/ui/card';
import { clampPercent, Progress } from '@/ui/progress';

/**
 * Action card (docs/product/ui-layer.md#design-system): title, description, icon, variant, size,
 * interactive, elevation, disabled, loading, points, level, progress, badge.
 */
export interface ActionCardProps {
  title: string;
  description?: string;
  icon?: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  variant?: 'default' | 'accent' | 'success' | 'warning';
  size?: 'sm' | 'md' | 'lg';
  /** Clicking the card expands or collapses its details. */
  interactive?: boolean;
  elevation?: CardElevation;
  disabled?: boolean;
  loading?: boolean;
  /** XP earned once the progress reaches 100. */
  points?: number;
  level?: number;
  /** 0-100; clamped. */
  progress?: number;
  badge?: string;
  /** Keeps the expanded state across remounts (per-component state). */
  componentId?: string;
  /** The details shown when expanded. */
  children?: ReactNode;
  className?: string;
}

const VARIANTS = {
  default: '',
  accent: 'border-accent/60',
  success: 'border-gain/60',
  warning: 'border-warning/60',
} as const;
const SIZES = { sm: 'p-3', md: 'p-4', lg: 'p-6' } as const;

function useExpanded(componentId: string | undefined): [boolean, (v: boolean) => void] {
  const [own, setOwn] = useState(false);
  const [shared, setShared] = useComponentState(`action-card:${componentId ?? ''}`, false);
  return componentId ? [shared, setShared] : [own, setOwn];
}

export function ActionCard({
  title,
  description,
  icon: Icon,
  variant = 'default',
  size = 'md',
  interactive = false,
  elevation = 'raised',
  disabled = false,
  loading = false,
  points,
  level,
  progress,
  badge,
  componentId,
  children,
  className,
}: ActionCardProps) {
  const detailsId = useId();
  const [expanded, setExpanded] = useExpanded(componentId);
  const percent = progress === undefined ? undefined : clampPercent(progress);
  const completed = percent === 100;
  const canExpand = interactive && !disabled && !loading;

  const heading = (
    <span className="flex min-w-0 flex-1 items-start gap-3 text-left">
      {Icon && (
        <span className="flex size-10 shrink-0 items-center justify-center rounded-md bg-surface-2 text-accent">
          <Icon aria-hidden="true" className="size-5" />
        </span>
      )}
      <span className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{title}</span>
          {badge && <Badge variant="accent">{badge}</Badge>}
          {level !== undefined && <Badge variant="outline">Level {level}</Badge>}
        </span>
        {description && <span className="text-sm text-muted">{description}</span>}
      </span>
      {points !== undefined && (
        <span className={cn('tabular shrink-0 text-sm font-semibold', completed ? 'text-gain' : 'text-accent')}>
          +{points} XP
        </span>
      )}
    </span>
  );

  return (
    <Card
      elevation={elevation}
      aria-busy={loading || undefined}
      data-completed={completed || undefined}
      className={cn(SIZES[size], VARIANTS[variant], disabled && 'opacity-60', className)}
    >
      {interactive ? (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={detailsId}
          disabled={!canExpand}
          onClick={() => setExpanded(!expanded)}
          className="-m-2 flex min-h-11 w-[calc(100%+1rem)] items-start gap-2 rounded-md p-2 hover:bg-surface-2/60 disabled:cursor-not-allowed"
        >
          {heading}
          <ChevronDown
            aria-hidden="true"
            className={cn('mt-1 size-4 shrink-0 text-muted transition-transform', expanded && 'rotate-180')}
          />
        </button>
      ) : (
        <div className="flex items-start gap-2">{heading}</div>
      )}
      {percent !== undefined && (
        <div className="mt-3 flex items-center gap-3">
          <Progress
            value={percent}
            label={`${title} progress`}
            tone={completed ? 'gain' : 'accent'}
            className="flex-1"
          />
          <span className="tabular w-10 text-right text-sm text-muted">{Math.round(percent)}%</span>
        </div>
      )}
      {completed && (
        <p className="mt-2 flex items-center gap-1 text-sm text-gain">
          <CheckCircle2 aria-hidden="true" className="size-4" /> Completed
          {points !== undefined && <span className="tabular">· {points} XP earned</span>}
        </p>
      )}
      {loading && <p className="mt-2 text-sm text-muted">Loading…</p>}
      {interactive && (
        <div id={detailsId} hidden={!expanded} className="mt-3 text-sm">
          {children}
        </div>
      )}
    </Card>
  );
}
