import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isProfileComplete } from '@tp/shared';
import { buildCompleteUser, buildUser, mockApi, renderApp } from '@/testing';
import { authScreens } from './auth-screens.fixture';
import { paths } from '@/lib/paths';

function signedInAs(user = buildUser()) {
  sessionStorage.setItem('tp.auth.token', 'access');
  sessionStorage.setItem('tp.auth.refreshToken', 'refresh');
  return user;
}

describe('complete-profile page', () => {
  beforeEach(() => window.history.replaceState(null, '', '/'));
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is "Complete Your Profile" after sign-in, "Edit Profile" when arrived from /dashboard', async () => {
    const user = signedInAs();
    mockApi({ 'GET /api/auth/me': () => ({ body: { user, profileComplete: false } }) });
    renderApp(authScreens, { path: paths.completeProfile, strict: true });
    expect(await screen.findByRole('heading', { name: 'Complete Your Profile' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Email address')).toHaveValue('ada@example.com');
  });

  it('shows "Edit Profile" for a visitor coming from the dashboard', async () => {
    const user = signedInAs(buildCompleteUser());
    mockApi({ 'GET /api/auth/me': () => ({ body: { user, profileComplete: true } }) });
    renderApp(authScreens, { path: paths.completeProfile, state: { from: paths.dashboard }, strict: true });
    expect(await screen.findByRole('heading', { name: 'Edit Profile' })).toBeInTheDocument();
  });

  it('requires name and phone, saves with "Saving...", waits 1.5 s, then replaces the entry with the next page', async () => {
    const user = signedInAs();
    let release: () => void = () => {};
    mockApi({
      'GET /api/auth/me': () => ({ body: { user, profileComplete: false } }),
      'PUT /api/auth/me': ({ body }) =>
        new Promise((resolve) => {
          release = () =>
            resolve({
              body: { success: true, message: 'ok', user: buildUser({ ...(body as object), profileComplete: true }) },
            });
        }),
    });
    const { router } = renderApp(authScreens, {
      path: paths.completeProfile,
      state: { next: paths.contentAccess },
      strict: true,
    });
    await screen.findByRole('heading', { name: 'Complete Your Profile' });
    await userEvent.clear(screen.getByLabelText(/Full name/));
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Phone is required')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText(/Full name/), 'Ada Lovelace');
    await userEvent.type(screen.getByLabelText(/Phone/), '+44 20 7946 0958');
    await userEvent.type(screen.getByLabelText(/Company/), 'Analytical Exports');
    await userEvent.type(screen.getByLabelText(/Position/), 'Founder');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();

    // the answer is parsed with a module loaded on demand: loaded before the clock stops, it is there at once
    await import('@/lib/contract');
    vi.useFakeTimers();
    await act(async () => release());
    await act(async () => vi.advanceTimersByTimeAsync(1_499));
    expect(router.state.location.pathname).toBe(paths.completeProfile);
    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(router.state.location.pathname).toBe(paths.contentAccess);
    expect(router.state.location.state).toEqual({ profileUpdated: true });
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('says which fields are required, and saving with company and position blank lets the user on (no loop)', async () => {
    const user = signedInAs();
    // the server answers with its own rule for profileComplete
    mockApi({
      'GET /api/auth/me': () => ({ body: { user, profileComplete: false } }),
      'PUT /api/auth/me': ({ body }) => {
        const saved = { ...user, ...(body as { name: string; phone: string }) };
        return {
          body: {
            success: true,
            message: 'ok',
            user: buildUser({ ...saved, profileComplete: isProfileComplete(saved) }),
          },
        };
      },
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { router } = renderApp(authScreens, { path: paths.completeProfile, state: { next: paths.contentAccess } });
    await screen.findByRole('heading', { name: 'Complete Your Profile' });
    expect(
      screen.getByText(/Name and phone are required to continue. Company and position are optional/),
    ).toBeVisible();
    expect(screen.getByLabelText(/Company/)).toHaveAccessibleDescription('Optional');
    expect(screen.getByLabelText(/Position/)).not.toBeRequired();
    await userEvent.type(screen.getByLabelText(/Phone/), '+44 20 7946 0958');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText(/Profile saved/)).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTimeAsync(1_500));
    expect(router.state.location.pathname).toBe(paths.contentAccess);
    // and a later link to a protected page is not sent back to the form
    await act(async () => router.navigate(paths.dashboard));
    expect(router.state.location.pathname).toBe(paths.dashboard);
  });

  it('shows the retry text when saving fails', async () => {
    const user = signedInAs(buildUser({ phone: '1' }));
    mockApi({
      'GET /api/auth/me': () => ({ body: { user, profileComplete: false } }),
      'PUT /api/auth/me': () => ({ status: 503, body: { success: false, error: 'down', code: 'SERVICE_UNAVAILABLE' } }),
    });
    renderApp(authScreens, { path: paths.completeProfile, strict: true });
    await screen.findByRole('heading', { name: 'Complete Your Profile' });
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      'Failed to update profile. Please try again.',
    );
  }, 15_000);

  it('shows the message the server gives for a field under that field', async () => {
    const user = signedInAs();
    mockApi({
      'GET /api/auth/me': () => ({ body: { user, profileComplete: false } }),
      'PUT /api/auth/me': () => ({
        status: 400,
        body: {
          success: false,
          error: 'Invalid request: phone: Phone is too long',
          code: 'VALIDATION_FAILED',
          details: [{ field: 'phone', message: 'Phone is too long' }],
        },
      }),
    });
    renderApp(authScreens, { path: paths.completeProfile, strict: true });
    await screen.findByRole('heading', { name: 'Complete Your Profile' });
    await userEvent.type(screen.getByLabelText(/Phone/), '+44 1');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Phone is too long')).toBeInTheDocument();
    expect(screen.getByLabelText(/Phone/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid request: phone: Phone is too long');
  });
});
