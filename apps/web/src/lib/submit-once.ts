import { useMemo, useRef } from 'react';
import { ApiError } from './api-error';
import { newId } from './new-id';

/**
 * A synchronous "already sending" flag for a form whose request must go once: the second click of
 * a double click arrives before React re-renders the button busy (a mutation's isPending comes a
 * render late), and finds the flag set. `start()` is false while one is in flight; `end()` frees it.
 */
export function useInFlight() {
  const busy = useRef(false);
  return useMemo(
    () => ({
      start: () => {
        if (busy.current) return false;
        busy.current = true;
        return true;
      },
      end: () => {
        busy.current = false;
      },
    }),
    [],
  );
}

/**
 * One Idempotency-Key per thing the user means to create (an order, a campaign): the same request
 * sent again after a failure reuses it, so a server that did create it answers that one.
 */
export function useIdempotencyKey() {
  const current = useRef<{ request: string; key: string } | null>(null);
  return useMemo(
    () => ({
      /** The key of this request: a new one when the request differs from the last one sent. */
      for: (request: unknown) => {
        const text = JSON.stringify(request);
        if (current.current?.request !== text) current.current = { request: text, key: newId() };
        return current.current.key;
      },
      /**
       * The request was answered: after a success or a 4xx refusal the next one is new; a 5xx or
       * no answer keeps the key, since the server may have made it.
       */
      settle: (error?: unknown) => {
        if (!error || (error instanceof ApiError && error.status >= 400 && error.status < 500)) current.current = null;
      },
    }),
    [],
  );
}
