import type { ComponentType } from 'react';
import { SHELL_MESSAGES, TIMEOUTS_MS } from '@tp/shared';

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

/**
 * A lazy route module with the spec's 120 s time-out. A chunk missing after a new deployment
 * reloads the page once (the new index.html names the new chunks); a second failure shows the error.
 */
export function lazyRoute(load: () => Promise<{ default: ComponentType }>, timeoutMs: number = TIMEOUTS_MS.lazyChunk) {
  return async () => {
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
