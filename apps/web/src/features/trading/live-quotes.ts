import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MARKET_SOCKET_CLOSE, marketServerMessageSchema, type Quote } from '@tp/shared';
import { currentAccessToken, refreshAccessToken } from '@/lib/api-client';
import { marketDataQuery } from './api/get-market-data';

/**
 * Live quotes: one WebSocket to /ws/market for the watch list, authenticated with the
 * access token as the server expects (`?token=`), reconnecting with exponential backoff from 1 s
 * up to 30 s (docs/product/trading.md#live-quotes). While it is not live, the quotes come
 * from GET /api/market/data every 5 s — the fallback call. A close for too many connections
 * of this user (docs/trading.md#10-market-data-over-http-and-live-quotes-wsmarket) is not retried
 * in a loop: the feed says so and polls, and tries
 * once more when the tab is shown again.
 */

/** `limited`: the server refused another connection of this user (too many tabs): polling, no reconnect loop. */
export type FeedStatus = 'connecting' | 'live' | 'offline' | 'limited';

export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;

/** The wait before reconnect attempt `attempt` (0-based): 1, 2, 4, 8, 16, 30, 30 … s. */
export const reconnectDelay = (attempt: number) => Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** attempt);

export function marketSocketUrl(symbols: readonly string[], token: string, location: Location = window.location) {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  const query = new URLSearchParams({ symbols: symbols.join(','), token });
  return `${scheme}://${location.host}/ws/market?${query}`;
}

interface FeedHandlers {
  onStatus(status: FeedStatus): void;
  onQuote(quote: Quote): void;
}

/** Opens the socket and keeps it open until `stop()`; framework-free so the hook stays small. */
export function startQuoteFeed(symbols: readonly string[], handlers: FeedHandlers): { stop(): void } {
  let socket: WebSocket | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let stopped = false;
  let refreshedForClose = false;
  // after a `limited` close: one new attempt when the tab is shown again (another tab may have closed)
  let onVisible: (() => void) | null = null;
  const stopWaitingForVisibility = () => {
    if (onVisible) document.removeEventListener('visibilitychange', onVisible);
    onVisible = null;
  };
  const retryWhenVisible = () => {
    handlers.onStatus('limited');
    onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      stopWaitingForVisibility();
      attempt = 0;
      connect();
    };
    document.addEventListener('visibilitychange', onVisible);
  };

  const retryLater = () => {
    if (stopped) return;
    handlers.onStatus('offline');
    timer = setTimeout(connect, reconnectDelay(attempt));
    attempt += 1;
  };

  function connect() {
    if (stopped) return;
    const token = currentAccessToken();
    if (!token || typeof WebSocket === 'undefined') return retryLater();
    handlers.onStatus(attempt === 0 ? 'connecting' : 'offline');
    let opened: WebSocket;
    try {
      opened = new WebSocket(marketSocketUrl(symbols, token));
    } catch {
      return retryLater();
    }
    socket = opened;
    opened.onmessage = (event) => {
      let parsed;
      try {
        parsed = marketServerMessageSchema.safeParse(JSON.parse(String(event.data)));
      } catch {
        return;
      }
      if (!parsed.success) return;
      const message = parsed.data;
      if (message.type === 'subscribed') {
        attempt = 0;
        refreshedForClose = false;
        handlers.onStatus('live');
      } else if (message.type === 'quote') {
        const { type: _type, ...quote } = message;
        handlers.onQuote(quote);
      }
    };
    opened.onclose = (event) => {
      if (socket !== opened) return;
      socket = null;
      if (stopped) return;
      // the access token expired or the session ended: refresh once, then connect again at once
      if (event.code === MARKET_SOCKET_CLOSE.sessionEnded && !refreshedForClose) {
        refreshedForClose = true;
        handlers.onStatus('offline');
        void refreshAccessToken().then((fresh) => (fresh ? connect() : retryLater()));
        return;
      }
      if (event.code === MARKET_SOCKET_CLOSE.tooManyConnections) return retryWhenVisible();
      retryLater();
    };
  }

  connect();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
      stopWaitingForVisibility();
      const open = socket;
      socket = null;
      open?.close(1000);
    },
  };
}

// the next frame; a timer where there are no frames (a test's DOM)
const nextFrame = (run: () => void): number =>
  typeof requestAnimationFrame === 'function' ? requestAnimationFrame(run) : Number(setTimeout(run, 16));
const cancelFrame = (frame: number) =>
  typeof cancelAnimationFrame === 'function' ? cancelAnimationFrame(frame) : clearTimeout(frame);

/** The newer of two quotes of a symbol. */
const newer = (a: Quote | undefined, b: Quote | undefined) => (!a ? b : !b ? a : a.timestamp >= b.timestamp ? a : b);

export interface LiveQuotes {
  status: FeedStatus;
  /** By symbol; from the socket while live, else from the 5 s fallback poll (whichever is newer). */
  quotes: Record<string, Quote>;
  /** By symbol, what the socket sent while it is live (empty while it is not). */
  live: Record<string, Quote>;
  /** By symbol, the last answer of the market data call (the fallback poll). */
  polled: Record<string, Quote>;
  /** The fallback poll failed too: nothing fresh is coming. */
  error: Error | null;
  retry(): void;
  loading: boolean;
}

export function useLiveQuotes(symbols: readonly string[]): LiveQuotes {
  const key = symbols.join(',');
  const list = useMemo(() => (key ? key.split(',') : []), [key]);
  const [status, setStatus] = useState<FeedStatus>('connecting');
  const [streamed, setStreamed] = useState<Record<string, Quote>>({});

  useEffect(() => {
    if (list.length === 0) return;
    setStreamed({});
    // A tick brings one message per symbol, each a task of its own: the quotes of one frame are
    // stored together (the newest per symbol), one render where there were one per symbol.
    let batch: Record<string, Quote> | null = null;
    let frame: number | undefined;
    const flush = () => {
      const quotes = batch;
      batch = null;
      frame = undefined;
      if (quotes) setStreamed((current) => ({ ...current, ...quotes }));
    };
    const feed = startQuoteFeed(list, {
      onStatus: setStatus,
      onQuote: (quote) => {
        (batch ??= {})[quote.symbol] = quote;
        frame ??= nextFrame(flush);
      },
    });
    return () => {
      feed.stop();
      if (frame !== undefined) cancelFrame(frame);
    };
  }, [list]);

  const polled = useQuery(marketDataQuery(list, status !== 'live'));
  const fromPoll = useMemo(
    () => Object.fromEntries((polled.data ?? []).map((quote) => [quote.symbol, quote])) as Record<string, Quote>,
    [polled.data],
  );
  const quotes = useMemo(() => {
    const merged: Record<string, Quote> = {};
    for (const symbol of list) {
      const quote = newer(streamed[symbol], fromPoll[symbol]);
      if (quote) merged[symbol] = quote;
    }
    return merged;
  }, [list, streamed, fromPoll]);

  return {
    status,
    quotes,
    live: status === 'live' ? streamed : {},
    polled: fromPoll,
    error: status === 'live' ? null : polled.error,
    retry: () => void polled.refetch(),
    loading: Object.keys(quotes).length === 0 && !polled.error,
  };
}
