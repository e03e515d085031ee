import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { UserPreferencesResponse } from '@tp/shared';
import { apiError, buildCompleteUser, buildPreferences, mockApi, renderApp, signedInAs } from '@/testing';
import { ThemeToggle } from '@/ui/theme-toggle';
import { ThemePreferences } from './components/theme-preferences';
import ThemeSync from './theme-sync';

const ada = buildCompleteUser({ name: 'Ada Lovelace' });
const saved = (theme: Partial<UserPreferencesResponse['theme']>) =>
  buildPreferences({
    theme: { ...buildPreferences().theme, ...theme },
    lastSyncTime: '2026-11-22T08:00:00.000Z',
  });

/** The layout's sync, the header's toggle and the settings' Appearance section, signed in as Ada. */
const renderThemeScreens = () =>
  renderApp(
    <>
      <ThemeSync />
      <ThemeToggle />
      <ThemePreferences />
    </>,
  );

/** A server that keeps the theme: PATCH merges into it, GET answers it. */
function themeServer(start: UserPreferencesResponse = buildPreferences()) {
  let stored = start;
  const calls = mockApi({
    ...signedInAs(ada),
    'GET /api/me/preferences': () => ({ body: stored }),
    'PATCH /api/me/preferences': ({ body }) => {
      const { theme } = body as { theme: Partial<UserPreferencesResponse['theme']> };
      stored = { ...stored, theme: { ...stored.theme, ...theme }, lastSyncTime: '2026-11-23T12:00:00.000Z' };
      return { body: stored };
    },
  });
  return { calls, patches: () => calls.filter((c) => c.key === 'PATCH /api/me/preferences').map((c) => c.body) };
}

describe('theme kept on the server', () => {
  it('adopts the theme saved on another device at sign-in, paints it at once and saves nothing back', async () => {
    const server = themeServer(
      saved({ mode: 'light', primaryColor: '#10b981', fontSize: 'lg', reducedMotion: 'on', highContrast: false }),
    );
    const { themeRoot, theme } = renderThemeScreens();
    await vi.waitFor(() => expect(themeRoot.classList.contains('light')).toBe(true));
    expect(themeRoot.classList.contains('dark')).toBe(false);
    expect(themeRoot.style.fontSize).toBe('112.5%');
    expect(themeRoot.style.getPropertyValue('--tp-accent')).toBe('#10b981');
    expect(themeRoot.classList.contains('reduce-motion')).toBe(true);
    expect(theme.getState()).toMatchObject({ mode: 'light', reducedMotionSetting: 'on', reducedMotion: true });
    expect(screen.getByRole('radio', { name: 'Light' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Emerald' })).toBeChecked();
    expect(screen.getByRole('button', { name: /^Theme: Light/ })).toBeInTheDocument();
    expect(server.patches()).toEqual([]);
  });

  it('saves each change made here — the settings and the header toggle — and says it is saved', async () => {
    const server = themeServer();
    const { themeRoot } = renderThemeScreens();
    await vi.waitFor(() => expect(server.calls.some((c) => c.key === 'GET /api/me/preferences')).toBe(true));

    await userEvent.click(screen.getByRole('radio', { name: 'Light' }));
    expect(themeRoot.classList.contains('light')).toBe(true);
    expect(await screen.findByText(/Saved to your account at/)).toBeInTheDocument();
    // the header toggle steps light → auto, and is saved too
    await userEvent.click(screen.getByRole('button', { name: 'Theme: Light. Switch to auto' }));
    await userEvent.click(screen.getByRole('switch', { name: 'High contrast' }));
    expect(themeRoot.classList.contains('high-contrast')).toBe(true);
    await userEvent.click(screen.getByRole('radio', { name: 'Rose' }));
    await vi.waitFor(() =>
      expect(server.patches()).toEqual([
        { theme: { mode: 'light' } },
        { theme: { mode: 'auto' } },
        { theme: { highContrast: true } },
        { theme: { primaryColor: '#f43f5e' } },
      ]),
    );
  });

  it('uploads a theme chosen on this device before the account ever saved one', async () => {
    let answer: (value: { body: UserPreferencesResponse }) => void = () => {};
    const calls = mockApi({
      ...signedInAs(ada),
      'GET /api/me/preferences': () => new Promise((resolve) => (answer = resolve)),
      'PATCH /api/me/preferences': ({ body }) => ({ body: saved((body as { theme: object }).theme) }),
    });
    const { theme } = renderThemeScreens();
    // chosen (and stored on this device) while signed out
    theme.adopt({ mode: 'light', fontSize: 'sm' });
    await vi.waitFor(() => expect(calls.some((c) => c.key === 'GET /api/me/preferences')).toBe(true));
    answer({ body: buildPreferences() });
    await vi.waitFor(() => expect(calls.filter((c) => c.key === 'PATCH /api/me/preferences')).toHaveLength(1));
    expect(calls.find((c) => c.key === 'PATCH /api/me/preferences')?.body).toEqual({
      theme: {
        mode: 'light',
        primaryColor: null,
        fontSize: 'sm',
        animations: true,
        reducedMotion: 'system',
        highContrast: false,
        customColors: {},
      },
    });
  });

  it('keeps the change on this device and says so when the server refuses it', async () => {
    mockApi({
      ...signedInAs(ada),
      'GET /api/me/preferences': { body: buildPreferences() },
      'PATCH /api/me/preferences': apiError(503, 'Service temporarily unavailable', { code: 'SERVICE_UNAVAILABLE' }),
    });
    const { themeRoot } = renderThemeScreens();
    await userEvent.click(await screen.findByRole('radio', { name: 'Light' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Not saved to your account: Service temporarily unavailable. It stays on this device',
    );
    expect(themeRoot.classList.contains('light')).toBe(true);
  });
});
