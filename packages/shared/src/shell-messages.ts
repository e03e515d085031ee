/**
 * The catalogue's texts the web app's shell shows (its entry chunk: start-up, lazy chunks, the
 * router's fallback). Part of MESSAGES (./errors), in a module of their own because a bundler takes
 * a module whole: the rest of the catalogue stays out of the landing page's first load.
 */
export const SHELL_MESSAGES = {
  chunkLoadFailed: 'Loading chunk failed',
  rootMissing: 'Failed to find the root element',
  routerFallback: 'Unexpected Application Error!',
} as const;
