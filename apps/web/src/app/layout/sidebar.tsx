import {
  BarChart3,
  Flame,
  FolderOpen,
  Home,
  LayoutDashboard,
  LineChart,
  LogOut,
  Settings,
  Trophy,
  User,
  type LucideIcon,
} from 'lucide-react';
import { useEffect } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { DASHBOARD, SIDEBAR } from '@tp/shared';
import { useAuth } from '@/lib/auth-context';
import { useStreak } from './use-streak';
import { paths } from '@/lib/paths';

interface SidebarEntry {
  to: string;
  label: string;
  icon: LucideIcon;
  badge?: 'new' | 'streak';
}

export const SIDEBAR_ENTRIES: SidebarEntry[] = [
  { to: paths.home, label: 'Home', icon: Home },
  { to: paths.dashboard, label: 'Dashboard', icon: LayoutDashboard },
  { to: paths.contentAccess, label: 'Access Content', icon: FolderOpen },
  { to: paths.analytics, label: 'Analytics', icon: BarChart3, badge: 'new' },
  { to: paths.trades, label: 'Trading', icon: LineChart },
  { to: paths.profile, label: 'Profile', icon: User },
  { to: paths.achievements, label: 'Achievements', icon: Trophy, badge: 'streak' },
  { to: paths.settings, label: 'Settings', icon: Settings },
];

interface SidebarProps {
  open: boolean;
  mobile: boolean;
  onClose(): void;
}

export function Sidebar({ open, mobile, onClose }: SidebarProps) {
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const streak = useStreak();
  // the overlay (768 px or narrower) closes on Escape too, and focus goes back to the toggle
  useEffect(() => {
    if (!open || !mobile) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      onClose();
      document.querySelector<HTMLElement>('[aria-controls="app-sidebar"]')?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, mobile, onClose]);
  if (!open) return null;
  const initial = (user?.name || user?.email || '?').trim().charAt(0).toUpperCase();
  const goals = [
    { label: 'Daily Login', done: true },
    { label: 'Check Analytics', done: false },
    { label: 'Upload Content', done: false },
  ];
  const stats = [
    { label: 'Files', value: user?.contentCount ?? 0 },
    { label: 'Views', value: user?.viewCount ?? 0 },
    { label: 'Streak', value: streak },
  ];

  const panel = (
    <aside
      id="app-sidebar"
      aria-label="Sidebar"
      style={{ width: SIDEBAR.widthPx }}
      className={`flex shrink-0 flex-col gap-6 border-r border-border bg-surface p-4 ${
        mobile
          ? 'fixed inset-y-0 left-0 z-50 overflow-y-auto shadow-card'
          : 'sticky top-16 h-[calc(100vh-4rem)] overflow-y-auto'
      }`}
    >
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className="flex size-10 items-center justify-center rounded-full bg-accent font-semibold text-accent-fg"
        >
          {initial}
        </span>
        <div className="min-w-0">
          <p className="truncate font-medium">{user?.name || user?.email}</p>
          <p className="text-sm text-muted">
            <span className="tabular">{streak}</span>-day streak
          </p>
        </div>
      </div>
      <nav aria-label="Sections">
        <ul className="space-y-1">
          {SIDEBAR_ENTRIES.map(({ to, label, icon: Icon, badge }) => (
            <li key={to}>
              <NavLink
                to={to}
                end={to === paths.home}
                onClick={mobile ? onClose : undefined}
                className={({ isActive }) =>
                  `flex min-h-11 items-center gap-3 rounded-md px-3 text-sm ${
                    isActive ? 'bg-surface-2 font-medium text-accent' : 'hover:bg-surface-2'
                  }`
                }
              >
                <Icon aria-hidden="true" className="size-4" />
                <span className="flex-1">{label}</span>
                {badge === 'new' && (
                  <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-accent-fg">New</span>
                )}
                {badge === 'streak' && streak > DASHBOARD.streakBadgeAbove && (
                  <Flame aria-label={`${streak}-day streak`} className="size-4 text-warning" />
                )}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-labelledby="sidebar-goals">
        <h2 id="sidebar-goals" className="text-xs font-semibold uppercase tracking-wide text-muted">
          Today's goals
        </h2>
        <ul className="mt-2 space-y-1 text-sm">
          {goals.map((goal) => (
            <li key={goal.label} className="flex items-center justify-between">
              <span>{goal.label}</span>
              <span className={goal.done ? 'text-gain' : 'text-muted'}>{goal.done ? '✓ Done' : 'Pending'}</span>
            </li>
          ))}
        </ul>
      </section>
      <dl className="grid grid-cols-3 gap-2 text-center">
        {stats.map((s) => (
          <div key={s.label} className="rounded-md bg-surface-2 p-2">
            <dt className="text-xs text-muted">{s.label}</dt>
            <dd className="tabular font-semibold">{s.value}</dd>
          </div>
        ))}
      </dl>
      <button
        type="button"
        onClick={() => void signOut().finally(() => navigate(paths.login, { replace: true, state: { loggedOut: true } }))}
        className="mt-auto inline-flex min-h-11 items-center gap-2 rounded-md border border-border px-3 text-sm hover:bg-surface-2"
      >
        <LogOut aria-hidden="true" className="size-4" /> Log out
      </button>
    </aside>
  );

  if (!mobile) return panel;
  return (
    <>
      <div
        aria-hidden="true"
        data-testid="sidebar-overlay"
        className="fixed inset-0 z-40 bg-black/50"
        onClick={onClose}
      />
      {panel}
    </>
  );
}
