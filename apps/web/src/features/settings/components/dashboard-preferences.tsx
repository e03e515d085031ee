import { useMemo } from 'react';
import { THEME_MODES, type ThemeMode } from '@tp/shared';
import { useTheme } from '@/lib/theme';
import { Alert } from '@/ui/alert';
import { LoadError } from '@/ui/load-error';
import { Select } from '@/ui/select';
import { SkeletonText } from '@/ui/skeleton';
import { usePreferences } from '../api/get-preferences';
import { useUpdatePreferences } from '../api/update-preferences';

const THEME_NAMES: Record<ThemeMode, string> = { light: 'Light', dark: 'Dark', auto: 'Auto (follow the system)' };
const SOURCE_NAMES = {
  default: 'not chosen yet (UTC)',
  browser: 'taken from your browser',
  user: 'chosen by you',
} as const;

function timeZones(current: string): string[] {
  const listed = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return listed.includes(current) ? listed : [current, ...listed];
}

/**
 * Dashboard preferences kept on the server (spec 02 §3 display: theme, language, time zone). The
 * time zone decides when the user's day — streak, progress, goals — turns.
 */
export function DashboardPreferences() {
  const preferences = usePreferences();
  const update = useUpdatePreferences();
  const theme = useTheme();
  const zone = preferences.data?.display.timezone ?? 'UTC';
  const zones = useMemo(() => timeZones(zone), [zone]);

  return (
    <section
      aria-labelledby="dashboard-preferences-heading"
      className="rounded-[var(--radius-card)] border border-border bg-surface p-6"
    >
      <h2 id="dashboard-preferences-heading" className="text-lg font-semibold">
        Dashboard preferences
      </h2>
      {preferences.data ? (
        <div className="mt-4 flex flex-col gap-4 text-sm">
          <div className="flex flex-col gap-1">
            <span id="pref-timezone" className="font-medium">
              Time zone
            </span>
            <Select
              aria-label="Time zone"
              value={zone}
              options={zones.map((z) => ({ value: z, label: z.replaceAll('_', ' ') }))}
              onValueChange={(timezone) => update.mutate({ display: { timezone } })}
            />
            <p className="text-muted">
              Your day (streak, progress and goals) turns at midnight here;{' '}
              {SOURCE_NAMES[preferences.data.display.timezoneSource]}.
            </p>
          </div>
          <div className="flex flex-col gap-1">
            <span className="font-medium">Theme</span>
            <Select
              aria-label="Theme"
              value={preferences.data.theme.mode}
              options={THEME_MODES.map((mode) => ({ value: mode, label: THEME_NAMES[mode] }))}
              onValueChange={(mode) => {
                theme.setMode(mode as ThemeMode);
                update.mutate({ theme: { mode: mode as ThemeMode } });
              }}
            />
          </div>
          <p className="text-muted">Language: English.</p>
          {update.isError && <Alert variant="error">Error: {update.error.message}</Alert>}
          {preferences.data.lastSyncTime && (
            <p className="text-xs text-muted">Saved {new Date(preferences.data.lastSyncTime).toLocaleString()}.</p>
          )}
        </div>
      ) : preferences.isError ? (
        <LoadError className="mt-3" message={preferences.error.message} onRetry={() => void preferences.refetch()} />
      ) : (
        <SkeletonText lines={3} label="Loading your preferences" className="mt-3" />
      )}
    </section>
  );
}
