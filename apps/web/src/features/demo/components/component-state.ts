import { useCallback, useSyncExternalStore } from 'react';

/**
 * Per-component UI states keyed by a component id (docs/product/ui-layer.md#component-states), e.g. an
 * action card's expanded flag that survives a remount. In memory only; never persisted.
 */
let states: Readonly<Record<string, unknown>> = {};
const listeners = new Set<() => void>();

export const componentStateStore = {
  get: (id: string): unknown => states[id],
  set(id: string, value: unknown): void {
    if (Object.is(states[id], value)) return;
    states = { ...states, [id]: value };
    listeners.forEach((listener) => listener());
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  reset(): void {
    states = {};
    listeners.forEach((listener) => listener());
  },
};

export function useComponentState<T>(id: string, initial: T): [T, (value: T) => void] {
  const stored = useSyncExternalStore(
    componentStateStore.subscribe,
    () => componentStateStore.get(id),
    () => undefined,
  );
  const set = useCallback((value: T) => componentStateStore.set(id, value), [id]);
  return [stored === undefined ? initial : (stored as T), set];
}
