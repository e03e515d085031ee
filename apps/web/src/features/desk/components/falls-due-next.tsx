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
          <li key={`${item.kind}-${item.id}`} className="flex items-start gap-3 py-2">
            <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted" />
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                <span className="inline-flex flex-wrap items-center gap-2">
                  <span className="tabular">{formatDay(item.date)}</span>
                  {item.date < today && <Badge variant="danger">{DESK_TEXTS.invoices.overdue}</Badge>}
                </span>
                <Money value={item.amount} currency={item.currency} className="font-medium" />
              </div>
              <p className="break-words text-muted">{item.label}</p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
