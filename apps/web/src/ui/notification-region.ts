/**
 * The attribute that marks the notifications region. Toasts sit above an open dialog, and a
 * click on one of them (its × or an action) is not a click outside the dialog: the dialog stays.
 */
export const NOTIFICATION_REGION = 'data-notification-region';

export const isInNotificationRegion = (target: EventTarget | null): boolean =>
  target instanceof Element && target.closest(`[${NOTIFICATION_REGION}]`) !== null;
