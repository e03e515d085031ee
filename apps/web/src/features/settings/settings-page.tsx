import { useState } from 'react';
import type { AuthSession } from '@tp/shared';
import { useNavigate } from 'react-router';
import { LogOut, MonitorSmartphone } from 'lucide-react';
import { MESSAGES } from '@tp/shared';
import { useAuth } from '@/lib/auth-context';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { LoadError } from '@/ui/load-error';
import { LoadingState } from '@/ui/query-state';
import { Skeleton } from '@/ui/skeleton';
import { PageLayout } from '@/ui/page-layout';
import { useDeleteSession } from './api/delete-session';
import { useSessions } from './api/get-sessions';
import { DashboardPreferences } from './components/dashboard-preferences';
import { DeskPreferences } from './components/desk-preferences';
import { LicensePanel } from './components/license-panel';
import { ThemePreferences } from './components/theme-preferences';
import { describeDevice } from './device-name';
import { paths } from '@/lib/paths';
import { TradingPreferencesSection } from '@/features/trading';
import { Card } from '@/ui/card';
import { useTimeZone } from '@/lib/time-zone';
import { formatDateTime } from '@/lib/format-date';

export default function SettingsPage() {
  const timeZone = useTimeZone();
  const sessions = useSessions();
  const endSession = useDeleteSession();
  const { signingOut, logoutError, leave } = useLeave();
  // what the open confirmation is about: one other session, or every session
  const [confirming, setConfirming] = useState<AuthSession | 'everywhere' | null>(null);

  return (
    <PageLayout
      title="Settings"
      subtitle="Your appearance, dashboard, exporter desk, trading, license, devices and sessions."
      width="app"
    >
      <div className="flex max-w-3xl flex-col gap-6">
        <ThemePreferences />
        <DashboardPreferences />
        <DeskPreferences />
        <TradingPreferencesSection frame="section" />
        <LicensePanel />
        <Card as="section" elevation="flat" aria-labelledby="sessions-heading" className="max-w-3xl p-6">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="sessions-heading" className="text-lg font-semibold">
              Sessions
            </h2>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={() => void leave(false)} disabled={signingOut !== null}>
                <LogOut aria-hidden="true" className="size-4" /> {signingOut === 'here' ? 'Logging out...' : 'Log out'}
              </Button>
              <Button
                variant="danger"
                onClick={() => setConfirming('everywhere')}
                disabled={signingOut !== null}
                loading={signingOut === 'everywhere'}
                loadingText="Logging out..."
              >
                Log out everywhere
              </Button>
            </div>
          </div>
          <p className="mt-2 text-sm text-muted">
            Every browser or device signed in to your account. End one you do not recognise, or log out everywhere.
          </p>
          {logoutError && (
            <Alert variant="error" className="mt-3">
              {logoutError}
            </Alert>
          )}
          {endSession.isError && (
            <Alert variant="error" className="mt-3">
              Error: {endSession.error.message}
            </Alert>
          )}
          {sessions.isPending && (
            <LoadingState label="Loading sessions" className="mt-4 space-y-2">
              <Skeleton className="h-16" />
              <Skeleton className="h-16" />
            </LoadingState>
          )}
          {sessions.isError && (
            <LoadError className="mt-4" error={sessions.error} onRetry={() => void sessions.refetch()} />
          )}
          {sessions.data && sessions.data.sessions.length === 0 && (
            <p className="mt-4 text-muted">No active sessions. Sign in again to start one.</p>
          )}
          {sessions.data && sessions.data.sessions.length > 0 && (
            <ul aria-label="Signed-in devices" className="mt-4 divide-y divide-border">
              {sessions.data.sessions.map((session) => (
                <SessionItem
                  key={session.id}
                  session={session}
                  ending={endSession.isPending && endSession.variables === session.id}
                  busy={endSession.isPending}
                  onEnd={() => setConfirming(session)}
                />
              ))}
            </ul>
          )}
        </Card>
      </div>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={confirming === 'everywhere' ? 'Log out everywhere?' : 'End this session?'}
        description={
          confirming === 'everywhere'
            ? 'Every browser and device signed in to your account is signed out, this one included.'
            : confirming
              ? `${describeDevice(confirming.userAgent)}, last seen ${formatDateTime(confirming.lastSeenAt, timeZone)}, is signed out within a minute.`
              : undefined
        }
        confirmLabel={confirming === 'everywhere' ? 'Log out everywhere' : 'End session'}
        onConfirm={() => {
          const target = confirming;
          setConfirming(null);
          if (target === 'everywhere') void leave(true);
          else if (target) endSession.mutate(target.id);
        }}
      />
    </PageLayout>
  );
}

/** Logging out here or everywhere; a failed "everywhere" keeps this session and says so. */
function useLeave() {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState<'here' | 'everywhere' | null>(null);
  const [logoutError, setLogoutError] = useState<string | null>(null);
  const leave = async (everywhere: boolean) => {
    setSigningOut(everywhere ? 'everywhere' : 'here');
    setLogoutError(null);
    const told = await signOut({ everywhere });
    if (everywhere && !told) {
      // the other devices are still signed in: say so, and keep this session
      setSigningOut(null);
      setLogoutError(MESSAGES.logoutFailed);
      return;
    }
    navigate(paths.login, { replace: true, state: told ? { loggedOut: true } : { error: MESSAGES.logoutFailed } });
  };
  return { signingOut, logoutError, leave };
}

function SessionItem({
  session: s,
  ending,
  busy,
  onEnd,
}: {
  session: AuthSession;
  ending: boolean;
  busy: boolean;
  onEnd(): void;
}) {
  const timeZone = useTimeZone();
  const device = describeDevice(s.userAgent);
  const lastSeen = formatDateTime(s.lastSeenAt, timeZone);
  return (
    <li className="flex flex-wrap items-start gap-x-3 gap-y-2 py-3">
      <MonitorSmartphone aria-hidden="true" className="size-5 shrink-0 text-muted" />
      <div className="min-w-0 flex-1 max-sm:basis-[calc(100%-2rem)]">
        <p className="font-medium">
          {device}
          {s.current && (
            <span className="ml-2 rounded-full bg-accent px-2 py-0.5 text-xs text-accent-fg">This device</span>
          )}
        </p>
        <p className="text-sm text-muted">
          IP {s.ipAddress || 'unknown'} · last seen <time dateTime={s.lastSeenAt}>{lastSeen}</time> · expires{' '}
          <time dateTime={s.expiresAt}>{formatDateTime(s.expiresAt, timeZone)}</time>
        </p>
      </div>
      {!s.current && (
        // on a phone the button starts its own line at the left, clear of the chat button
        <Button
          variant="outline"
          size="sm"
          className="ml-8 sm:ml-0"
          onClick={onEnd}
          loading={ending}
          disabled={busy}
          aria-label={`End session: ${device}, last seen ${lastSeen}`}
        >
          End session
        </Button>
      )}
    </li>
  );
}
