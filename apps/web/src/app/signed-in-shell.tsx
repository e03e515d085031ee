import type { ComponentType } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { StaticRouter } from 'react-router';
import { SIDEBAR } from '@tp/shared';
import { AuthContext, type AuthContextValue } from '@/lib/auth-context';
import { PAGE_HEADINGS, type PageHeading } from '@/lib/page-headings';
import { NotificationsProvider } from '@/lib/notifications';
import { paths } from '@/lib/paths';
import { queryClient } from '@/lib/query-client';
import { ContentAccessBody } from '@/features/content/content-access-page';
import { DESK_TEXTS } from '@/features/desk';
import { PageLayout } from '@/ui/page-layout';
import { Header } from './layout/header';

/**
 * The signed-in pages that get a prerendered shell (scripts/prerender.mjs; lib/app-shell.ts): the
 * server sends it for their exact address, and the browser paints the header, the sidebar's column
 * and the page's heading before the app's JavaScript has arrived. What follows the heading depends
 * on the user and loads with the app, except a page's `body`: what follows its heading, rendered
 * as the app's first render shows it before any read has answered (its fixed texts, the reads'
 * placeholders).
 */
export const SIGNED_IN_SHELLS: Record<string, PageHeading & { body?: ComponentType }> = {
  [paths.dashboard]: PAGE_HEADINGS.dashboard,
  [paths.trades]: PAGE_HEADINGS.trades,
  // the search tab's fixed texts, larger than the heading, are part of its first paint on a phone
  [paths.contentAccess]: { ...PAGE_HEADINGS.contentAccess, body: ContentAccessBody },
  [paths.analytics]: PAGE_HEADINGS.analytics,
  [paths.desk]: { title: DESK_TEXTS.title, subtitle: DESK_TEXTS.subtitle },
};

const noop = () => {};
const noSession = () => Promise.reject(new Error('the prerendered shell has no session'));
// the header as a signed-in user sees it; nothing in the shell reads the user
const shellAuth: AuthContextValue = {
  status: 'authenticated',
  user: null,
  sessionEndedMessage: null,
  loggedOut: false,
  signIn: noop,
  signOut: noSession,
  refreshUser: noSession,
  setUser: noop,
};

/**
 * The shell of a signed-in page, laid out as MainLayout lays the page out: the header with the
 * sidebar's toggle, the sidebar's column where the sidebar opens by default (wider than
 * SIDEBAR.mobileMaxWidth), and the page's heading where the page puts it.
 */
export function SignedInShell({ path }: { path: string }) {
  const shell = SIGNED_IN_SHELLS[path];
  if (!shell) throw new Error(`no signed-in shell for ${path}`);
  const { body: Body, ...heading } = shell;
  return (
    <StaticRouter location={path}>
      <AuthContext.Provider value={shellAuth}>
        <div className="flex min-h-screen flex-col bg-bg text-fg">
          <Header showSidebarToggle sidebarOpen={false} onToggleSidebar={noop} />
          <div className="flex flex-1">
            <div
              aria-hidden="true"
              // open from SIDEBAR.mobileMaxWidth + 1 px up, as MainLayout opens it (lib/viewport)
              className="hidden shrink-0 border-r border-border bg-surface min-[769px]:block"
              style={{ width: SIDEBAR.widthPx }}
            />
            <div className="min-w-0 flex-1">
              <PageLayout {...heading} width="app">
                {Body && (
                  // inert until the app takes over: its controls are not the app's yet, so a field
                  // cannot take typing that the hand-over would drop
                  <div inert className="contents">
                    <NotificationsProvider>
                      <QueryClientProvider client={queryClient}>
                        <Body />
                      </QueryClientProvider>
                    </NotificationsProvider>
                  </div>
                )}
              </PageLayout>
            </div>
          </div>
        </div>
      </AuthContext.Provider>
    </StaticRouter>
  );
}
