import { lazy, Suspense, type Ref } from 'react';
import { ClientOnly } from '@/lib/client-only';
import { LayoutDashboard, Menu, TrendingUp } from 'lucide-react';
import { Link, NavLink } from 'react-router';
import { PRODUCT_NAME, TAGLINE } from '@tp/shared';
import { useAuth } from '@/lib/auth-context';
import { paths, storyPath } from '@/lib/paths';

// the theme store loads after the first paint anyway; keep it out of the entry chunk
const ThemeToggle = lazy(() => import('@/ui/theme-toggle'));
// the toggle shows the stored theme, known only in the browser
const themeTogglePlaceholder = <span aria-hidden="true" className="size-11 shrink-0" />;

interface HeaderProps {
  showSidebarToggle: boolean;
  sidebarOpen: boolean;
  onToggleSidebar(): void;
  /** The menu button, where focus returns when the overlay sidebar closes. */
  sidebarToggleRef?: Ref<HTMLButtonElement>;
}

// the header's "Featured story" link (docs/product/shell.md#header)
const FEATURED_STORY = 'github-cloudflare';

// on a phone the links are a little smaller and tighter, so the product name keeps its full size
const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-11 items-center whitespace-nowrap rounded-md px-1 text-[13px] font-medium hover:bg-surface-2 sm:px-3 sm:text-sm ${
    isActive ? 'text-accent' : 'text-fg'
  }`;

export function Header({ showSidebarToggle, sidebarOpen, onToggleSidebar, sidebarToggleRef }: HeaderProps) {
  const signedIn = useAuth().status === 'authenticated';
  return (
    <header className="sticky top-0 z-30 border-b border-border bg-surface/95 backdrop-blur">
      <div className="flex h-16 items-center gap-1 px-2 sm:gap-2 sm:px-4">
        {showSidebarToggle && (
          <button
            ref={sidebarToggleRef}
            type="button"
            onClick={onToggleSidebar}
            aria-label={sidebarOpen ? 'Close sidebar' : 'Open sidebar'}
            aria-expanded={sidebarOpen}
            aria-controls="app-sidebar"
            className="inline-flex size-11 items-center justify-center rounded-md hover:bg-surface-2"
          >
            <Menu aria-hidden="true" className="size-5" />
          </button>
        )}
        {/* the link's name must contain its visible text (WCAG 2.5.3), so the tagline sits beside the
            link; the link's ::after still makes the whole logo block the 44 px target */}
        {/* on a phone the lock-up is the name on one line over the tagline (smaller, on up to two lines,
            cut short with an ellipsis when the links leave less room), without the logo's icon; from
            sm the icon, then the name and the tagline on one line each, which may truncate */}
        <div className="relative flex min-h-11 min-w-min flex-1 items-center gap-1.5 sm:min-w-0 sm:flex-initial sm:gap-2 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-focus">
          <TrendingUp aria-hidden="true" className="size-6 shrink-0 text-accent max-sm:hidden" />
          <span className="flex min-w-0 flex-1 flex-col leading-tight sm:overflow-hidden">
            <Link
              to={paths.home}
              aria-label={`${PRODUCT_NAME} home`}
              className="whitespace-nowrap text-sm/tight font-semibold after:absolute after:inset-0 after:content-[''] focus-visible:outline-none sm:truncate sm:text-base"
            >
              {PRODUCT_NAME}
            </Link>
            <span className="line-clamp-2 text-[10px] leading-3 text-muted sm:line-clamp-1 sm:text-xs">{TAGLINE}</span>
          </span>
        </div>
        {/* in order (docs/product/shell.md#header): sign-in (the dashboard once signed in), featured story, stories */}
        <nav aria-label="Main" className="ml-auto flex items-center sm:gap-1">
          {signedIn ? (
            // beside the sidebar's toggle a phone gets Dashboard from the sidebar, which lists it first
            // elsewhere a phone shows it as its icon, leaving the product name its line
            <NavLink
              to={paths.dashboard}
              aria-label="Dashboard"
              title="Dashboard"
              className={(state) =>
                `${navLinkClass(state)} ${showSidebarToggle ? 'max-sm:hidden' : 'max-sm:w-11 max-sm:justify-center'}`
              }
            >
              <LayoutDashboard aria-hidden="true" className="size-5 sm:hidden" />
              <span className="max-sm:hidden">Dashboard</span>
            </NavLink>
          ) : (
            <NavLink to={paths.login} className={navLinkClass}>
              Sign in
            </NavLink>
          )}
          <NavLink to={storyPath(FEATURED_STORY)} className={navLinkClass}>
            <span className="sm:hidden">Featured</span>
            <span className="hidden sm:inline">Featured story</span>
          </NavLink>
          <NavLink to={paths.stories} end className={navLinkClass}>
            Stories
          </NavLink>
        </nav>
        <ClientOnly fallback={themeTogglePlaceholder}>
          <Suspense fallback={themeTogglePlaceholder}>
            <ThemeToggle />
          </Suspense>
        </ClientOnly>
      </div>
    </header>
  );
}
