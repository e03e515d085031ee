import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MARKET_SOCKET_CLOSE } from '@tp/shared';
import { buildCompleteUser, buildQuote, envelope, mockApi, mockSocket, renderApp, signedInAs } from '@/testing';
import { Watchlist } from './components/watchlist';
import { reconnectDelay, useLiveQuotes } from './live-quotes';

function Quotes() {
  const feed = useLiveQuotes(['AAPL', 'MSFT']);
  return <Watchlist symbols={['AAPL', 'MSFT']} feed={feed} selected="AAPL" onSelect={() => undefined} />;
}

describe('live quotes', () => {
  it('backs off exponentially from 1 s to at most 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map(reconnectDelay)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
  });

  it('falls back to polling GET /api/market/data while the socket is down, and goes live when it reconnects', async () => {
    const sockets = mockSocket();
    const calls = mockApi({
      ...signedInAs(buildCompleteUser()),
      'GET /api/market/data': envelope([
        buildQuote(),
        buildQuote({ symbol: 'MSFT', price: '420.00', changePercent: -1.5 }),
      ]),
    });
    renderApp(<Quotes />);

    // the socket is refused: Offline, and the fallback call's quotes
    expect(await screen.findByText('Offline')).toBeInTheDocument();
    expect(await screen.findByTestId('price-AAPL')).toHaveTextContent('230.10');
    expect(screen.getByTestId('price-MSFT')).toHaveTextContent('420.00');
    expect(screen.getByText('-1.50 %').closest('.text-loss')).not.toBeNull();
    const poll = calls.find((c) => c.key === 'GET /api/market/data')!;
    expect(poll.url.searchParams.get('symbols')).toBe('AAPL,MSFT');
    const first = new URL(sockets.opened[0]!.url);
    expect(first.pathname).toBe('/ws/market');
    expect(first.searchParams.get('token')).toBe('access-token');
    expect(first.searchParams.get('symbols')).toBe('AAPL,MSFT');

    // the next attempt (after the 1 s backoff) connects: Live, and the socket's quotes win
    sockets.refuse = false;
    await vi.waitFor(() => expect(sockets.opened).toHaveLength(2), { timeout: 4_000 });
    const socket = sockets.opened[1]!;
    socket.push({ type: 'subscribed', symbols: ['AAPL', 'MSFT'] });
    socket.push({ type: 'quote', ...buildQuote({ price: '231.55', timestamp: '2026-11-23T13:00:05.000Z' }) });
    expect(await screen.findByText('Live')).toBeInTheDocument();
    expect(await screen.findByText('231.55')).toBeInTheDocument();
    expect(screen.queryByText('(polling every 5 s)')).not.toBeInTheDocument();

    // the socket drops: Offline again, polling resumes, and another connection is tried
    const polledBefore = calls.filter((c) => c.key === 'GET /api/market/data').length;
    sockets.refuse = true;
    socket.onclose?.({ code: 1006 });
    expect(await screen.findByText('Offline')).toBeInTheDocument();
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.key === 'GET /api/market/data').length).toBeGreaterThan(polledBefore),
    );
    await vi.waitFor(() => expect(sockets.opened.length).toBeGreaterThanOrEqual(3), { timeout: 4_000 });
  });

  it('refreshes the session when the server closes for an expired token, then reconnects at once', async () => {
    const sockets = mockSocket({ refuse: false });
    const calls = mockApi({
      ...signedInAs(buildCompleteUser()),
      'GET /api/market/data': envelope([buildQuote()]),
      'POST /api/auth/refresh': {
        body: { token: 'fresh-token', refreshToken: 'refresh-2', expiresAt: '2026-11-23T14:00:00.000Z' },
      },
    });
    renderApp(<Quotes />);
    await vi.waitFor(() => expect(sockets.opened).toHaveLength(1));
    sockets.opened[0]!.push({ type: 'subscribed', symbols: ['AAPL', 'MSFT'] });
    expect(await screen.findByText('Live')).toBeInTheDocument();
    sockets.opened[0]!.onclose?.({ code: MARKET_SOCKET_CLOSE.sessionEnded });
    await vi.waitFor(() => expect(sockets.opened).toHaveLength(2));
    expect(calls.some((c) => c.key === 'POST /api/auth/refresh')).toBe(true);
    expect(new URL(sockets.opened[1]!.url).searchParams.get('token')).toBe('fresh-token');
  });

  it('says why and keeps polling, without reconnecting in a loop, when the user holds too many connections', async () => {
    const sockets = mockSocket({ refuse: false });
    const calls = mockApi({
      ...signedInAs(buildCompleteUser()),
      'GET /api/market/data': envelope([buildQuote()]),
    });
    renderApp(<Quotes />);
    await vi.waitFor(() => expect(sockets.opened).toHaveLength(1));
    sockets.opened[0]!.onclose?.({
      code: MARKET_SOCKET_CLOSE.tooManyConnections,
      reason: 'Too many live-quote connections for this user (10)',
    });
    expect(await screen.findByText('Not live')).toBeInTheDocument();
    expect(screen.getByText('(live quotes are open in 10 other tabs or devices; polling every 5 s)')).toBeVisible();
    expect(await screen.findByTestId('price-AAPL')).toHaveTextContent('230.10');
    const polls = () => calls.filter((c) => c.key === 'GET /api/market/data').length;
    const polledBefore = polls();
    // past several backoff periods: the fallback poll goes on, no second socket is opened
    await vi.waitFor(() => expect(polls()).toBeGreaterThan(polledBefore), { timeout: 7_000 });
    expect(sockets.opened).toHaveLength(1);

    // shown again (another tab may have closed): one more attempt
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => expect(sockets.opened).toHaveLength(2));
    sockets.opened[1]!.push({ type: 'subscribed', symbols: ['AAPL', 'MSFT'] });
    expect(await screen.findByText('Live')).toBeInTheDocument();
  });
});
