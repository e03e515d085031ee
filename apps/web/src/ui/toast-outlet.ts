import { useSyncExternalStore } from 'react';

/**
 * Where the toasts show while a dialog is open: inside it (`Dialog` renders one outlet), so that its
 * focus trap lets the keyboard reach them, screen readers hear them (the page behind the dialog is
 * hidden from them), and its layout keeps them off the dialog's controls. With a dialog over a
 * dialog, the newest outlet takes them. Not part of the shell: the dialog and the toast list, both
 * loaded later, are its only readers.
 */
let outlets: readonly HTMLElement[] = [];
const listeners = new Set<() => void>();

const changed = () => listeners.forEach((listener) => listener());

/** A ref callback: the element holds the toasts while it is in the page. */
export function toastOutletRef(element: HTMLElement | null): (() => void) | undefined {
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

/** The outlet of the newest open dialog, or null (the page's own notifications region). */
export function useToastOutlet(): HTMLElement | null {
  return useSyncExternalStore(
    subscribe,
    () => outlets.at(-1) ?? null,
    () => null,
  );
}
