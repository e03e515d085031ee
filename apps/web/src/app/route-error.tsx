import { useLayoutEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { SHELL_MESSAGES } from '@tp/shared';
import { removeAppShell } from '@/lib/app-shell';
import { paths } from '@/lib/paths';
import { ChunkLoadError } from './lazy-route';

/** The router's fallback: "Loading chunk failed" with a retry, or "Unexpected Application Error!". */
export function RouteError() {
  const error = useRouteError();
  // shown in place of the layout: the prerendered shell would otherwise hide it (lib/app-shell)
  useLayoutEffect(removeAppShell, []);
  if (error instanceof ChunkLoadError) {
    return (
      <section role="alert" className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-semibold">{SHELL_MESSAGES.chunkLoadFailed}</h1>
        <p className="mt-2 text-muted">Part of the app could not be downloaded. Check your connection and try again.</p>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="mt-6 min-h-11 rounded-md bg-accent px-4 py-2 font-medium text-accent-fg"
        >
          Retry
        </button>
      </section>
    );
  }
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <section role="alert" className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold">{SHELL_MESSAGES.routerFallback}</h1>
      <p className="mt-2 break-words text-muted">{detail}</p>
      <a href={paths.home} className="mt-6 inline-flex min-h-11 items-center rounded-md border border-border px-4 py-2">
        Back to the home page
      </a>
    </section>
  );
}
