import { Mail } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/ui/button';

interface ContentHubHeaderProps {
  selectedCount: number;
  onShare(): void;
  /** More actions beside Share Files (the Email Campaign button of the campaigns feature). */
  actions?: ReactNode;
}

/** The Content Hub header: title, what the hub is for, and its actions. */
export function ContentHubHeader({ selectedCount, onShare, actions }: ContentHubHeaderProps) {
  return (
    <header className="mb-4 flex flex-wrap items-end justify-between gap-3">
      <div className="min-w-0">
        <h2 className="text-xl font-semibold">Content Hub</h2>
        <p className="text-sm text-muted">
          Keep invoices, certificates, price lists and product photos; find them by any word inside; send them to a
          buyer.
        </p>
      </div>
      <div className="flex flex-wrap gap-2" data-testid="content-hub-actions">
        <Button onClick={onShare}>
          <Mail aria-hidden="true" className="size-4" />
          Share Files ({selectedCount})
        </Button>
        {actions}
      </div>
    </header>
  );
}
