import type { ReactElement } from 'react';
import { Dialog } from '@/ui/dialog';

/**
 * The modal widget (docs/product/ui-layer.md#modal-widget): only a placeholder, its real version
 * being disabled; 500 px wide
 * at most.
 */
export function ModalWidget({ trigger, title = 'Modal widget' }: { trigger: ReactElement; title?: string }) {
  return (
    <Dialog trigger={trigger} title={title} size="md">
      <p className="text-sm text-muted">This widget is a placeholder; its full version is not available yet.</p>
    </Dialog>
  );
}
