import { useSyncExternalStore, type ReactNode } from 'react';

const noSubscription = () => () => {};

/**
 * Renders `children` only in the browser: a prerendered page (and the render that hydrates it)
 * shows `fallback`, for what depends on this device's storage or settings (the theme control).
 */
export function ClientOnly({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const inBrowser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return inBrowser ? children : fallback;
}
