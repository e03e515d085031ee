import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, userFixture } from '@/test/mock-api';
import { renderAuthApp } from './test-harness';

const complete = userFixture({ phone: '1', company: 'A', position: 'B', profileComplete: true });

describe('AuthProvider', () => {
  beforeEach(() => window.history.replaceState(null, '', '/'));
  afterEach(() => vi.unstubAllGlobals());

  it('restores a stored session from /me before rendering the app', async () => {
    localStorage.setItem('tp.auth.token', 'stored');
    localStorage.setItem('tp.auth.refreshToken', 'r0');
    const calls = mockApi({ 'GET /api/auth/me': () => ({ body: { user: complete, profileComplete: true } }) });
    renderAuthApp('/dashboard');
    expect(screen.getByRole('status')).toHaveTextContent('Restoring your session');
    expect(await screen.findByTestId('where')).toHaveTextContent('/dashboard');
    expect(calls[0]?.headers.authorization).toBe('Bearer stored');
  });

  it('on a 401 refreshes once, stores the rotated tokens and retries', async () => {
    localStorage.setItem('tp.auth.token', 'expired');
    localStorage.setItem('tp.auth.refreshToken', 'r1');
    const calls = mockApi({
      'GET /api/auth/me': (_body, init) =>
        (init.headers as Record<string, string>).authorization === 'Bearer fresh'
          ? { body: { user: complete, profileComplete: true } }
          : { status: 401, body: { success: false, error: 'Your session has expired. Please log in again.', code: 'UNAUTHORIZED' } },
      'POST /api/auth/refresh': () => ({ body: { token: 'fresh', refreshToken: 'r2' } }),
    });
    renderAuthApp('/dashboard');
    expect(await screen.findByTestId('where')).toHaveTextContent('/dashboard');
    expect(calls.map((c) => c.key)).toEqual(['GET /api/auth/me', 'POST /api/auth/refresh', 'GET /api/auth/me']);
    expect(calls[1]?.body).toEqual({ refreshToken: 'r1' });
    expect(localStorage.getItem('tp.auth.token')).toBe('fresh');
    expect(localStorage.getItem('tp.auth.refreshToken')).toBe('r2');
  });

  it('signs out and sends the user to /login when the refresh fails', async () => {
    localStorage.setItem('tp.auth.token', 'expired');
    localStorage.setItem('tp.auth.refreshToken', 'stolen');
    mockApi({
      'GET /api/auth/me': () => ({ status: 401, body: { success: false, error: 'expired', code: 'UNAUTHORIZED' } }),
      'POST /api/auth/refresh': () => ({ status: 401, body: { success: false, error: 'expired', code: 'UNAUTHORIZED' } }),
    });
    const router = renderAuthApp('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('tp.auth.token')).toBeNull();
    expect(localStorage.getItem('tp.auth.refreshToken')).toBeNull();
  });
});
