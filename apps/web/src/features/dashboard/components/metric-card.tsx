import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/ui/card';

/** One figure with its name; `hint` says where it comes from or what to do next. */
export function MetricCard({
  label,
  value,
  icon: Icon,
  hint,
}: {
  label: string;
  value: ReactNode;
  icon: LucideIcon;
  hint?: ReactNode;
}) {
  return (
    <Card elevation="flat" className="p-4">
      <dt className="flex items-center gap-2 text-sm text-muted">
        <Icon aria-hidden="true" className="size-4" />
        {label}
      </dt>
      <dd className="tabular mt-1 text-right text-2xl font-semibold">{value}</dd>
      {hint && <dd className="mt-1 text-xs text-muted">{hint}</dd>}
    </Card>
  );
}
