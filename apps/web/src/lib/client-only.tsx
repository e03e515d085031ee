import { useSyncExternalStore, type ReactNode } from 'react';

const noSubscription = () => () => {};

/**
 * False while rendering a prerendered page (and in the render that hydrates it), true once the app
 * runs in the browser: a prerendered form keeps its submit button disabled until it can send.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * Renders `children` only in the browser: a prerendered page (and the render that hydrates it)
 * shows `fallback`, for what depends on this device's storage or settings (the theme control).
 */
export function ClientOnly({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return useHydrated() ? children : fallback;
}
