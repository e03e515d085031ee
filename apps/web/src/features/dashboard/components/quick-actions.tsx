import {
  ArrowRight,
  BarChart3,
  CalendarCheck,
  Check,
  FlaskConical,
  Globe,
  LineChart,
  Trophy,
  Upload,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { QUICK_ACTIONS, xpLabel, type QuickActionId } from '@tp/shared';
import { DESK_TEXTS } from '@/features/desk';
import { paths } from '@/lib/paths';

const ACTION_CLASSES =
  'flex min-h-11 w-full items-center gap-3 rounded-md border border-border bg-surface px-3 py-2 text-left text-sm hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-focus';

const ICONS: Record<QuickActionId, LucideIcon> = {
  'upload-content': Upload,
  'test-enhanced-components': FlaskConical,
  'enhanced-trading': LineChart,
  'view-analytics': BarChart3,
  'daily-summary': CalendarCheck,
  'view-achievements': Trophy,
};

/**
 * The six quick actions (docs/product/dashboard.md#quick-actions), each with its XP label. An
 * action's XP counts once a day: once earned, its label says so (the action still switches the
 * section). After them, a link to the exporter desk: it opens another page rather than a section, so
 * it records nothing and earns no XP.
 */
export function QuickActions({
  onAction,
  earned = [],
}: {
  onAction(id: QuickActionId): void;
  /** The actions whose XP already counted today. */
  earned?: readonly QuickActionId[];
}) {
  return (
    // two columns only where the section is wide enough for the longest label beside its XP badge
    <section aria-labelledby="quick-actions-heading" className="@container">
      <h2 id="quick-actions-heading" className="text-lg font-semibold">
        Quick Actions
      </h2>
      <ul className="mt-3 grid grid-cols-1 gap-2 @md:grid-cols-2">
        {QUICK_ACTIONS.map(({ id, label, xp }) => {
          const Icon = ICONS[id];
          const counted = earned.includes(id);
          return (
            <li key={id}>
              <button type="button" onClick={() => onAction(id)} className={ACTION_CLASSES}>
                <Icon aria-hidden="true" className="size-4 shrink-0 text-accent" />
                <span className="min-w-0 flex-1 font-medium">{label}</span>
                <span
                  className={`tabular inline-flex shrink-0 items-center gap-1 whitespace-nowrap rounded-full bg-surface-2 px-2 py-0.5 text-xs ${
                    counted ? 'text-muted' : 'text-gain'
                  }`}
                  title={counted ? 'Earned today: counts again tomorrow' : undefined}
                >
                  {counted && <Check aria-hidden="true" className="size-3" />}
                  {xpLabel(xp)}
                  {counted && <span className="sr-only"> earned today</span>}
                </span>
              </button>
            </li>
          );
        })}
        <li>
          <Link to={paths.desk} className={ACTION_CLASSES}>
            <Globe aria-hidden="true" className="size-4 shrink-0 text-accent" />
            <span className="min-w-0 flex-1 font-medium">{DESK_TEXTS.dashboard.heading}</span>
            <ArrowRight aria-hidden="true" className="size-4 shrink-0 text-muted" />
          </Link>
        </li>
      </ul>
    </section>
  );
}
