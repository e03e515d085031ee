import { useNotifications } from '@/lib/notifications';
import { Button } from '@/ui/button';
import { DemoSection } from './demo-section';

/** Toasts of every kind; their texts are samples that claim nothing happened. */
export function NotificationDemo() {
  const notify = useNotifications();
  return (
    <DemoSection title="Toast notifications">
      <p className="text-sm text-muted">
        Toasts close by themselves after 5 s (hover to hold), at most 10 are kept, newest first.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => notify.success('Sample success', 'A success notice. Nothing was saved.')}>
          Show success
        </Button>
        <Button variant="danger" onClick={() => notify.error('Sample error', 'An error notice. Nothing failed.')}>
          Show error
        </Button>
        <Button variant="secondary" onClick={() => notify.warning('Sample warning', 'A warning notice.')}>
          Show warning
        </Button>
        <Button
          variant="outline"
          onClick={() => notify.info('Section Changed', 'Now showing: analytics', { duration: 2000 })}
        >
          Show info
        </Button>
        <Button
          variant="outline"
          onClick={() =>
            notify.info('Sample notice with actions', 'Its buttons run an action and close it.', {
              autoClose: false,
              actions: [
                { label: 'Reload', action: () => window.location.reload() },
                { label: 'Later', action: () => undefined, variant: 'secondary' },
              ],
            })
          }
        >
          Show with actions
        </Button>
        <Button variant="ghost" onClick={() => notify.clear()}>
          Clear all
        </Button>
      </div>
    </DemoSection>
  );
}
