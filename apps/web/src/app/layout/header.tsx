import { lazy, Suspense } from 'react';
import { ClientOnly } from '@/lib/client-only';
import { Menu, TrendingUp } from 'lucide-react';
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
}

// the header's "Featured story" link (spec 01 §2)
const FEATURED_STORY = 'github-cloudflare';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-11 items-center whitespace-nowrap rounded-md px-1.5 text-sm font-medium hover:bg-surface-2 sm:px-3 ${
    isActive ? 'text-accent' : 'text-fg'
  }`;

export function Header({ showSidebarToggle, sidebarOpen, onToggleSidebar }: HeaderProps) {
  const signedIn = useAuth().status === 'authenticated';
  return (
    <header className="sticky top-0 z-30 border-b border-border bg-surface/95 backdrop-blur">
      <div className="flex h-16 items-center gap-2 px-2 sm:px-4">
        {showSidebarToggle && (
          <button
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
        <div className="relative flex min-h-11 min-w-0 items-center gap-2 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-focus">
          <TrendingUp aria-hidden="true" className="size-6 shrink-0 text-accent" />
          <span className="flex min-w-0 flex-col overflow-hidden leading-tight">
            <Link
              to={paths.home}
              aria-label={`${PRODUCT_NAME} home`}
              className="text-sm font-semibold after:absolute after:inset-0 after:content-[''] focus-visible:outline-none sm:truncate sm:text-base"
            >
              {PRODUCT_NAME}
            </Link>
            {/* on a phone the name takes two lines and the hero carries the tagline */}
            <span className="hidden truncate text-xs text-muted sm:block">{TAGLINE}</span>
          </span>
        </div>
        <nav aria-label="Main" className="ml-auto flex items-center sm:gap-1">
          <NavLink to={paths.stories} end className={navLinkClass}>
            Stories
          </NavLink>
          <NavLink to={storyPath(FEATURED_STORY)} className={navLinkClass}>
            <span className="sm:hidden">Featured</span>
            <span className="hidden sm:inline">Featured story</span>
          </NavLink>
          {signedIn ? (
            <NavLink to={paths.dashboard} className={navLinkClass}>
              Dashboard
            </NavLink>
          ) : (
            <NavLink to={paths.login} className={navLinkClass}>
              Sign in
            </NavLink>
          )}
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
