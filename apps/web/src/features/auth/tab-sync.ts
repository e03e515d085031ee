/**
 * Tab sync's channel: session news between the tabs of this origin (BroadcastChannel). Remembered
 * tokens live in the shared localStorage, so those tabs also see storage events; tabs whose sessionStorage was copied
 * (a duplicated tab) share a refresh token but not its storage, and learn of rotations and
 * sign-outs only from these messages.
 */
export type TabMessage =
  | { type: 'rotated'; from: string; token: string; refreshToken: string }
  | { type: 'signed-out'; refreshToken: string | null; userId: string | null; everywhere: boolean };

let channel: BroadcastChannel | null | undefined;

function getChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('tp.auth') : null;
    // Node's implementation (tests) would otherwise keep the process alive
    (channel as { unref?: () => void } | null)?.unref?.();
  }
  return channel;
}

/** Tells the other tabs; a channel never receives its own messages. */
export function announce(message: TabMessage): void {
  getChannel()?.postMessage(message);
}

export function onTabMessage(handler: (message: TabMessage) => void): () => void {
  const target = getChannel();
  if (!target) return () => {};
  const listener = (event: MessageEvent<TabMessage>) => handler(event.data);
  target.addEventListener('message', listener);
  return () => target.removeEventListener('message', listener);
}
