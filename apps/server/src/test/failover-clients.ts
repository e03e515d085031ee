// The users of the failover test: traders placing orders and live-quote sockets, each behaving as
// the web app does when the instance behind the load balancer dies (retry the order with its
// Idempotency-Key, reopen the socket), and recording what they saw.
import WebSocket from 'ws';
import { IDEMPOTENCY_KEY_HEADER } from '@tp/shared';
import type { HttpClient } from './server-process';

export interface Trader {
  userId: string;
  token: string;
}

export interface AcknowledgedOrder {
  userId: string;
  key: string;
  orderId: string;
  at: number;
  /** The answer said it replayed an order an earlier attempt had placed (`idempotent-replayed`). */
  replayed: boolean;
}

/** What the load balancer answers when the instance it chose died under the request. */
const retryable = (status: number) => status === 502 || status === 503 || status === 504;

export interface OrderStream {
  acknowledged: AcknowledgedOrder[];
  /** Attempts that failed on the way (no answer, or 502/503/504) and were retried with the same key. */
  retries: number;
  /** Answers that were neither 201 nor retryable: the test expects none. */
  unexpected: string[];
  stop(): Promise<void>;
}

/**
 * Each trader places market orders one after another (buy, buy, sell of one share, with `pauseMs`
 * between orders: a person at a screen, not a benchmark), each with its own Idempotency-Key, and
 * retries an order that got no answer with the same key until it is acknowledged.
 */
export function startOrderStream(http: HttpClient, traders: Trader[], pauseMs: number): OrderStream {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const stream: OrderStream = {
    acknowledged: [],
    retries: 0,
    unexpected: [],
    stop: async () => {
      stopped = true;
      await running;
    },
  };

  async function place(trader: Trader, key: string, order: object): Promise<void> {
    for (;;) {
      const answer = await http('/api/trades', {
        json: order,
        token: trader.token,
        headers: { [IDEMPOTENCY_KEY_HEADER]: key },
      }).then(
        async (res) => ({
          status: res.status,
          body: await res.text(),
          replayed: res.headers.has('idempotent-replayed'),
        }),
        (error: unknown) => ({ status: 0, body: String(error), replayed: false }),
      );
      if (answer.status === 201) {
        const orderId = (JSON.parse(answer.body) as { data: { id: string } }).data.id;
        stream.acknowledged.push({ userId: trader.userId, key, orderId, at: Date.now(), replayed: answer.replayed });
        return;
      }
      if (answer.status !== 0 && !retryable(answer.status)) {
        stream.unexpected.push(`${key}: ${answer.status} ${answer.body}`);
        return;
      }
      stream.retries += 1;
      await pause(100);
    }
  }

  async function trade(trader: Trader): Promise<void> {
    for (let n = 0; !stopped; n += 1) {
      const side = n % 3 === 2 ? 'sell' : 'buy';
      await place(trader, `${trader.userId}-${n}`, { symbol: n % 2 === 0 ? 'AAPL' : 'MSFT', side, quantity: 1 });
      // AAPL, MSFT, AAPL: every sell finds a share bought before it
      if (!stopped) await pause(pauseMs);
    }
  }

  running = Promise.all(traders.map(trade));
  return stream;
}

export interface QuoteSocket {
  /** Quotes received on any of its connections. */
  quotes: number;
  /** How long each reconnection took: from the socket closing to the first quote on the new one (ms). */
  reconnections: number[];
  /** Opened and not yet back to receiving quotes after a close. */
  waitingSince?: number;
}

export interface QuoteSockets {
  sockets: QuoteSocket[];
  /** Resolves once every socket has received a quote. */
  ready: Promise<void>;
  close(): void;
}

/**
 * `perTrader` live-quote sockets per trader on `/ws/market`. A socket that closes is opened again
 * at once (and every 100 ms while the upgrade fails), as the web app's quote stream does.
 */
export function openQuoteSockets(wsBase: string, traders: Trader[], perTrader: number, symbol: string): QuoteSockets {
  let closing = false;
  const open: WebSocket[] = [];
  const sockets: QuoteSocket[] = [];
  const readiness: Promise<void>[] = [];

  const connect = (state: QuoteSocket, token: string, onFirstQuote: () => void) => {
    const socket = new WebSocket(`${wsBase}/ws/market?symbols=${symbol}&token=${encodeURIComponent(token)}`);
    open.push(socket);
    let opened = false;
    socket.on('open', () => (opened = true));
    socket.on('message', (data: Buffer) => {
      if ((JSON.parse(data.toString()) as { type: string }).type !== 'quote') return;
      state.quotes += 1;
      if (state.waitingSince !== undefined) {
        state.reconnections.push(Date.now() - state.waitingSince);
        state.waitingSince = undefined;
      }
      onFirstQuote();
    });
    socket.on('error', () => {
      // the close that follows reconnects
    });
    socket.on('close', () => {
      open.splice(open.indexOf(socket), 1);
      if (closing) return;
      state.waitingSince ??= Date.now();
      // at once after a working connection; a failing upgrade is tried again every 100 ms
      setTimeout(() => connect(state, token, onFirstQuote), opened ? 0 : 100);
    });
  };

  for (const trader of traders) {
    for (let i = 0; i < perTrader; i += 1) {
      const state: QuoteSocket = { quotes: 0, reconnections: [] };
      sockets.push(state);
      readiness.push(new Promise<void>((resolve) => connect(state, trader.token, resolve)));
    }
  }
  return {
    sockets,
    ready: Promise.all(readiness).then(() => undefined),
    close: () => {
      closing = true;
      for (const socket of [...open]) socket.terminate();
    },
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
