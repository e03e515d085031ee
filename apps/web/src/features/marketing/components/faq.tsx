import { useId, useState, type ReactNode } from 'react';
import { ChevronDown } from 'lucide-react';
import { Card } from '@/ui/card';

export interface FaqItem {
  question: string;
  answer: ReactNode;
}

/** Disclosure list with one item open at a time (docs/product/public-site.md#faq). */
export function Faq({ items, defaultOpen = null }: { items: FaqItem[]; defaultOpen?: number | null }) {
  const [openIndex, setOpenIndex] = useState<number | null>(defaultOpen);
  const id = useId();
  return (
    <Card elevation="flat" className="divide-y divide-border">
      {items.map((item, index) => {
        const open = openIndex === index;
        const panelId = `${id}-panel-${index}`;
        return (
          <div key={item.question}>
            <h3>
              <button
                type="button"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => setOpenIndex(open ? null : index)}
                className="flex min-h-11 w-full items-center justify-between gap-4 px-5 py-4 text-left font-medium hover:bg-surface-2"
              >
                <span>{item.question}</span>
                <ChevronDown
                  aria-hidden="true"
                  className={`size-5 shrink-0 text-muted transition-transform duration-200 ${open ? 'rotate-180' : ''}`}
                />
              </button>
            </h3>
            <div id={panelId} role="region" aria-label={item.question} hidden={!open} className="px-5 pb-5 text-muted">
              {item.answer}
            </div>
          </div>
        );
      })}
    </Card>
  );
}
