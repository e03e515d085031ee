import { useEffect, useState } from 'react';
import { dateTimeFormat } from '@/lib/intl';

/** When the next magic link to an address can be asked for (the server's throttle, from Retry-After). */
export interface NextLinkAt {
  address: string;
  at: number;
}

/** Whole seconds until `at` (0 once it has passed), updated every second while counting. */
export function useSecondsUntil(at: number | null): number {
  const remaining = () => (at === null ? 0 : Math.max(0, Math.ceil((at - Date.now()) / 1000)));
  const [seconds, setSeconds] = useState(remaining);
  useEffect(() => {
    setSeconds(remaining());
    if (at === null) return;
    const timer = setInterval(() => {
      const left = remaining();
      setSeconds(left);
      if (left === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
    // remaining reads only `at`
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [at]);
  return seconds;
}

/** "in 42 s", or "at 14:05 (in 12 min)" for longer waits (the hourly throttle). */
export function describeWait(seconds: number, at: number): string {
  if (seconds < 60) return `in ${seconds} s`;
  const clock = dateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' }).format(at);
  return `at ${clock} (in ${Math.ceil(seconds / 60)} min)`;
}

/**
 * The countdown to the next link for the address on screen (the one a link was sent to, else the
 * one typed): `waitText` while the server still refuses a new link, `startWait` when it says how long.
 */
export function useNextLinkWait(address: string) {
  const [nextLinkAt, setNextLinkAt] = useState<NextLinkAt | null>(null);
  const waitUntil = nextLinkAt && nextLinkAt.address === address ? nextLinkAt.at : null;
  const waitSeconds = useSecondsUntil(waitUntil);
  const waitText =
    waitUntil !== null && waitSeconds > 0
      ? `You can ask for the next link ${describeWait(waitSeconds, waitUntil)}.`
      : null;
  const startWait = (forAddress: string, seconds: number) =>
    setNextLinkAt({ address: forAddress, at: Date.now() + seconds * 1000 });
  return { waitText, startWait };
}
