import type { ComponentType } from 'react';
import { SHELL_MESSAGES, TIMEOUTS_MS } from '@tp/shared';
import { readTokens } from '@/features/auth';
import type { FirstRead } from '@/lib/query-client';

export class ChunkLoadError extends Error {
  constructor(cause?: unknown) {
    super(SHELL_MESSAGES.chunkLoadFailed, { cause });
    this.name = 'ChunkLoadError';
  }
}

const RELOAD_FLAG = 'tp.chunkReloaded';

/** sessionStorage can be blocked (privacy settings) and is absent while prerendering. */
function session(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/** A page's first reads: a feature's reads.ts, loaded beside the page's own module. */
export type FirstReadsModule = () => Promise<{ firstReads(): readonly FirstRead[] }>;

/**
 * A lazy route module with the spec's 120 s time-out. A chunk missing after a new deployment
 * reloads the page once (the new index.html names the new chunks); a second failure shows the error.
 * With `firstReads`, a signed-in visitor's page asks for its data while its code loads
 * (docs/decisions/0055); a failed read is asked again by the page, so its failure is not this route's.
 */
export function lazyRoute(
  load: () => Promise<{ default: ComponentType }>,
  { firstReads, timeoutMs = TIMEOUTS_MS.lazyChunk }: { firstReads?: FirstReadsModule; timeoutMs?: number } = {},
) {
  return async () => {
    if (firstReads && readTokens().token) {
      // the query client stays out of the entry chunk (docs/decisions/0012)
      void Promise.all([firstReads(), import('@/lib/query-client')]).then(
        ([reads, { prefetchFirstReads }]) => prefetchFirstReads(reads.firstReads()),
        () => undefined,
      );
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const module = await Promise.race([
        load(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new ChunkLoadError('timeout')), timeoutMs);
        }),
      ]);
      session()?.removeItem(RELOAD_FLAG);
      return { Component: module.default };
    } catch (error) {
      const storage = session();
      if (!(error instanceof ChunkLoadError) && storage && !storage.getItem(RELOAD_FLAG)) {
        storage.setItem(RELOAD_FLAG, '1');
        window.location.reload();
      }
      throw error instanceof ChunkLoadError ? error : new ChunkLoadError(error);
    } finally {
      clearTimeout(timer);
    }
  };
}
