import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildCompleteUser, mockApi, renderApp } from '@/testing';
import { authScreens } from './auth-screens.fixture';
import { paths } from '@/lib/paths';

const complete = buildCompleteUser();

describe('AuthProvider', () => {
  beforeEach(() => window.history.replaceState(null, '', '/'));
  afterEach(() => {
    vi.useRealTimers();
  });

  it('restores a stored session from /me before rendering the app', async () => {
    localStorage.setItem('tp.auth.token', 'stored');
    localStorage.setItem('tp.auth.refreshToken', 'r0');
    const calls = mockApi({ 'GET /api/auth/me': () => ({ body: { user: complete, profileComplete: true } }) });
    renderApp(authScreens, { path: paths.dashboard, strict: true });
    expect(screen.getByRole('status')).toHaveTextContent('Restoring your session');
    expect(await screen.findByTestId('where')).toHaveTextContent(paths.dashboard);
    expect(calls[0]?.headers.authorization).toBe('Bearer stored');
  });

  it('on a 401 refreshes once, stores the rotated tokens and retries', async () => {
    localStorage.setItem('tp.auth.token', 'expired');
    localStorage.setItem('tp.auth.refreshToken', 'r1');
    const calls = mockApi({
      'GET /api/auth/me': ({ headers }) =>
        headers.authorization === 'Bearer fresh'
          ? { body: { user: complete, profileComplete: true } }
          : {
              status: 401,
              body: { success: false, error: 'Your session has expired. Please log in again.', code: 'UNAUTHORIZED' },
            },
      'POST /api/auth/refresh': () => ({ body: { token: 'fresh', refreshToken: 'r2' } }),
    });
    renderApp(authScreens, { path: paths.dashboard, strict: true });
    expect(await screen.findByTestId('where')).toHaveTextContent(paths.dashboard);
    // StrictMode starts the check twice: both 401s share the one refresh, then both retry
    const refreshes = calls.filter((c) => c.key === 'POST /api/auth/refresh');
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]?.body).toEqual({ refreshToken: 'r1' });
    const afterRefresh = calls.slice(calls.indexOf(refreshes[0]!) + 1);
    expect(afterRefresh.map((c) => [c.key, c.headers.authorization])).toContainEqual([
      'GET /api/auth/me',
      'Bearer fresh',
    ]);
    expect(localStorage.getItem('tp.auth.token')).toBe('fresh');
    expect(localStorage.getItem('tp.auth.refreshToken')).toBe('r2');
  });

  it('notices within a minute, or when the tab is back in view, that the session was ended elsewhere', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    localStorage.setItem('tp.auth.token', 'stored');
    localStorage.setItem('tp.auth.refreshToken', 'r0');
    let ended = false;
    const refused = {
      status: 401,
      body: { success: false, error: 'Your session has expired. Please log in again.', code: 'UNAUTHORIZED' },
    };
    const calls = mockApi({
      'GET /api/auth/me': () => (ended ? refused : { body: { user: complete, profileComplete: true } }),
      'POST /api/auth/refresh': () => refused,
    });
    const { router } = renderApp(authScreens, { path: paths.dashboard });
    expect(await screen.findByTestId('where')).toHaveTextContent(paths.dashboard);
    const checks = () => calls.filter((c) => c.key === 'GET /api/auth/me').length;
    const before = checks();
    await act(async () => vi.advanceTimersByTimeAsync(60_000));
    expect(checks()).toBe(before + 1);
    // back in view: checked at once ("log out everywhere" on another device meanwhile)
    ended = true;
    await act(async () => vi.advanceTimersByTimeAsync(10_000));
    await act(async () => window.dispatchEvent(new Event('focus')));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.login));
    expect(localStorage.getItem('tp.auth.token')).toBeNull();
  });

  it('signs out and sends the user to /login when the refresh fails', async () => {
    localStorage.setItem('tp.auth.token', 'expired');
    localStorage.setItem('tp.auth.refreshToken', 'stolen');
    mockApi({
      'GET /api/auth/me': () => ({ status: 401, body: { success: false, error: 'expired', code: 'UNAUTHORIZED' } }),
      'POST /api/auth/refresh': () => ({
        status: 401,
        body: { success: false, error: 'expired', code: 'UNAUTHORIZED' },
      }),
    });
    const { router } = renderApp(authScreens, { path: paths.dashboard, strict: true });
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.login));
    expect(await screen.findByRole('alert')).toHaveTextContent('expired');
    expect(localStorage.getItem('tp.auth.token')).toBeNull();
    expect(localStorage.getItem('tp.auth.refreshToken')).toBeNull();
  });

  it('sends a user whose refresh is refused mid-visit to /login with the 401 text, and back afterwards', async () => {
    sessionStorage.setItem('tp.auth.token', 'good');
    sessionStorage.setItem('tp.auth.refreshToken', 'r1');
    let expired = false;
    mockApi({
      'GET /api/auth/me': () =>
        expired
          ? {
              status: 401,
              body: { success: false, error: 'Your session has expired. Please log in again.', code: 'UNAUTHORIZED' },
            }
          : { body: { user: complete, profileComplete: true } },
      'POST /api/auth/refresh': () => ({ status: 401, body: { success: false, error: 'x', code: 'UNAUTHORIZED' } }),
    });
    const { router } = renderApp(authScreens, { path: paths.contentAccess, strict: true });
    expect(await screen.findByTestId('where')).toHaveTextContent(paths.contentAccess);
    expired = true;
    const { apiRequest } = await import('@/lib/api-client');
    await act(async () => {
      await expect(apiRequest('/auth/me')).rejects.toMatchObject({ status: 401 });
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your session has expired. Please log in again.');
    expect(router.state.location.state).toEqual({
      from: paths.contentAccess,
      error: 'Your session has expired. Please log in again.',
    });
    expect(sessionStorage.getItem('tp.auth.token')).toBeNull();
  });

  it('keeps the session when the refresh cannot reach the server', async () => {
    localStorage.setItem('tp.auth.token', 'expired');
    localStorage.setItem('tp.auth.refreshToken', 'r1');
    mockApi({
      'GET /api/auth/me': () => ({ body: { user: complete, profileComplete: true } }),
    });
    renderApp(authScreens, { path: paths.dashboard, strict: true });
    await screen.findByTestId('where');
    const { apiRequest } = await import('@/lib/api-client');
    mockApi({
      'GET /api/auth/sessions': () => ({ status: 401, body: { success: false, error: 'x', code: 'UNAUTHORIZED' } }),
      'POST /api/auth/refresh': () => ({
        status: 503,
        body: { success: false, error: 'down', code: 'SERVICE_UNAVAILABLE' },
      }),
    });
    vi.useFakeTimers();
    const failed = apiRequest('/auth/sessions').catch((error: unknown) => error);
    await act(async () => vi.advanceTimersByTimeAsync(1_000)); // the refresh's one retry
    expect(await failed).toMatchObject({ status: 503 });
    expect(screen.getByTestId('where')).toHaveTextContent(paths.dashboard);
    expect(localStorage.getItem('tp.auth.refreshToken')).toBe('r1');
  });

  it('follows other tabs: a remembered sign-out there signs out here', async () => {
    localStorage.setItem('tp.auth.token', 'shared');
    localStorage.setItem('tp.auth.refreshToken', 'r1');
    mockApi({ 'GET /api/auth/me': () => ({ body: { user: complete, profileComplete: true } }) });
    const { router } = renderApp(authScreens, { path: paths.dashboard, strict: true });
    await screen.findByTestId('where');
    await act(async () => void (await import('./tab-sync-listener'))); // loaded after the first render
    // a rotation in another tab (the key overwritten in place) changes nothing here
    localStorage.setItem('tp.auth.token', 'rotated');
    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', { key: 'tp.auth.token', newValue: 'rotated', storageArea: localStorage }),
      );
    });
    expect(router.state.location.pathname).toBe(paths.dashboard);
    localStorage.clear();
    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', { key: 'tp.auth.token', newValue: null, storageArea: localStorage }),
      );
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.login));
  });

  it('follows a duplicated tab: its rotation is adopted, its sign-out is followed', async () => {
    sessionStorage.setItem('tp.auth.token', 'copied');
    sessionStorage.setItem('tp.auth.refreshToken', 'r1');
    mockApi({ 'GET /api/auth/me': () => ({ body: { user: complete, profileComplete: true } }) });
    const { router } = renderApp(authScreens, { path: paths.dashboard, strict: true });
    await screen.findByTestId('where');
    await act(async () => void (await import('./tab-sync-listener')));
    const otherTab = new BroadcastChannel('tp.auth');
    try {
      otherTab.postMessage({ type: 'rotated', from: 'r1', token: 'new-access', refreshToken: 'r2' });
      await waitFor(() => expect(sessionStorage.getItem('tp.auth.refreshToken')).toBe('r2'));
      expect(sessionStorage.getItem('tp.auth.token')).toBe('new-access');
      otherTab.postMessage({ type: 'signed-out', refreshToken: 'r2', userId: null, everywhere: false });
      await waitFor(() => expect(router.state.location.pathname).toBe(paths.login));
      expect(sessionStorage.getItem('tp.auth.token')).toBeNull();
    } finally {
      otherTab.close();
    }
  });
});
