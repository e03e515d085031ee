import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { decodeJwt } from 'jose';
import { MARKET_SOCKET_CLOSE, marketServerMessageSchema, type MarketServerMessage } from '@tp/shared';
import { useTestApp, signedInClient, type SignedInClient } from '../../test/kit';
import { INSTRUMENTS } from './instruments';

/** A WebSocket client on the listening app: every message kept, waits on conditions. */
interface Client {
  socket: WebSocket;
  messages: MarketServerMessage[];
  /** Resolves with the first message (from `after` on) that matches. */
  next(match: (m: MarketServerMessage) => boolean, after?: number, timeoutMs?: number): Promise<MarketServerMessage>;
  send(message: unknown): void;
  closed: Promise<{ code: number; reason: string }>;
}

function open(url: string, headers: Record<string, string> = {}): Promise<Client> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    const messages: MarketServerMessage[] = [];
    const waiters = new Set<() => void>();
    const closed = new Promise<{ code: number; reason: string }>((done) =>
      socket.on('close', (code, reason) => done({ code, reason: reason.toString() })),
    );
    socket.on('message', (data) => {
      messages.push(marketServerMessageSchema.parse(JSON.parse(data.toString())));
      for (const wake of waiters) wake();
    });
    socket.once('unexpected-response', (_request, response) => {
      reject(Object.assign(new Error(`upgrade refused: ${response.statusCode}`), { status: response.statusCode }));
    });
    socket.once('error', reject);
    socket.once('open', () =>
      resolve({
        socket,
        messages,
        closed,
        send: (message) => socket.send(typeof message === 'string' ? message : JSON.stringify(message)),
        next(match, after = 0, timeoutMs = 5_000) {
          return new Promise((found, fail) => {
            const check = () => {
              const hit = messages.slice(after).find(match);
              if (!hit) return false;
              waiters.delete(check);
              clearTimeout(timer);
              found(hit);
              return true;
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(new Error(`no matching message in ${timeoutMs} ms; got ${JSON.stringify(messages.slice(after))}`));
            }, timeoutMs);
            waiters.add(check);
            check();
          });
        },
      }),
    );
  });
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: { status?: number }) => error.status ?? -1,
  );

const isQuote = (symbol: string) => (m: MarketServerMessage) => m.type === 'quote' && m.symbol === symbol;

describe('live quotes over /ws/market', () => {
  let base: string;
  let ada: SignedInClient;
  const opened: Client[] = [];
  const connect = async (query: string, headers: Record<string, string> = {}) => {
    const client = await open(`${base}/ws/market${query}`, headers);
    opened.push(client);
    return client;
  };

  afterAll(async () => {
    for (const client of opened) client.socket.terminate();
  });
  const t = useTestApp({ MARKET_WS_HEARTBEAT_MS: '300', MARKET_WS_REVERIFY_MS: '200', MARKET_WS_IDLE_MS: '900' });
  beforeAll(async () => {
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = address.replace('http://', 'ws://');
    ada = await signedInClient(t.app);
  });

  it('refuses the upgrade without a valid token (401), for an unknown symbol (404) or too many (400)', async () => {
    expect(await refusal(connect('?symbols=AAPL'))).toBe(401);
    expect(await refusal(connect('?symbols=AAPL&token=not-a-token'))).toBe(401);
    expect(await refusal(connect('?symbols=AAPL', { authorization: 'Bearer nope' }))).toBe(401);
    expect(await refusal(connect(`?symbols=NOPE&token=${ada.token}`))).toBe(404);
    const many = Array.from({ length: 21 }, (_, i) => `S${i}`).join(',');
    expect(await refusal(connect(`?symbols=${many}&token=${ada.token}`))).toBe(400);
  });

  it('pushes the current quote at once, then one per second, to a token in the query or a header', async () => {
    const viaQuery = await connect(`?symbols=AAPL&token=${ada.token}`);
    expect(await viaQuery.next((m) => m.type === 'subscribed')).toEqual({ type: 'subscribed', symbols: ['AAPL'] });
    const first = await viaQuery.next(isQuote('AAPL'));
    const tick = await viaQuery.next(
      (m) => isQuote('AAPL')(m) && m.type === 'quote' && first.type === 'quote' && m.timestamp > first.timestamp,
      0,
      3_000,
    );
    expect(tick).toMatchObject({ type: 'quote', symbol: 'AAPL' });

    const viaHeader = await connect('?symbols=EURUSD', ada.headers);
    expect((await viaHeader.next(isQuote('EURUSD'))).type).toBe('quote');
  });

  it('subscribes and unsubscribes by message; an unsubscribed symbol stops', async () => {
    const client = await connect(`?token=${ada.token}`);
    client.send({ type: 'subscribe', symbols: ['aapl', 'MSFT'] });
    await client.next((m) => m.type === 'subscribed' && m.symbols.length === 2);
    await client.next(isQuote('MSFT'));
    client.send({ type: 'unsubscribe', symbols: ['AAPL'] });
    const ack = await client.next((m) => m.type === 'subscribed' && m.symbols.length === 1);
    expect(ack).toEqual({ type: 'subscribed', symbols: ['MSFT'] });
    const from = client.messages.indexOf(ack) + 1;
    const one = await client.next(isQuote('MSFT'), from, 3_000);
    const after = client.messages.indexOf(one) + 1;
    await client.next(isQuote('MSFT'), after, 3_000);
    expect(client.messages.slice(from).filter(isQuote('AAPL'))).toEqual([]);
  });

  it('answers bad messages with an error, caps the symbols, and closes after ten bad messages in a row', async () => {
    const client = await connect(`?symbols=AAPL&token=${ada.token}`);
    client.send('not json');
    expect(await client.next((m) => m.type === 'error')).toMatchObject({ code: 'BAD_MESSAGE' });
    client.send({ type: 'subscribe', symbols: ['NOPE'] });
    expect(await client.next((m) => m.type === 'error' && m.code === 'UNKNOWN_SYMBOL')).toMatchObject({
      error: 'Unknown symbol: NOPE',
    });
    const twelve = INSTRUMENTS.slice(0, 12).map((spec) => spec.symbol);
    client.send({ type: 'subscribe', symbols: twelve });
    await client.next((m) => m.type === 'subscribed' && m.symbols.length === 12);
    client.send({ type: 'subscribe', symbols: ['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8', 'A9'] });
    expect(await client.next((m) => m.type === 'error' && m.code === 'TOO_MANY_SYMBOLS')).toBeTruthy();

    for (let i = 0; i < 10; i += 1) client.send({ type: 'dance' });
    expect((await client.closed).code).toBe(MARKET_SOCKET_CLOSE.badMessages);
  });

  it('sends heartbeats, and closes a connection left without subscriptions', async () => {
    const client = await connect(`?token=${ada.token}`);
    expect(await client.next((m) => m.type === 'heartbeat')).toMatchObject({ type: 'heartbeat' });
    expect((await client.closed).code).toBe(MARKET_SOCKET_CLOSE.idle);
  });

  it('closes the connection once its session ends (logout)', async () => {
    const bob = await signedInClient(t.app);
    const client = await connect(`?symbols=AAPL&token=${bob.token}`);
    await client.next(isQuote('AAPL'));
    expect((await bob.post('/api/auth/logout', {})).statusCode).toBe(200);
    const closed = await client.closed;
    expect(closed).toEqual({
      code: MARKET_SOCKET_CLOSE.sessionEnded,
      reason: 'Your session has expired. Please log in again.',
    });
  });

  it('takes a fresh token of the same user over the connection, and refuses another user’s', async () => {
    const cleo = await signedInClient(t.app);
    const client = await connect(`?symbols=AAPL&token=${cleo.token}`);
    await client.next(isQuote('AAPL'));
    const stranger = await signedInClient(t.app);
    client.send({ type: 'auth', token: stranger.token });
    expect(await client.next((m) => m.type === 'error')).toMatchObject({ code: 'FORBIDDEN' });

    const cleoAgain = await signedInClient(t.app, cleo.user);
    client.send({ type: 'auth', token: cleoAgain.token });
    // the connection now ends when the fresh token does
    expect(await client.next((m) => m.type === 'authenticated')).toEqual({
      type: 'authenticated',
      expiresAt: new Date(decodeJwt(cleoAgain.token).exp! * 1_000).toISOString(),
    });
    // the first session ends; the connection now rides on the second
    expect((await cleo.post('/api/auth/logout', {})).statusCode).toBe(200);
    const mark = client.messages.length;
    const later = await client.next(isQuote('AAPL'), mark, 3_000);
    await client.next((m) => isQuote('AAPL')(m) && m !== later, client.messages.indexOf(later) + 1, 3_000);
    expect(client.socket.readyState).toBe(WebSocket.OPEN);
  });

  it('holds at most ten connections per user; the eleventh is closed with 4008 and a clear reason', async () => {
    const dan = await signedInClient(t.app);
    const held = await Promise.all(Array.from({ length: 10 }, () => connect(`?symbols=AAPL&token=${dan.token}`)));
    for (const client of held) await client.next((m) => m.type === 'subscribed');
    const eleventh = await connect(`?symbols=AAPL&token=${dan.token}`);
    expect(await eleventh.closed).toEqual({
      code: MARKET_SOCKET_CLOSE.tooManyConnections,
      reason: 'Too many live-quote connections for this user (10)',
    });
    // from another device of the same user (another session) too; another user is not affected
    const danElsewhere = await signedInClient(t.app, dan.user);
    expect((await (await connect(`?symbols=AAPL&token=${danElsewhere.token}`)).closed).code).toBe(
      MARKET_SOCKET_CLOSE.tooManyConnections,
    );
    const eve = await signedInClient(t.app);
    await (await connect(`?symbols=AAPL&token=${eve.token}`)).next((m) => m.type === 'subscribed');

    // one closed: room for one more
    held[0]!.socket.close(1000);
    await held[0]!.closed;
    const again = await connect(`?symbols=AAPL&token=${dan.token}`);
    await again.next(isQuote('AAPL'));
    expect(again.socket.readyState).toBe(WebSocket.OPEN);
    // the ones already held were never disturbed
    for (const client of held.slice(1)) expect(client.socket.readyState).toBe(WebSocket.OPEN);
  });
});
