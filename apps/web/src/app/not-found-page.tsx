import { Link, useLocation } from 'react-router';
import { paths } from '@/lib/paths';

export default function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <p className="text-sm font-medium text-accent">404</p>
      <h1 className="mt-2 text-3xl font-semibold">Page not found</h1>
      <p className="mt-3 break-words text-muted">
        There is no page at <code className="font-mono">{pathname}</code>. It may have moved, or the link may be
        mistyped.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link
          to={paths.home}
          className="inline-flex min-h-11 items-center rounded-md bg-accent px-4 py-2 font-medium text-accent-fg"
        >
          Go to the home page
        </Link>
        <Link
          to={paths.contact}
          className="inline-flex min-h-11 items-center rounded-md border border-border px-4 py-2"
        >
          Contact support
        </Link>
      </div>
    </section>
  );
}
