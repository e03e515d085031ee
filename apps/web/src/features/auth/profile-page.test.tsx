import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, buildCompleteUser, buildUser, mockApi, renderApp, signedInAs } from '@/testing';
import { authScreens } from './auth-screens.fixture';
import { paths } from '@/lib/paths';
import { PROFILE_LIMITS } from '@tp/shared';

const ada = buildCompleteUser({
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '+44 20 7946 0958',
  company: 'Analytical Exports',
  position: '',
  timezone: 'Europe/London',
  createdAt: '2026-03-01T10:00:00.000Z',
});

/** A server that keeps the profile: PUT /api/auth/me answers the saved user. */
function profileApi(user = ada) {
  return mockApi({
    ...signedInAs(user),
    'PUT /api/auth/me': ({ body }) => ({
      body: { success: true, message: 'Profile updated', user: { ...user, ...(body as object) } },
    }),
  });
}

const details = () => screen.getByRole('region', { name: 'Ada Lovelace' });
const detail = (label: string) => within(details()).getByText(label, { selector: 'dt' }).nextElementSibling;

describe('profile page', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the profile: e-mail, contact details, time zone and plan, with "Not given" for a blank field', async () => {
    profileApi();
    renderApp(authScreens, { path: paths.profile, strict: true });
    expect(await screen.findByRole('heading', { name: 'Profile', level: 1 })).toBeInTheDocument();
    expect(detail('Email address')).toHaveTextContent('ada@example.com');
    expect(detail('Full name')).toHaveTextContent('Ada Lovelace');
    expect(detail('Phone')).toHaveTextContent('+44 20 7946 0958');
    expect(detail('Company')).toHaveTextContent('Analytical Exports');
    expect(detail('Position')).toHaveTextContent('Not given');
    expect(detail('Time zone')).toHaveTextContent('Europe/London');
    expect(within(details()).getByRole('link', { name: 'Change in Settings' })).toHaveAttribute('href', paths.settings);
    expect(detail('Plan')).toHaveTextContent('free');
    // no form until asked for
    expect(screen.queryByRole('textbox', { name: /Phone/ })).not.toBeInTheDocument();
  });

  it('edits in place: the form holds the profile, checks fields with the contract, and shows the saved profile', async () => {
    const calls = profileApi();
    renderApp(authScreens, { path: paths.profile, strict: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    expect(screen.getByRole('heading', { name: 'Edit Profile', level: 1 })).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveAttribute('readonly');
    expect(screen.getByLabelText(/Company/)).toHaveValue('Analytical Exports');

    const phone = screen.getByLabelText(/Phone/);
    await userEvent.clear(phone);
    await userEvent.type(phone, 'call me');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(screen.getByText('Phone may contain digits, spaces and + ( ) . / -')).toBeInTheDocument();
    expect(phone).toHaveFocus();
    expect(calls.some((c) => c.key === 'PUT /api/auth/me')).toBe(false);

    await userEvent.clear(phone);
    await userEvent.type(phone, '+44 20 7946 0000');
    await userEvent.type(screen.getByLabelText(/Position/), 'Founder');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Profile saved.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Profile', level: 1 })).toBeInTheDocument();
    expect(detail('Phone')).toHaveTextContent('+44 20 7946 0000');
    expect(detail('Position')).toHaveTextContent('Founder');
    expect(calls.find((c) => c.key === 'PUT /api/auth/me')?.body).toEqual({
      name: 'Ada Lovelace',
      phone: '+44 20 7946 0000',
      company: 'Analytical Exports',
      position: 'Founder',
    });
  });

  it('Cancel leaves the profile as it was, and the keyboard where it was', async () => {
    const calls = profileApi();
    renderApp(authScreens, { path: paths.profile });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    // the keyboard lands in the first field, and back on the button afterwards
    expect(screen.getByLabelText(/Full name/)).toHaveFocus();
    await userEvent.type(screen.getByLabelText(/Company/), ' Ltd');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(detail('Company')).toHaveTextContent(/^Analytical Exports$/);
    expect(screen.getByRole('button', { name: 'Edit Profile' })).toHaveFocus();
    expect(calls.some((c) => c.key === 'PUT /api/auth/me')).toBe(false);
  });

  it('opens as "Edit Profile" when arrived from the dashboard, and returns there 1.5 s after saving', async () => {
    let release: () => void = () => {};
    mockApi({
      ...signedInAs(ada),
      'PUT /api/auth/me': ({ body }) =>
        new Promise((resolve) => {
          release = () => resolve({ body: { success: true, message: 'ok', user: { ...ada, ...(body as object) } } });
        }),
    });
    const { router } = renderApp(authScreens, { path: paths.profile, state: { from: paths.dashboard }, strict: true });
    expect(await screen.findByRole('heading', { name: 'Edit Profile', level: 1 })).toBeInTheDocument();
    const company = screen.getByLabelText(/Company/);
    await userEvent.clear(company);
    await userEvent.type(company, 'Engines Ltd');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();

    vi.useFakeTimers();
    await act(async () => release());
    expect(screen.getByText('Profile saved. Taking you back…')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTimeAsync(1_499));
    expect(router.state.location.pathname).toBe(paths.profile);
    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(router.state.location.pathname).toBe(paths.dashboard);
    expect(router.state.location.state).toEqual({ profileUpdated: true });
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('holds each field to the contract’s length, and words a longer stored name for people', async () => {
    profileApi({ ...ada, name: 'A'.repeat(PROFILE_LIMITS.nameMax + 10) });
    renderApp(authScreens, { path: paths.profile });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    expect(screen.getByLabelText(/Full name/)).toHaveAttribute('maxLength', String(PROFILE_LIMITS.nameMax));
    expect(screen.getByLabelText(/Phone/)).toHaveAttribute('maxLength', String(PROFILE_LIMITS.phoneMax));
    expect(screen.getByLabelText(/Company/)).toHaveAttribute('maxLength', String(PROFILE_LIMITS.companyMax));
    expect(screen.getByLabelText(/Position/)).toHaveAttribute('maxLength', String(PROFILE_LIMITS.positionMax));
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(screen.getByText(`Must be at most ${PROFILE_LIMITS.nameMax} characters`)).toBeInTheDocument();
    expect(screen.queryByText(/Too big|expected string/)).not.toBeInTheDocument();
  });

  it('shows the server’s refusal of a field under that field', async () => {
    mockApi({
      ...signedInAs(ada),
      'PUT /api/auth/me': apiError(400, 'Invalid request: name: Name is too long', {
        code: 'VALIDATION_FAILED',
        details: [{ field: 'name', message: 'Name is too long' }],
      }),
    });
    renderApp(authScreens, { path: paths.profile, state: { from: paths.dashboard } });
    await screen.findByRole('heading', { name: 'Edit Profile' });
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Name is too long')).toBeInTheDocument();
    expect(screen.getByLabelText(/Full name/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('sends a user whose profile is incomplete to the completion form (decision 0026)', async () => {
    mockApi(signedInAs(buildUser({ name: 'Ada Lovelace', phone: '' })));
    const { router } = renderApp(authScreens, { path: paths.profile });
    expect(await screen.findByRole('heading', { name: 'Complete Your Profile' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.completeProfile);
    expect(router.state.location.state).toEqual({ next: paths.profile });
  });
});
