import { NOTIFICATIONS } from '@tp/shared';
import type { ActiveNotification, NotificationStore } from './notification-types';

/**
 * The notification store (docs/product/ui-layer.md#toast-notifications): newest first, at most 10;
 * each auto-closing one counts down
 * in 100 ms ticks from its duration (5000 ms by default), then plays a 300 ms exit and is removed.
 * Loaded with the first notification (see NotificationsProvider).
 */
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
        id: input.id ?? `n${now().toString(36)}-${sequence}`,
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
