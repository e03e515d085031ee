import { useSyncExternalStore } from 'react';

export interface ResourceState<T> {
  status: 'pending' | 'success' | 'error';
  data: T | undefined;
  error: unknown;
}

export interface PageResource<T> {
  subscribe(listener: () => void): () => void;
  getSnapshot(): ResourceState<T>;
  /** Forgets the value and any request in flight; readers still mounted see it pending and load it again. */
  reset(): void;
}

const PENDING: ResourceState<never> = { status: 'pending', data: undefined, error: undefined };
const registry = new Set<PageResource<unknown>>();

/**
 * Public data the landing page and the shell read (config, stats): loaded when the first reader
 * mounts, shared by every reader, refreshed every `refreshMs` while anything reads it. TanStack
 * Query stays off the landing page's critical path (docs/decisions/0012); everything behind it
 * still uses TanStack Query. A failed refresh keeps the last good value.
 */
export function pageResource<T>(
  load: (signal: AbortSignal) => Promise<T>,
  { refreshMs }: { refreshMs?: number } = {},
): PageResource<T> {
  let state: ResourceState<T> = PENDING;
  let loadedAt = 0;
  let inFlight: AbortController | null = null;
  let timer: ReturnType<typeof setInterval> | undefined;
  const listeners = new Set<() => void>();

  const publish = (next: ResourceState<T>) => {
    state = next;
    for (const listener of listeners) listener();
  };

  function fetchNow() {
    if (inFlight) return;
    const controller = new AbortController();
    inFlight = controller;
    load(controller.signal).then(
      (data) => {
        if (inFlight !== controller) return;
        inFlight = null;
        loadedAt = Date.now();
        publish({ status: 'success', data, error: undefined });
      },
      (error: unknown) => {
        if (inFlight !== controller) return;
        inFlight = null;
        if (state.status !== 'success') publish({ status: 'error', data: undefined, error });
      },
    );
  }

  const resource: PageResource<T> = {
    subscribe(listener) {
      listeners.add(listener);
      const stale = refreshMs !== undefined && Date.now() - loadedAt >= refreshMs;
      if (state.status !== 'success' || stale) fetchNow();
      if (refreshMs !== undefined && listeners.size === 1) timer = setInterval(fetchNow, refreshMs);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) clearInterval(timer);
      };
    },
    getSnapshot: () => state,
    reset() {
      inFlight?.abort();
      inFlight = null;
      loadedAt = 0;
      publish(PENDING);
      if (listeners.size > 0) fetchNow(); // readers still mounted load it again
    },
  };
  registry.add(resource as PageResource<unknown>);
  return resource;
}

/** Reads a page resource; the prerendered page and the first hydrating render see it pending. */
export function useResource<T>(resource: PageResource<T>): ResourceState<T> {
  return useSyncExternalStore(resource.subscribe, resource.getSnapshot, () => PENDING);
}

export function resetPageResources(): void {
  for (const resource of registry) resource.reset();
}
