import { createContext, useContext, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { ActiveNotification, NotificationInput, NotificationStore, NotificationType } from './notification-types';

/**
 * UI notifications (toasts, docs/product/ui-layer.md#toast-notifications): the provider, and hooks to
 * show and read them.
 */

type Shortcut = (
  title: string,
  message?: string,
  options?: Omit<NotificationInput, 'type' | 'title' | 'message'>,
) => string;

export interface NotificationsApi {
  notify(input: NotificationInput): string;
  success: Shortcut;
  error: Shortcut;
  warning: Shortcut;
  info: Shortcut;
  dismiss(id: string): void;
  clear(): void;
}

/**
 * What the provider shares: the API (usable at once) and the store, which is a separate chunk
 * fetched with the first notification so the shell stays small; calls made meanwhile wait for it.
 */
interface Handle {
  api: NotificationsApi;
  getStore(): NotificationStore | null;
  onStore(listener: () => void): () => void;
}

let made = 0;

function createHandle(given?: NotificationStore): Handle {
  let store: NotificationStore | null = given ?? null;
  let loading: Promise<NotificationStore> | null = null;
  const listeners = new Set<() => void>();
  const run = (op: (s: NotificationStore) => void) => {
    if (store) return op(store);
    loading ??= import('./notification-store').then((m) => {
      store = m.createNotificationStore();
      listeners.forEach((listener) => listener());
      return store;
    });
    void loading.then(op);
  };
  const notify = (input: NotificationInput) => {
    made += 1;
    const id = input.id ?? `n${Date.now().toString(36)}-${made}`;
    run((s) => s.notify({ ...input, id }));
    return id;
  };
  const shortcut =
    (type: NotificationType): Shortcut =>
    (title, message, options) =>
      notify({ ...options, type, title, message });
  return {
    api: {
      notify,
      success: shortcut('success'),
      error: shortcut('error'),
      warning: shortcut('warning'),
      info: shortcut('info'),
      dismiss: (id) => run((s) => s.dismiss(id)),
      clear: () => run((s) => s.clear()),
    },
    getStore: () => store,
    onStore(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const HandleContext = createContext<Handle | null>(null);

export function NotificationsProvider({ children, store }: { children: ReactNode; store?: NotificationStore }) {
  const [handle] = useState(() => createHandle(store));
  return <HandleContext.Provider value={handle}>{children}</HandleContext.Provider>;
}

function useHandle(hook: string): Handle {
  const handle = useContext(HandleContext);
  if (!handle) throw new Error(`${hook} must be used within a NotificationsProvider`);
  return handle;
}

/** Shows and dismisses notifications. Throws outside NotificationsProvider. */
export function useNotifications(): NotificationsApi {
  return useHandle('useNotifications').api;
}

/** The store, once loaded (null before the first notification). */
export function useNotificationStore(): NotificationStore | null {
  const handle = useHandle('useNotificationStore');
  return useSyncExternalStore(handle.onStore, handle.getStore, handle.getStore);
}

const NONE: readonly ActiveNotification[] = [];
const noSubscription = () => () => undefined;

/** The notifications shown now, newest first (re-renders on every countdown tick). */
export function useNotificationList(): readonly ActiveNotification[] {
  const store = useNotificationStore();
  const snapshot = store ? store.getSnapshot : () => NONE;
  return useSyncExternalStore(store ? store.subscribe : noSubscription, snapshot, snapshot);
}
