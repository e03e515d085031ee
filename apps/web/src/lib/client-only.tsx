import { useLayoutEffect, useSyncExternalStore, type ReactNode, type RefObject } from 'react';

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

/**
 * A prerendered field can be typed into before the app runs. Hydration leaves the typed text in the
 * element, but a controlled field's state starts empty, so the next render would wipe it. At mount
 * this takes what the element holds into the state; the element's value is not written again, so
 * its focus and selection stay where the visitor left them.
 */
export function useTypedBeforeStart(
  ref: RefObject<HTMLInputElement | null>,
  value: string,
  setValue: (typed: string) => void,
): void {
  useLayoutEffect(() => {
    const typed = ref.current?.value;
    if (typed && typed !== value) setValue(typed);
    // once, when the field mounts (hydrates)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
