import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, buildCompleteUser, buildUser, mockApi, networkFailure, renderApp } from '@/testing';
import { authScreens } from './auth-screens.fixture';
import { paths } from '@/lib/paths';
import { EMAIL_MAX_LENGTH, PROFILE_LIMITS } from '@tp/shared';

describe('login page', () => {
  beforeEach(() => window.history.replaceState(null, '', paths.login));
  afterEach(() => vi.useRealTimers());
  it('shows the sign-in and sign-up modes with in-page validation texts', async () => {
    mockApi({});
    renderApp(authScreens, { path: paths.login, strict: true });
    expect(await screen.findByRole('heading', { name: 'Sign in to your account' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/Full Name/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Email' }));
    expect(screen.getByText('Please enter your email')).toBeInTheDocument();
    expect(screen.getByLabelText(/Email address/)).toHaveAttribute('aria-invalid', 'true');

    await userEvent.click(screen.getByRole('button', { name: 'Create an account' }));
    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Email address/), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.getByText('Name is required for sign up')).toBeInTheDocument();
  });

  it('keeps what was typed into the prerendered form before the app ran, still focused, and sends it', async () => {
    const calls = mockApi({
      'POST /api/auth/magic-link': () => ({
        body: { message: 'Magic link sent!', isNewUser: false, nextLinkInSeconds: 30 },
      }),
    });
    renderApp(authScreens, {
      path: paths.login,
      strict: true,
      beforeStart(root) {
        const field = root.querySelector<HTMLInputElement>('input[type="email"]')!;
        field.value = 'Early@Example.com';
        field.focus();
      },
    });
    const field = screen.getByLabelText(/Email address/);
    const send = screen.getByRole('button', { name: 'Continue with Email' });
    await waitFor(() => expect(send).toBeEnabled());
    expect(field).toHaveValue('Early@Example.com');
    expect(field).toHaveFocus();
    await userEvent.click(send);
    expect(await screen.findByRole('heading', { name: 'Check Your Email' })).toBeInTheDocument();
    expect(calls[0]?.body).toMatchObject({ email: 'early@example.com', mode: 'signin' });
  });

  it('requests a link, shows "Check Your Email", and resend returns to the form', async () => {
    const calls = mockApi({
      'POST /api/auth/magic-link': () => ({
        body: { message: 'Magic link sent!', isNewUser: true, nextLinkInSeconds: 30 },
      }),
    });
    renderApp(authScreens, { path: paths.login, strict: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Create an account' }));
    await userEvent.type(screen.getByLabelText(/Full Name/), '  Ada Lovelace ');
    await userEvent.type(screen.getByLabelText(/Email address/), 'Ada@Example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('heading', { name: 'Check Your Email' })).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(calls[0]?.body).toMatchObject({
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      mode: 'signup',
      rememberMe: true,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Resend Magic Link' }));
    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
  });

  it('holds the name and the address to the contract’s lengths', async () => {
    mockApi({});
    renderApp(authScreens, { path: paths.login });
    await userEvent.click(await screen.findByRole('button', { name: 'Create an account' }));
    const name = screen.getByLabelText(/Full Name/);
    expect(name).toHaveAttribute('maxLength', String(PROFILE_LIMITS.nameMax));
    expect(screen.getByLabelText(/Email address/)).toHaveAttribute('maxLength', String(EMAIL_MAX_LENGTH));
    await userEvent.type(name, 'A'.repeat(PROFILE_LIMITS.nameMax + 5));
    expect(name).toHaveValue('A'.repeat(PROFILE_LIMITS.nameMax));
  });

  it("keeps the address on resend and shows only the server's waits: the answer's, then Retry-After", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answers = [
      { body: { message: 'Magic link sent!', isNewUser: false, nextLinkInSeconds: 25 } },
      {
        status: 429,
        headers: { 'retry-after': '42' },
        body: { success: false, error: 'Too many requests. Please try again later.', code: 'RATE_LIMITED' },
      },
      // the hour's allowance used up by this link: the next one only in 40 minutes
      { body: { message: 'Magic link sent!', isNewUser: false, nextLinkInSeconds: 2_400 } },
    ];
    const calls = mockApi({ 'POST /api/auth/magic-link': () => answers.shift()! });
    renderApp(authScreens, { path: paths.login });
    await userEvent.type(await screen.findByLabelText(/Email address/), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Email' }));
    await screen.findByRole('heading', { name: 'Check Your Email' });
    // the server said 25 s: the page does not assume a minute of its own
    expect(await screen.findByText(/^You can ask for the next link in (25|24) s\.$/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Resend Magic Link' }));
    expect(screen.getByLabelText(/Email address/)).toHaveValue('ada@example.com');
    expect(screen.getByRole('button', { name: 'Continue with Email' })).toBeDisabled();
    await act(async () => vi.advanceTimersByTimeAsync(25_000));
    expect(screen.queryByText(/You can ask for the next link/)).not.toBeInTheDocument();
    // another device asked meanwhile: the server says no, and its Retry-After is what is shown
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Email' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Please try again later.');
    expect(await screen.findByText('You can ask for the next link in 42 s.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue with Email' })).toBeDisabled();
    await act(async () => vi.advanceTimersByTimeAsync(42_000));
    expect(screen.queryByText(/You can ask for the next link/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Email' }));
    await screen.findByRole('heading', { name: 'Check Your Email' });
    expect(
      await screen.findByText(/^You can ask for the next link at \d\d:\d\d( [AP]M)? \(in 40 min\)\.$/),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(3);
  });

  it('opens sign-up with the plan chosen on the landing page, and sends the plan with the request', async () => {
    window.history.replaceState(null, '', `${paths.login}?mode=signup&plan=team`);
    const calls = mockApi({
      'POST /api/auth/magic-link': () => ({
        body: { message: 'Magic link sent!', isNewUser: true, nextLinkInSeconds: 30 },
      }),
    });
    renderApp(authScreens, { path: `${paths.login}?mode=signup&plan=team` });
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    expect(screen.getByText(/Chosen plan:/)).toHaveTextContent('Chosen plan: Team. It is saved with your account.');
    await userEvent.type(screen.getByLabelText(/Full Name/), 'Ada');
    await userEvent.type(screen.getByLabelText(/Email address/), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await screen.findByRole('heading', { name: 'Check Your Email' });
    expect(calls[0]?.body).toMatchObject({ mode: 'signup', plan: 'team', name: 'Ada' });
  });

  it('says "You have been logged out." after a log out', async () => {
    mockApi({});
    renderApp(authScreens, { path: paths.login, state: { loggedOut: true } });
    expect(await screen.findByText('You have been logged out.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sign in to your account' })).toBeInTheDocument();
  });

  it('shows the server message, e.g. 409 for a known address', async () => {
    mockApi({
      'POST /api/auth/magic-link': () => ({
        status: 409,
        body: { success: false, error: 'A user with this email already exists.', code: 'CONFLICT' },
      }),
    });
    renderApp(authScreens, { path: paths.login, strict: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Create an account' }));
    await userEvent.type(screen.getByLabelText(/Full Name/), 'Ada');
    await userEvent.type(screen.getByLabelText(/Email address/), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A user with this email already exists.');
  });

  it('exchanges ?token= once, strips it from the address bar, and asks for the profile', async () => {
    window.history.replaceState(null, '', `${paths.login}?token=abc123`);
    const calls = mockApi({
      'POST /api/auth/verify': () => ({
        body: {
          token: 'access',
          refreshToken: 'refresh',
          rememberMe: false,
          user: buildUser(),
          isNewUser: true,
          requiresProfileCompletion: true,
          redirectTo: paths.contentAccess,
        },
      }),
    });
    renderApp(authScreens, { path: `${paths.login}?token=abc123`, strict: true });
    expect(window.location.search).toBe('');
    expect(await screen.findByRole('heading', { name: 'Complete Your Profile' })).toBeInTheDocument();
    expect(calls.filter((c) => c.key === 'POST /api/auth/verify')).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ token: 'abc123' });
    expect(sessionStorage.getItem('tp.auth.token')).toBe('access');
    expect(localStorage.getItem('tp.auth.token')).toBeNull();
  });

  it('goes to the originally requested page when the profile is complete', async () => {
    window.history.replaceState(null, '', `${paths.login}?token=t2`);
    mockApi({
      'POST /api/auth/verify': () => ({
        body: {
          token: 'access',
          refreshToken: 'refresh',
          rememberMe: true,
          user: buildCompleteUser(),
          isNewUser: false,
          requiresProfileCompletion: false,
          redirectTo: paths.contentAccess,
        },
      }),
    });
    renderApp(authScreens, { path: `${paths.login}?token=t2`, strict: true });
    expect(await screen.findByTestId('where')).toHaveTextContent(paths.contentAccess);
    expect(localStorage.getItem('tp.auth.token')).toBe('access');
  });

  it('returns to /login with the message when the link is bad', async () => {
    window.history.replaceState(null, '', `${paths.login}?token=used`);
    mockApi({
      'POST /api/auth/verify': () => ({
        status: 400,
        body: { success: false, error: 'Invalid or expired magic link token', code: 'INVALID_TOKEN' },
      }),
    });
    renderApp(authScreens, { path: `${paths.login}?token=used`, strict: true });
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid or expired magic link token');
    expect(screen.getByRole('heading', { name: 'Sign in to your account' })).toBeInTheDocument();
  });

  it('sends an anonymous visitor of a protected page to /login and back after sign-in', async () => {
    mockApi({});
    const { router } = renderApp(authScreens, { path: paths.dashboard, strict: true });
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.login));
    expect(router.state.location.state).toEqual({ from: paths.dashboard });
  });

  it('keeps the choice not to be remembered, and shows 429 and network failures in the page', async () => {
    const calls = mockApi({
      'POST /api/auth/magic-link': apiError(429, 'Too many requests. Please try again later.'),
    });
    renderApp(authScreens, { path: paths.login, strict: true });
    await userEvent.type(await screen.findByLabelText(/Email address/), 'ada@example.com');
    const remember = screen.getByRole('checkbox', { name: 'Remember me' });
    expect(remember).toBeChecked();
    await userEvent.click(remember);
    expect(remember).not.toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Email' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Please try again later.');
    expect(calls[0]?.body).toMatchObject({ email: 'ada@example.com', mode: 'signin', rememberMe: false });

    mockApi({ 'POST /api/auth/magic-link': networkFailure });
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Email' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Unable to connect to the authentication service. Please check your network connection.',
    );
  });

  it('shows a refused address under the e-mail field, from the answer naming it', async () => {
    mockApi({
      'POST /api/auth/magic-link': () =>
        apiError(400, 'Invalid request: email: Please enter a valid email address', {
          details: [{ field: 'email', message: 'Please enter a valid email address' }],
        }),
    });
    renderApp(authScreens, { path: paths.login, strict: true });
    await userEvent.type(await screen.findByLabelText(/Email address/), 'not-an-address');
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Email' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByLabelText(/Email address/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows an error brought in navigation state until the user tries again', async () => {
    mockApi({
      'POST /api/auth/magic-link': () => ({ body: { message: 'sent', isNewUser: false, nextLinkInSeconds: 30 } }),
    });
    renderApp(authScreens, {
      path: paths.login,
      state: { error: 'Failed to complete magic link login' },
      strict: true,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to complete magic link login');
    await userEvent.type(screen.getByLabelText(/Email address/), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Email' }));
    expect(await screen.findByRole('heading', { name: 'Check Your Email' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Resend Magic Link' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/Email address/)).toHaveFocus();
  });

  it('sends a signed-in user on to the dashboard', async () => {
    sessionStorage.setItem('tp.auth.token', 'access');
    sessionStorage.setItem('tp.auth.refreshToken', 'refresh');
    const user = buildCompleteUser();
    mockApi({ 'GET /api/auth/me': () => ({ body: { user, profileComplete: true } }) });
    const { router } = renderApp(authScreens, { path: paths.login, strict: true });
    expect(await screen.findByTestId('where')).toHaveTextContent(paths.dashboard);
    expect(router.state.location.pathname).toBe(paths.dashboard);
  });

  it('exchanges a ?session= hand-off once under StrictMode and returns to the page first asked for', async () => {
    window.history.replaceState(null, '', `${paths.login}?session=handoff-1&utm=mail`);
    const calls = mockApi({
      'POST /api/auth/session-exchange': () => ({
        body: {
          success: true,
          token: 'access',
          refreshToken: 'refresh',
          user: buildCompleteUser(),
        },
      }),
    });
    const { router } = renderApp(authScreens, {
      path: `${paths.login}?session=handoff-1&utm=mail`,
      state: { from: paths.contentAccess },
      strict: true,
    });
    // gone from the address bar before the request answers; other parameters stay
    expect(window.location.search).toBe('?utm=mail');
    expect(await screen.findByTestId('where')).toHaveTextContent(paths.contentAccess);
    expect(router.state.historyAction).toBe('REPLACE');
    const exchanges = calls.filter((c) => c.key === 'POST /api/auth/session-exchange');
    expect(exchanges).toHaveLength(1);
    expect(exchanges[0]?.body).toEqual({ sessionToken: 'handoff-1' });
    expect(sessionStorage.getItem('tp.auth.token')).toBe('access');
  });

  it('goes to the dashboard after a magic link when nothing else was asked for', async () => {
    window.history.replaceState(null, '', `${paths.login}?token=t3`);
    mockApi({
      'POST /api/auth/verify': () => ({
        body: {
          token: 'access',
          refreshToken: 'refresh',
          rememberMe: false,
          user: buildCompleteUser(),
          isNewUser: false,
          requiresProfileCompletion: false,
          redirectTo: null,
        },
      }),
    });
    renderApp(authScreens, { path: `${paths.login}?token=t3`, strict: true });
    expect(await screen.findByTestId('where')).toHaveTextContent(paths.dashboard);
  });

  it('says the auth service cannot be reached when the link is opened offline', async () => {
    window.history.replaceState(null, '', `${paths.login}?token=t5`);
    mockApi({ 'POST /api/auth/verify': networkFailure });
    renderApp(authScreens, { path: `${paths.login}?token=t5`, strict: true });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Unable to connect to the authentication service. Please check your network connection.',
    );
  });

  it('says the completion failed when the verify answer cannot be read', async () => {
    window.history.replaceState(null, '', `${paths.login}?token=t4`);
    mockApi({ 'POST /api/auth/verify': () => ({ body: { token: 'only-half' } }) });
    renderApp(authScreens, { path: `${paths.login}?token=t4`, strict: true });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to complete magic link login');
  });
});
