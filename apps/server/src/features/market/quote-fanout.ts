import {
  MARKET_LIMITS,
  MARKET_MESSAGES,
  MARKET_SOCKET_CLOSE,
  MARKET_SOCKET_MESSAGES,
  marketClientMessageSchema,
  type MarketServerMessage,
  type Quote,
} from '@tp/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { MarketProvider } from './market-provider';

/**
 * Live quotes to WebSocket connections (docs/trading.md#10-market-data-over-http-and-live-quotes-wsmarket).
 * One ticker per process — the
 * provider's, on the wall-clock second — gives every symbol's quote once a second; each is
 * serialized once, and every connection gets the quotes it follows written together (its socket
 * corked around them: one system call per connection per second, not one per quote). One sweep timer runs heartbeats (a JSON heartbeat and a ping; a peer
 * that missed the previous pong is dropped), closes connections idle without subscriptions, and
 * re-checks every connection's session in one read. Nothing is shared between instances: every
 * instance computes the same quotes.
 */

/** What the hub needs of a socket (a `ws` WebSocket). */
export interface QuoteSocket {
  readonly readyState: number;
  readonly bufferedAmount: number;
  send(data: string | Buffer, options: { binary: boolean }): void;
  ping(): void;
  close(code: number, reason: string): void;
  terminate(): void;
  on(event: 'message', listener: (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => void): unknown;
  on(event: 'pong' | 'close', listener: () => void): unknown;
}

/** Holds a connection's writes back until `uncork`, so they leave in one system call. */
export interface Corking {
  cork(): void;
  uncork(): void;
}

export interface SocketIdentity {
  userId: string;
  sessionId: string;
  /** The access token's expiry, ms. */
  expiresAtMs: number;
}

export interface QuoteHubOptions {
  market: MarketProvider;
  heartbeatMs: number;
  reverifyMs: number;
  idleMs: number;
  /** Signs a fresh token in (the `auth` message); null when it is not valid. */
  verify(token: string): Promise<SocketIdentity | null>;
  liveSessions(sessionIds: readonly string[]): Promise<Set<string>>;
  log: FastifyBaseLogger;
  /** Wall clock, ms. */
  clock?: () => number;
}

const OPEN = 1;
/** Unsent bytes a connection may pile up before it is closed as too slow (≈ 2,000 quotes). */
const MAX_BUFFERED_BYTES = 512 * 1024;
/** Invalid messages in a row before the connection is closed. */
const MAX_BAD_MESSAGES = 10;

interface QuoteConnection {
  socket: QuoteSocket;
  corking: Corking | null;
  identity: SocketIdentity;
  symbols: Set<string>;
  /** When the connection last had no subscription left (ms), or null while it has some. */
  idleSince: number | null;
  answeredPing: boolean;
  badMessages: number;
}

export interface QuoteHub {
  /** Takes over a signed-in socket, following `symbols` (known, at most the per-connection cap). */
  attach(socket: QuoteSocket, identity: SocketIdentity, symbols: readonly string[], corking?: Corking): void;
  readonly connections: number;
  /** Closes every connection (server shutdown) and stops the timers. */
  close(): void;
}

/** What the connection handlers share: the hub's options, its open connections and how to stop its timers. */
interface HubState {
  options: QuoteHubOptions;
  clock: () => number;
  connections: Set<QuoteConnection>;
  /** Open connections by user: at most MARKET_LIMITS.maxSocketsPerUser each. */
  perUser: Map<string, number>;
  stopTimers(): void;
}

function write(hub: HubState, connection: QuoteConnection, text: string | Buffer) {
  const { socket } = connection;
  if (socket.readyState !== OPEN) return;
  if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
    end(hub, connection, MARKET_SOCKET_CLOSE.slowConsumer, MARKET_SOCKET_MESSAGES.slowConsumer);
    return;
  }
  socket.send(text, { binary: false });
}
const send = (hub: HubState, connection: QuoteConnection, message: MarketServerMessage) =>
  write(hub, connection, JSON.stringify(message));
const sendError = (hub: HubState, connection: QuoteConnection, code: string, error: string) =>
  send(hub, connection, { type: 'error', code, error });

const follow = (connection: QuoteConnection, symbol: string) => connection.symbols.add(symbol);
const unfollow = (connection: QuoteConnection, symbol: string) => connection.symbols.delete(symbol);
const markIdleness = (hub: HubState, connection: QuoteConnection) => {
  connection.idleSince = connection.symbols.size === 0 ? (connection.idleSince ?? hub.clock()) : null;
};

function end(hub: HubState, connection: QuoteConnection, code: number, reason: string) {
  release(hub, connection);
  try {
    connection.socket.close(code, reason);
  } catch {
    connection.socket.terminate();
  }
}
function release(hub: HubState, connection: QuoteConnection) {
  const { connections, perUser } = hub;
  if (!connections.delete(connection)) return;
  const { userId } = connection.identity;
  const held = (perUser.get(userId) ?? 1) - 1;
  if (held > 0) perUser.set(userId, held);
  else perUser.delete(userId);
  if (connections.size === 0) hub.stopTimers();
}

/** Heartbeats, dead peers and idle connections. */
function sweep(hub: HubState) {
  const now = hub.clock();
  const heartbeat = JSON.stringify({ type: 'heartbeat', timestamp: new Date(now).toISOString() });
  for (const connection of [...hub.connections]) {
    if (!connection.answeredPing) {
      release(hub, connection);
      connection.socket.terminate();
      continue;
    }
    if (connection.idleSince !== null && now - connection.idleSince >= hub.options.idleMs) {
      end(hub, connection, MARKET_SOCKET_CLOSE.idle, MARKET_SOCKET_MESSAGES.idle);
      continue;
    }
    connection.answeredPing = false;
    connection.socket.ping();
    write(hub, connection, heartbeat);
  }
}

/** Every connection's session, in one read; an expired access token ends its connection too. */
async function reverify(hub: HubState) {
  if (hub.connections.size === 0) return;
  const current = [...hub.connections];
  let live: Set<string>;
  try {
    live = await hub.options.liveSessions([...new Set(current.map((c) => c.identity.sessionId))]);
  } catch (error) {
    // the database is unreachable: keep serving quotes, check again next time
    hub.options.log.warn({ err: error }, 'market socket: session re-check failed');
    return;
  }
  const now = hub.clock();
  for (const connection of current) {
    if (!live.has(connection.identity.sessionId) || connection.identity.expiresAtMs <= now) {
      end(hub, connection, MARKET_SOCKET_CLOSE.sessionEnded, MARKET_SOCKET_MESSAGES.sessionEnded);
    }
  }
}

async function onMessage(hub: HubState, connection: QuoteConnection, data: Buffer | ArrayBuffer | Buffer[]) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(
      Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.from(data as ArrayBuffer).toString('utf8'),
    );
  } catch {
    parsed = undefined;
  }
  const message = marketClientMessageSchema.safeParse(parsed);
  if (!message.success) {
    connection.badMessages += 1;
    if (connection.badMessages >= MAX_BAD_MESSAGES) {
      end(hub, connection, MARKET_SOCKET_CLOSE.badMessages, MARKET_SOCKET_MESSAGES.badMessages);
      return;
    }
    const issue = message.error.issues[0];
    const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}. ` : '';
    sendError(hub, connection, 'BAD_MESSAGE', `${where}${MARKET_SOCKET_MESSAGES.badMessage}`);
    return;
  }
  connection.badMessages = 0;
  const body = message.data;
  if (body.type === 'auth') return reauthenticate(hub, connection, body.token);

  const { market } = hub.options;
  const symbols = [...new Set(body.symbols)];
  if (body.type === 'unsubscribe') {
    for (const symbol of symbols) unfollow(connection, symbol);
  } else {
    const added = symbols.filter((symbol) => !connection.symbols.has(symbol));
    if (connection.symbols.size + added.length > MARKET_LIMITS.maxSymbolsPerSocket) {
      return sendError(hub, connection, 'TOO_MANY_SYMBOLS', MARKET_SOCKET_MESSAGES.tooManySymbols);
    }
    const unknown = added.filter((symbol) => !market.instrument(symbol));
    if (unknown.length > 0) {
      return sendError(hub, connection, 'UNKNOWN_SYMBOL', unknown.map(MARKET_MESSAGES.unknownSymbol).join('; '));
    }
    for (const symbol of added) follow(connection, symbol);
    // the current quote at once, so a new subscriber does not wait for the next second
    for (const quote of await market.quotes(added)) send(hub, connection, { type: 'quote', ...quote });
  }
  markIdleness(hub, connection);
  send(hub, connection, { type: 'subscribed', symbols: [...connection.symbols] });
}

/** The `auth` message: a fresh token of the same user carries the connection on. */
async function reauthenticate(hub: HubState, connection: QuoteConnection, token: string) {
  const auth = await hub.options.verify(token);
  if (!hub.connections.has(connection)) return;
  if (!auth) return sendError(hub, connection, 'UNAUTHORIZED', MARKET_SOCKET_MESSAGES.sessionEnded);
  if (auth.userId !== connection.identity.userId) {
    return sendError(hub, connection, 'FORBIDDEN', MARKET_SOCKET_MESSAGES.otherUser);
  }
  connection.identity = { userId: auth.userId, sessionId: auth.sessionId, expiresAtMs: auth.expiresAtMs };
  return send(hub, connection, {
    type: 'authenticated',
    expiresAt: new Date(connection.identity.expiresAtMs).toISOString(),
  });
}

export function createQuoteHub(options: QuoteHubOptions): QuoteHub {
  const { market, log } = options;
  const connections = new Set<QuoteConnection>();
  const perUser = new Map<string, number>();
  /** The quotes of the tick being delivered, as text frames, by symbol. */
  let tickFrames: Map<string, Buffer> | null = null;
  let stopTicker: (() => void) | null = null;
  let sweepTimer: ReturnType<typeof setInterval> | null = null;
  let reverifyTimer: ReturnType<typeof setInterval> | null = null;
  const hub: HubState = { options, clock: options.clock ?? Date.now, connections, perUser, stopTimers };

  // the provider hands over a tick's quotes one by one, synchronously: they are sent together after the last
  const onQuote = (quote: Quote) => {
    if (!tickFrames) {
      tickFrames = new Map();
      queueMicrotask(deliverTick);
    }
    tickFrames.set(quote.symbol, Buffer.from(JSON.stringify({ type: 'quote', ...quote })));
  };
  function deliverTick() {
    const frames = tickFrames!;
    tickFrames = null;
    for (const connection of connections) {
      if (connection.symbols.size === 0) continue;
      connection.corking?.cork();
      for (const symbol of connection.symbols) {
        const frame = frames.get(symbol);
        if (frame) write(hub, connection, frame);
      }
      connection.corking?.uncork();
    }
  }

  function startTimers() {
    // one ticker for every connection: the provider computes each quote once per second
    stopTicker = market.subscribe(
      market.instruments.map((spec) => spec.symbol),
      onQuote,
    );
    // not jobs.every: these run only while sockets are connected (started by the first, stopped with the last)
    sweepTimer = setInterval(() => sweep(hub), options.heartbeatMs);
    reverifyTimer = setInterval(() => void reverify(hub), options.reverifyMs);
    sweepTimer.unref?.();
    reverifyTimer.unref?.();
  }
  function stopTimers() {
    stopTicker?.();
    stopTicker = null;
    if (sweepTimer) clearInterval(sweepTimer);
    if (reverifyTimer) clearInterval(reverifyTimer);
    sweepTimer = reverifyTimer = null;
  }

  return {
    attach(socket, identity, symbols, corking) {
      const held = perUser.get(identity.userId) ?? 0;
      if (held >= MARKET_LIMITS.maxSocketsPerUser) {
        socket.close(MARKET_SOCKET_CLOSE.tooManyConnections, MARKET_SOCKET_MESSAGES.tooManyConnections);
        return;
      }
      perUser.set(identity.userId, held + 1);
      const connection: QuoteConnection = {
        socket,
        corking: corking ?? null,
        identity,
        symbols: new Set(),
        idleSince: null,
        answeredPing: true,
        badMessages: 0,
      };
      if (connections.size === 0) startTimers();
      connections.add(connection);
      for (const symbol of symbols) follow(connection, symbol);
      markIdleness(hub, connection);
      socket.on('pong', () => {
        connection.answeredPing = true;
      });
      socket.on('close', () => release(hub, connection));
      socket.on('message', (data) => {
        onMessage(hub, connection, data).catch((error: unknown) => {
          log.warn({ err: error }, 'market socket: message failed');
          sendError(hub, connection, 'INTERNAL_ERROR', 'The message could not be handled');
        });
      });
      send(hub, connection, { type: 'subscribed', symbols: [...connection.symbols] });
      if (symbols.length > 0) {
        void market.quotes(symbols).then((quotes) => {
          for (const quote of quotes) send(hub, connection, { type: 'quote', ...quote });
        });
      }
    },
    get connections() {
      return connections.size;
    },
    close() {
      for (const connection of [...connections]) {
        end(hub, connection, MARKET_SOCKET_CLOSE.goingAway, MARKET_SOCKET_MESSAGES.goingAway);
      }
      stopTimers();
    },
  };
}
