import {
  BarChart3,
  Flame,
  FolderOpen,
  Globe,
  Home,
  LayoutDashboard,
  LineChart,
  LogOut,
  Settings,
  Trophy,
  User,
  type LucideIcon,
} from 'lucide-react';
import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { DASHBOARD, DAILY_GOALS, SIDEBAR } from '@tp/shared';
import { useActivity } from '@/features/dashboard';
import { useAuth } from '@/lib/auth-context';
import { queryClient } from '@/lib/query-client';
import { Avatar } from '@/ui/avatar';
import { Skeleton } from '@/ui/skeleton';
import { MobileSidebar } from '@/ui/mobile-sidebar';
import { cacheStreak, readCachedStreak } from './streak-cache';
import { paths } from '@/lib/paths';

interface SidebarEntry {
  to: string;
  label: string;
  icon: LucideIcon;
  /** "new": until the user first opens the page (Analytics, as the server recorded it); "streak": a fire above 5 days. */
  badge?: 'new' | 'streak';
}

export const SIDEBAR_ENTRIES: SidebarEntry[] = [
  { to: paths.home, label: 'Home', icon: Home },
  { to: paths.dashboard, label: 'Dashboard', icon: LayoutDashboard },
  { to: paths.contentAccess, label: 'Access Content', icon: FolderOpen },
  { to: paths.analytics, label: 'Analytics', icon: BarChart3, badge: 'new' },
  { to: paths.trades, label: 'Trading', icon: LineChart },
  { to: paths.desk, label: 'Exporter desk', icon: Globe },
  { to: paths.profile, label: 'Profile', icon: User },
  { to: paths.achievements, label: 'Achievements', icon: Trophy, badge: 'streak' },
  { to: paths.settings, label: 'Settings', icon: Settings },
];

interface SidebarProps {
  open: boolean;
  mobile: boolean;
  onClose(): void;
  /** The header's menu button: focus goes back to it when the overlay closes. */
  toggleRef: RefObject<HTMLButtonElement | null>;
}

/**
 * The layout sits above the query layout (TanStack Query stays off the landing page, 0012): the
 * sidebar joins the app's one query cache itself, so it and the dashboard share the activity.
 */
function WithQueryClient({ children }: { children: ReactNode }) {
  const client = useContext(QueryClientContext);
  return client ? children : <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

export function Sidebar(props: SidebarProps) {
  if (!props.open) return null;
  return (
    <WithQueryClient>
      <SidebarPanel {...props} />
    </WithQueryClient>
  );
}

/** A figure of the sidebar: the server's, a placeholder while it loads, "—" when it failed. */
function Figure({ value, failed }: { value: number | null | undefined; failed: boolean }) {
  if (value !== null && value !== undefined) return <span className="tabular">{value}</span>;
  if (failed) return <span title="Could not load">—</span>;
  return (
    <>
      <Skeleton inline rounding="sm" className="h-3 w-5" />
      <span className="sr-only">Loading</span>
    </>
  );
}

/** The activity the sidebar shows, and the streak cached in the browser while it loads. */
function useSidebarActivity(user: ReturnType<typeof useAuth>['user']) {
  const userId = user?.id;
  const activity = useActivity();
  const data = activity.data;
  // the browser's copy of the streak is a cache of the server's figure
  useEffect(() => {
    if (data && userId)
      cacheStreak(localStorage, userId, {
        count: data.streak.current,
        lastDate: data.date,
        timeZone: data.timeZone,
      });
  }, [data, userId]);
  // an upload (or a view) elsewhere refreshes the session's user: its figures and goals are read again
  const { refetch } = activity;
  const counted = useRef(`${user?.contentCount}/${user?.viewCount}`);
  useEffect(() => {
    const now = `${user?.contentCount}/${user?.viewCount}`;
    if (now === counted.current) return;
    counted.current = now;
    void refetch();
  }, [user?.contentCount, user?.viewCount, refetch]);
  const streak = data?.counts.streak ?? (userId ? readCachedStreak(localStorage, userId) : null);
  const failed = activity.isError && !data;
  return { data, streak, failed };
}

function SidebarNav({
  onNavigate,
  analyticsOpened,
  streak,
}: {
  onNavigate: (() => void) | undefined;
  analyticsOpened: boolean | undefined;
  streak: number | null | undefined;
}) {
  return (
    <nav aria-label="Sections">
      <ul className="space-y-1">
        {SIDEBAR_ENTRIES.map(({ to, label, icon: Icon, badge }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={to === paths.home}
              onClick={onNavigate}
              className={({ isActive }) =>
                `flex min-h-11 items-center gap-3 rounded-md px-3 text-sm ${
                  isActive ? 'bg-surface-2 font-medium text-accent' : 'hover:bg-surface-2'
                }`
              }
            >
              <Icon aria-hidden="true" className="size-4" />
              <span className="flex-1">{label}</span>
              {badge === 'new' && analyticsOpened === false && (
                <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-accent-fg">New</span>
              )}
              {badge === 'streak' && streak != null && streak > DASHBOARD.streakBadgeAbove && (
                <Flame aria-label={`${streak}-day streak`} className="size-4 text-warning" />
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function SidebarPanel({ mobile, onClose, toggleRef }: SidebarProps) {
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const { data, streak, failed } = useSidebarActivity(user);
  // today's goals: each done by its real event of the user's day (docs/decisions/0034)
  const goals = DAILY_GOALS.map((goal) => ({
    label: goal.label,
    done: data?.goals.find((g) => g.id === goal.id)?.status === 'done',
  }));
  const stats = [
    { label: 'Files', value: data?.counts.files },
    { label: 'Views', value: data?.counts.views },
    { label: 'Streak', value: streak },
  ];

  const sections = (
    <>
      {/* in the overlay, the close button sits at the right of this row */}
      <div className={mobile ? 'flex items-center gap-3 pr-10' : 'flex items-center gap-3'}>
        <Avatar name={user?.name || user?.email || ''} decorative />
        <div className="min-w-0">
          <p className="truncate font-medium">{user?.name || user?.email}</p>
          <p className="text-sm text-muted">
            {streak == null && failed ? (
              'Streak unavailable'
            ) : (
              <>
                <Figure value={streak} failed={failed} />
                -day streak
              </>
            )}
          </p>
        </div>
      </div>
      <SidebarNav onNavigate={mobile ? onClose : undefined} analyticsOpened={data?.analyticsOpened} streak={streak} />
      <section aria-labelledby="sidebar-goals">
        <h2 id="sidebar-goals" className="text-xs font-semibold uppercase tracking-wide text-muted">
          Today's goals
        </h2>
        <ul className="mt-2 space-y-1 text-sm">
          {goals.map((goal) => (
            <li key={goal.label} className="flex items-center justify-between">
              <span>{goal.label}</span>
              {data ? (
                <span className={goal.done ? 'text-gain' : 'text-muted'}>{goal.done ? '✓ Done' : 'Pending'}</span>
              ) : (
                <Figure value={null} failed={failed} />
              )}
            </li>
          ))}
        </ul>
      </section>
      <dl className="grid grid-cols-3 gap-2 text-center">
        {stats.map((s) => (
          <div key={s.label} className="rounded-md bg-surface-2 p-2">
            <dt className="text-xs text-muted">{s.label}</dt>
            <dd className="font-semibold">
              <Figure value={s.value} failed={failed} />
            </dd>
          </div>
        ))}
      </dl>
      <button
        type="button"
        onClick={() =>
          void signOut().finally(() => navigate(paths.login, { replace: true, state: { loggedOut: true } }))
        }
        className="mt-auto inline-flex min-h-11 items-center gap-2 rounded-md border border-border px-3 text-sm hover:bg-surface-2"
      >
        <LogOut aria-hidden="true" className="size-4" /> Log out
      </button>
    </>
  );

  if (!mobile)
    return (
      // the column runs the full height of the page; its content stays in view while the page scrolls
      <aside
        id="app-sidebar"
        aria-label="Sidebar"
        style={{ width: SIDEBAR.widthPx }}
        className="shrink-0 self-stretch border-r border-border bg-surface"
      >
        <div className="sticky top-16 flex h-[calc(100vh-4rem)] flex-col gap-6 overflow-y-auto p-4">{sections}</div>
      </aside>
    );
  // at 768 px or narrower: an overlay that traps focus, closes on Escape or the backdrop, and gives
  // focus back to the menu button
  return (
    <MobileSidebar
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Sidebar"
      hideTitle
      closeLabel="Close sidebar"
      returnFocusTo={toggleRef}
    >
      <aside id="app-sidebar" aria-label="Sidebar" className="flex flex-1 flex-col gap-6">
        {sections}
      </aside>
    </MobileSidebar>
  );
}
