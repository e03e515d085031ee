import { useSyncExternalStore } from 'react';

/**
 * Loading state of the client (spec 02 §3): one global flag and per-component flags. Buttons are
 * disabled while the global flag is set. Not persisted.
 */
export interface LoadingState {
  global: boolean;
  components: Readonly<Record<string, boolean>>;
}

let state: LoadingState = { global: false, components: {} };
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export const loadingStore = {
  getState: (): LoadingState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  setGlobal(loading: boolean): void {
    if (state.global === loading) return;
    state = { ...state, global: loading };
    emit();
  },
  setComponent(id: string, loading: boolean): void {
    if (Boolean(state.components[id]) === loading) return;
    const components = { ...state.components };
    if (loading) components[id] = true;
    else delete components[id];
    state = { ...state, components };
    emit();
  },
  reset(): void {
    state = { global: false, components: {} };
    emit();
  },
};

export const setGlobalLoading = (loading: boolean) => loadingStore.setGlobal(loading);
export const setComponentLoading = (id: string, loading: boolean) => loadingStore.setComponent(id, loading);

/** Sets the global flag while `work` runs (also when it fails). */
export async function withGlobalLoading<T>(work: () => Promise<T>): Promise<T> {
  loadingStore.setGlobal(true);
  try {
    return await work();
  } finally {
    loadingStore.setGlobal(false);
  }
}

export function useGlobalLoading(): boolean {
  return useSyncExternalStore(
    loadingStore.subscribe,
    () => state.global,
    () => false,
  );
}

export function useComponentLoading(id: string): boolean {
  return useSyncExternalStore(
    loadingStore.subscribe,
    () => Boolean(state.components[id]),
    () => false,
  );
}
