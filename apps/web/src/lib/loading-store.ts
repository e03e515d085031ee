import { useSyncExternalStore } from 'react';

/**
 * The global loading flag of the client (docs/product/ui-layer.md#global-loading-flag): while it is
 * set, every button is disabled
 * (the app provides it as ControlsDisabledContext). Not persisted.
 */
let global = false;
const listeners = new Set<() => void>();

export const loadingStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  setGlobal(loading: boolean): void {
    if (global === loading) return;
    global = loading;
    listeners.forEach((listener) => listener());
  },
  reset(): void {
    loadingStore.setGlobal(false);
  },
};

export function useGlobalLoading(): boolean {
  return useSyncExternalStore(
    loadingStore.subscribe,
    () => global,
    () => false,
  );
}
