import { useState } from 'react';
import { useNavigate } from 'react-router';
import { LogOut, MonitorSmartphone } from 'lucide-react';
import { MESSAGES } from '@tp/shared';
import { useAuth } from '@/features/auth/auth-provider';
import { useDeleteSession } from '@/features/auth/api/delete-session';
import { useSessions } from '@/features/auth/api/get-sessions';
import { PageLayout } from '@/ui/page-layout';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A short device name from a user-agent string. */
export function describeDevice(userAgent: string): string {
  if (!userAgent) return 'Unknown device';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Chrome\//.test(userAgent)
      ? 'Chrome'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'Browser';
  const os = /Windows/.test(userAgent)
    ? 'Windows'
    : /Android/.test(userAgent)
      ? 'Android'
      : /iPhone|iPad/.test(userAgent)
        ? 'iOS'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : 'another system';
  return `${browser} on ${os}`;
}

export default function SettingsPage() {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const sessions = useSessions();
  const endSession = useDeleteSession();
  const [signingOut, setSigningOut] = useState<'here' | 'everywhere' | null>(null);
  const [logoutError, setLogoutError] = useState<string | null>(null);

  const leave = async (everywhere: boolean) => {
    setSigningOut(everywhere ? 'everywhere' : 'here');
    try {
      await signOut({ everywhere });
    } catch {
      setLogoutError(MESSAGES.logoutFailed);
    } finally {
      navigate('/login', { replace: true });
    }
  };

  return (
    <PageLayout title="Settings" subtitle="Your devices and sessions." width="app">
      <section aria-labelledby="sessions-heading" className="max-w-3xl rounded-[var(--radius-card)] border border-border bg-surface p-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="sessions-heading" className="text-lg font-semibold">
            Sessions
          </h2>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              onClick={() => void leave(false)}
              disabled={signingOut !== null}
              className="inline-flex min-h-11 items-center gap-2 rounded-md border border-border px-4 hover:bg-surface-2 disabled:opacity-60"
            >
              <LogOut aria-hidden="true" className="size-4" /> Log out
            </button>
            <button
              type="button"
              onClick={() => void leave(true)}
              disabled={signingOut !== null}
              className="inline-flex min-h-11 items-center gap-2 rounded-md bg-loss px-4 font-medium text-bg disabled:opacity-60"
            >
              {signingOut === 'everywhere' ? 'Logging out...' : 'Log out everywhere'}
            </button>
          </div>
        </div>
        {logoutError && (
          <p role="alert" className="mt-3 text-loss">
            {logoutError}
          </p>
        )}
        {sessions.isPending && (
          <ul aria-label="Loading sessions" className="mt-4 space-y-2">
            {[0, 1].map((i) => (
              <li key={i} className="h-16 animate-pulse rounded-md bg-surface-2" />
            ))}
          </ul>
        )}
        {sessions.isError && (
          <p role="alert" className="mt-4 text-loss">
            Error: {sessions.error.message}{' '}
            <button type="button" onClick={() => void sessions.refetch()} className="min-h-11 underline">
              Retry
            </button>
          </p>
        )}
        {sessions.data && (
          <ul className="mt-4 divide-y divide-border">
            {sessions.data.sessions.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center gap-3 py-3">
                <MonitorSmartphone aria-hidden="true" className="size-5 text-muted" />
                <div className="min-w-0 flex-1">
                  <p className="font-medium">
                    {describeDevice(s.userAgent)}
                    {s.current && <span className="ml-2 rounded-full bg-accent px-2 py-0.5 text-xs text-accent-fg">This device</span>}
                  </p>
                  <p className="text-sm text-muted">
                    {s.ipAddress || 'unknown address'} · last seen {dateTime.format(new Date(s.lastSeenAt))} · expires{' '}
                    {dateTime.format(new Date(s.expiresAt))}
                  </p>
                </div>
                {!s.current && (
                  <button
                    type="button"
                    onClick={() => endSession.mutate(s.id)}
                    disabled={endSession.isPending}
                    aria-label={`End session: ${describeDevice(s.userAgent)}, last seen ${dateTime.format(new Date(s.lastSeenAt))}`}
                    className="min-h-11 rounded-md border border-border px-3 text-sm hover:bg-surface-2"
                  >
                    End session
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </PageLayout>
  );
}
