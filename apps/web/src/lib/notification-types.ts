/** UI notifications (toasts): docs/product/ui-layer.md#toast-notifications. */
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
  /** Given by the caller or made up. */
  id?: string;
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
