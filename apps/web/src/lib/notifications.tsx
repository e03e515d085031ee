import { createContext, useContext, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { NOTIFICATIONS } from '@tp/shared';

/** UI notifications (toasts), spec 02 §3/§4. */
export type NotificationType = 'success' | 'error' | 'warning' | 'info';

export interface NotificationAction {
  label: string;
  action: () => void;
  variant?: 'primary' | 'secondary';
}

export interface Notification {
  id: string;
  timestamp: number;
  type: NotificationType;
  title: string;
  message?: string;
  /** Milliseconds before it closes by itself (when autoClose). */
  duration: number;
  closable: boolean;
  actions?: NotificationAction[];
  autoClose: boolean;
}

export interface NotificationInput {
  type?: NotificationType;
  title: string;
  message?: string;
  duration?: number;
  closable?: boolean;
  actions?: NotificationAction[];
  autoClose?: boolean;
}

/** A shown notification: its countdown (ticks every 100 ms) and whether it is playing its exit. */
export interface ActiveNotification extends Notification {
  remaining: number;
  paused: boolean;
  exiting: boolean;
}

export interface NotificationStore {
  getSnapshot(): readonly ActiveNotification[];
  subscribe(listener: () => void): () => void;
  notify(input: NotificationInput): string;
  /** Plays the 300 ms exit, then removes it. */
  dismiss(id: string): void;
  clear(): void;
  /** Holds the countdown (while the pointer or focus is on the notification). */
  pause(id: string): void;
  resume(id: string): void;
}

interface StoreOptions {
  tickMs?: number;
  exitMs?: number;
  maxKept?: number;
  defaultDuration?: number;
  now?: () => number;
}

let sequence = 0;

export function createNotificationStore({
  tickMs = NOTIFICATIONS.tickMs,
  exitMs = NOTIFICATIONS.exitMs,
  maxKept = NOTIFICATIONS.maxKept,
  defaultDuration = NOTIFICATIONS.autoCloseMs,
  now = Date.now,
}: StoreOptions = {}): NotificationStore {
  let items: readonly ActiveNotification[] = [];
  const listeners = new Set<() => void>();
  const removals = new Map<string, ReturnType<typeof setTimeout>>();
  let ticker: ReturnType<typeof setInterval> | undefined;

  const counting = (n: ActiveNotification) => n.autoClose && !n.paused && !n.exiting;

  function commit(next: readonly ActiveNotification[]): void {
    items = next;
    if (items.some(counting)) {
      ticker ??= setInterval(tick, tickMs);
    } else if (ticker !== undefined) {
      clearInterval(ticker);
      ticker = undefined;
    }
    listeners.forEach((listener) => listener());
  }

  function startExit(list: readonly ActiveNotification[], id: string): readonly ActiveNotification[] {
    if (removals.has(id)) return list;
    removals.set(
      id,
      setTimeout(() => {
        removals.delete(id);
        commit(items.filter((n) => n.id !== id));
      }, exitMs),
    );
    return list.map((n) => (n.id === id ? { ...n, exiting: true } : n));
  }

  function tick(): void {
    let next: readonly ActiveNotification[] = items.map((n) =>
      counting(n) ? { ...n, remaining: Math.max(0, n.remaining - tickMs) } : n,
    );
    for (const n of next) if (counting(n) && n.remaining <= 0) next = startExit(next, n.id);
    commit(next);
  }

  const patch = (id: string, change: Partial<ActiveNotification>) =>
    commit(items.map((n) => (n.id === id ? { ...n, ...change } : n)));

  return {
    getSnapshot: () => items,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    notify(input) {
      sequence += 1;
      const duration = input.duration ?? defaultDuration;
      const notification: ActiveNotification = {
        id: `n${now().toString(36)}-${sequence}`,
        timestamp: now(),
        type: input.type ?? 'info',
        title: input.title,
        message: input.message,
        duration,
        closable: input.closable ?? true,
        actions: input.actions,
        autoClose: input.autoClose ?? true,
        remaining: duration,
        paused: false,
        exiting: false,
      };
      // newest first; at most maxKept, the oldest dropped
      const kept = [notification, ...items].slice(0, maxKept);
      for (const dropped of items.filter((n) => !kept.includes(n))) {
        clearTimeout(removals.get(dropped.id));
        removals.delete(dropped.id);
      }
      commit(kept);
      return notification.id;
    },
    dismiss(id) {
      if (items.some((n) => n.id === id && !n.exiting)) commit(startExit(items, id));
    },
    clear() {
      removals.forEach((timer) => clearTimeout(timer));
      removals.clear();
      commit([]);
    },
    pause(id) {
      if (items.some((n) => n.id === id && !n.paused)) patch(id, { paused: true });
    },
    resume(id) {
      if (items.some((n) => n.id === id && n.paused)) patch(id, { paused: false });
    },
  };
}

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

const StoreContext = createContext<NotificationStore | null>(null);

export function NotificationsProvider({ children, store }: { children: ReactNode; store?: NotificationStore }) {
  const [value] = useState(() => store ?? createNotificationStore());
  return <StoreContext.Provider value={value}>{children}</StoreContext.Provider>;
}

function useRequiredStore(hook: string): NotificationStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error(`${hook} must be used within a NotificationsProvider`);
  return store;
}

/** Shows and dismisses notifications. Throws outside NotificationsProvider. */
export function useNotifications(): NotificationsApi {
  const store = useRequiredStore('useNotifications');
  return useMemo(() => {
    const shortcut =
      (type: NotificationType): Shortcut =>
      (title, message, options) =>
        store.notify({ ...options, type, title, message });
    return {
      notify: store.notify,
      success: shortcut('success'),
      error: shortcut('error'),
      warning: shortcut('warning'),
      info: shortcut('info'),
      dismiss: store.dismiss,
      clear: store.clear,
    };
  }, [store]);
}

/** The notifications shown now, newest first (re-renders on every countdown tick). */
export function useNotificationList(): readonly ActiveNotification[] {
  const store = useRequiredStore('useNotificationList');
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}

/** The store itself, for the toaster's pause/resume. */
export function useNotificationStore(): NotificationStore {
  return useRequiredStore('useNotificationStore');
}
