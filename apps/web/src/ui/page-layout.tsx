import type { ReactNode } from 'react';

interface PageLayoutProps {
  title?: string;
  subtitle?: string;
  children?: ReactNode;
  /** Public pages are a single column at max 72 rem; app pages use the full width. */
  width?: 'public' | 'app';
}

/** Page layout wrapper: optional title (the page's main heading) and subtitle above the content. */
export function PageLayout({ title, subtitle, children, width = 'public' }: PageLayoutProps) {
  return (
    <div className={`mx-auto w-full px-4 py-8 sm:px-6 ${width === 'public' ? 'max-w-[72rem]' : ''}`}>
      {(title || subtitle) && (
        <header className="mb-6">
          {title && <h1 className="text-2xl font-semibold sm:text-3xl">{title}</h1>}
          {subtitle && <p className="mt-2 text-muted">{subtitle}</p>}
        </header>
      )}
      {children}
    </div>
  );
}
