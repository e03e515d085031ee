import { FileText, Repeat } from 'lucide-react';
import type { Exposure } from '@tp/shared';
import { Badge } from '@/ui/badge';
import { formatDay } from '../format';
import { DESK_TEXTS } from '../texts';
import { Money } from './money';

/** What falls due next: the nearest open invoices and live forwards, with their dates and amounts. */
export function FallsDueNext({ exposure, today }: { exposure: Exposure; today: string }) {
  if (exposure.next.length === 0) return <p className="text-sm text-muted">{DESK_TEXTS.next.empty}</p>;
  return (
    <ul className="flex flex-col divide-y divide-border text-sm">
      {exposure.next.map((item) => {
        const Icon = item.kind === 'invoice' ? FileText : Repeat;
        return (
          <li key={`${item.kind}-${item.id}`} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
            <Icon aria-hidden="true" className="size-4 shrink-0 text-muted" />
            <span className="tabular w-28">{formatDay(item.date)}</span>
            {item.date < today && <Badge variant="danger">{DESK_TEXTS.invoices.overdue}</Badge>}
            <span className="min-w-0 flex-1 truncate">{item.label}</span>
            <Money value={item.amount} currency={item.currency} />
          </li>
        );
      })}
    </ul>
  );
}
