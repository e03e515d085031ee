import { useCallback, useEffect, useRef, useState } from 'react';
import { RETRIES } from '@tp/shared';

/**
 * Generic data loading (spec 01 §4/§9): with retry on, a failed load is retried up to 3 times,
 * waiting 2, 4 and 8 seconds.
 */
export const DATA_LOADING_DELAYS_MS: readonly number[] = RETRIES.dataLoadingDelaysMs;

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

export async function loadWithRetry<T>(
  load: (signal: AbortSignal) => Promise<T>,
  {
    retry = true,
    delaysMs = DATA_LOADING_DELAYS_MS,
    signal = new AbortController().signal,
    onRetry,
  }: {
    retry?: boolean;
    delaysMs?: readonly number[];
    signal?: AbortSignal;
    /** Called before each wait with the attempt number (1-based) that failed. */
    onRetry?: (attempt: number, error: unknown) => void;
  } = {},
): Promise<T> {
  const waits = retry ? delaysMs : [];
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await load(signal);
    } catch (error) {
      if (signal.aborted || attempt >= waits.length) throw error;
      onRetry?.(attempt + 1, error);
      await wait(waits[attempt]!, signal);
    }
  }
}

export type DataState<T> =
  | { status: 'loading'; data: T | undefined; error: null; attempt: number }
  | { status: 'success'; data: T; error: null; attempt: number }
  | { status: 'error'; data: T | undefined; error: Error; attempt: number };

export interface DataLoading<T> {
  state: DataState<T>;
  data: T | undefined;
  error: Error | null;
  isLoading: boolean;
  reload(): void;
}

/** Loads on mount and when `key` changes; aborts on unmount. */
export function useDataLoading<T>(
  load: (signal: AbortSignal) => Promise<T>,
  { retry = false, key = '' }: { retry?: boolean; key?: string } = {},
): DataLoading<T> {
  const [state, setState] = useState<DataState<T>>({ status: 'loading', data: undefined, error: null, attempt: 0 });
  const [round, setRound] = useState(0);
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });

  useEffect(() => {
    const controller = new AbortController();
    setState((s) => ({ status: 'loading', data: s.data, error: null, attempt: 0 }));
    loadWithRetry((signal) => loadRef.current(signal), {
      retry,
      signal: controller.signal,
      onRetry: (attempt) => setState((s) => ({ ...s, attempt })),
    }).then(
      (data) => {
        if (!controller.signal.aborted) setState((s) => ({ status: 'success', data, error: null, attempt: s.attempt }));
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const err = error instanceof Error ? error : new Error(String(error));
        setState((s) => ({ status: 'error', data: s.data, error: err, attempt: s.attempt }));
      },
    );
    return () => controller.abort();
  }, [retry, key, round]);

  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { state, data: state.data, error: state.error, isLoading: state.status === 'loading', reload };
}
