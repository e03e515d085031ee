import { useSyncExternalStore } from 'react';
import { isInNotificationRegion, NOTIFICATION_REGION } from './notification-region';

/**
 * Where the toasts show while a modal layer is open (a dialog, the mobile sidebar): inside it (each
 * renders one `ToastOutlet`), so that its focus trap lets the keyboard reach them, screen readers
 * hear them (the page behind the layer is hidden from them), and its layout keeps them off the
 * layer's controls. With a layer over a layer, the newest outlet takes them. Not part of the shell:
 * the layers and the toast list, all loaded later, are its only readers.
 */
let outlets: readonly HTMLElement[] = [];
const listeners = new Set<() => void>();

const changed = () => listeners.forEach((listener) => listener());

/** A ref callback: the element holds the toasts while it is in the page. */
function toastOutletRef(element: HTMLElement | null): (() => void) | undefined {
  if (!element) return undefined;
  outlets = [...outlets, element];
  changed();
  return () => {
    outlets = outlets.filter((outlet) => outlet !== element);
    changed();
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The outlet of the newest open layer, or null (the page's own notifications region). */
export function useToastOutlet(): HTMLElement | null {
  return useSyncExternalStore(
    subscribe,
    () => outlets.at(-1) ?? null,
    () => null,
  );
}

/**
 * A modal layer's own notifications region: the toasts move into its list while the layer is open.
 * Place it after the layer's controls (so the focus that the layer moves in on opening lands on a
 * control, not on a toast) and position it with `className`.
 */
export function ToastOutlet({ className }: { className?: string }) {
  return (
    <section aria-label="Notifications" {...{ [NOTIFICATION_REGION]: '' }} className={className}>
      <ol ref={toastOutletRef} aria-live="polite" aria-relevant="additions text" className="flex flex-col gap-2" />
    </section>
  );
}

/**
 * For the Radix Content of a layer with a `ToastOutlet`: a toast is not outside the layer, so a click
 * on it (its × or an action), or Escape on it, closes the toast and leaves the layer open.
 */
export const toastsKeepLayerOpen = {
  onInteractOutside(event: Event) {
    if (isInNotificationRegion(event.target)) event.preventDefault();
  },
  onEscapeKeyDown(event: KeyboardEvent) {
    if (isInNotificationRegion(event.target)) event.preventDefault();
  },
};
