import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { isHydratedStart } from '../start-mode';
import { removeAppShell } from '@/lib/app-shell';
import { useAuth } from '@/lib/auth-context';
import { loadChatWidget } from '@/features/chat';
import { loadThemeSync } from '@/features/settings';
import { useRouteTitle } from '@/lib/document-title';
import { isLandingPath } from '@/lib/paths';
import { useViewport } from '@/lib/viewport';
import { Header } from './header';
import { Footer } from './footer';

// Only signed-in pages show the sidebar: it is not part of what a first visit downloads.
const Sidebar = lazy(() => import('./sidebar').then((m) => ({ default: m.Sidebar })));
// The chat button shows 3 s after load at the earliest: its code is not needed for the first paint.
const ChatWidget = lazy(() => loadChatWidget().then((m) => ({ default: m.ChatWidget })));
// A signed-in user's theme is kept on the server (saved on change, adopted on sign-in).
const ThemeSync = lazy(loadThemeSync);

export function MainLayout() {
  const { pathname, key } = useLocation();
  // A hydrated page has been readable, and scrollable, before the app started: restoring the scroll
  // position then would throw the reader back to the top. Scroll restoration starts with the first
  // navigation (the browser's own restoration covers a reload of that page).
  const firstKey = useRef(key);
  const [restoreScroll, setRestoreScroll] = useState(() => !isHydratedStart());
  useEffect(() => {
    if (key !== firstKey.current) setRestoreScroll(true);
  }, [key]);
  useRouteTitle();
  // the page takes over from its prerendered shell in this commit, before the browser paints
  useLayoutEffect(removeAppShell, []);
  const { status } = useAuth();
  const { isSidebarMobile } = useViewport();
  const showSidebar = status === 'authenticated' && !isLandingPath(pathname);
  // open by default on wide screens; closed (an overlay when opened) at 768 px or narrower
  const [open, setOpen] = useState(!isSidebarMobile);
  const sidebarToggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    setOpen(!isSidebarMobile);
  }, [isSidebarMobile]);

  useEffect(() => {
    if (isSidebarMobile) setOpen(false);
  }, [pathname, isSidebarMobile]);

  return (
    <div className="flex min-h-screen flex-col bg-bg text-fg">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-surface focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <Header
        showSidebarToggle={showSidebar}
        sidebarOpen={open}
        onToggleSidebar={() => setOpen((o) => !o)}
        sidebarToggleRef={sidebarToggle}
      />
      <div className="flex flex-1">
        {showSidebar && (
          <Suspense
            fallback={
              // holds the toggle's aria-controls target (and the desktop column) while the sidebar loads
              <div
                id="app-sidebar"
                aria-hidden="true"
                className={open && !isSidebarMobile ? 'w-[280px] shrink-0 border-r border-border bg-surface' : 'hidden'}
              />
            }
          >
            <Sidebar open={open} mobile={isSidebarMobile} onClose={() => setOpen(false)} toggleRef={sidebarToggle} />
          </Suspense>
        )}
        <main id="main" className="min-w-0 flex-1" tabIndex={-1}>
          <Outlet />
          {/* The chat button's strip at the end of every page, there from the first paint (nothing moves
              when the button appears): sticky at the bottom of the screen while the page scrolls under
              it, opaque, so the button never sits over a control; it stops here, above the footer
              (index.css). It sits under every dialog and overlay (z-30 against their z-50). */}
          <div className="chat-dock z-30 flex items-center justify-end border-t border-border bg-surface/95 px-4 backdrop-blur">
            <Suspense fallback={null}>
              <ChatWidget />
            </Suspense>
          </div>
        </main>
      </div>
      <Footer />
      {status === 'authenticated' && (
        <Suspense fallback={null}>
          <ThemeSync />
        </Suspense>
      )}
      {restoreScroll && <ScrollRestoration />}
    </div>
  );
}
