import type { ReactNode } from 'react';

interface PageLayoutProps {
  title?: string;
  subtitle?: string;
  children?: ReactNode;
  /** Controls beside the title (e.g. the dashboard's "Edit Profile"). */
  actions?: ReactNode;
  /** Public pages are a single column at max 72 rem; app pages use the full width. */
  width?: 'public' | 'app';
}

/** Page layout wrapper: optional title (the page's main heading) and subtitle above the content. */
export function PageLayout({ title, subtitle, actions, children, width = 'public' }: PageLayoutProps) {
  return (
    <div className={`mx-auto w-full px-4 py-8 sm:px-6 ${width === 'public' ? 'max-w-[72rem]' : ''}`}>
      {(title || subtitle) && (
        <header className="mb-6 flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            {title && <h1 className="text-2xl font-semibold sm:text-3xl">{title}</h1>}
            {subtitle && <p className="mt-2 text-muted">{subtitle}</p>}
          </div>
          {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
        </header>
      )}
      {children}
    </div>
  );
}
