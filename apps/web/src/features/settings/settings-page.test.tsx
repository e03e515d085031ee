import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_TRADING_PREFERENCES } from '@tp/shared';
import { paths } from '@/lib/paths';
import { userStorageKey } from '@/lib/user-storage';
import {
  apiError,
  buildCompleteUser,
  buildInstrument,
  buildLicenseState,
  buildPolicy,
  buildPreferences,
  buildSession,
  deskAnswer,
  envelope,
  mockApi,
  renderApp,
  signedInAs,
} from '@/testing';
import { describeDevice } from './device-name';
import SettingsPage from './settings-page';

/** What the trading preferences section reads. */
const trading = {
  'GET /api/preferences/trading': envelope(DEFAULT_TRADING_PREFERENCES),
  'GET /api/market/instruments': envelope([
    buildInstrument(),
    buildInstrument({ symbol: 'GOOGL', name: 'Alphabet Inc.' }),
  ]),
};

/** What the preferences, desk, trading and license panels read. */
const panels = {
  'GET /api/me/preferences': { body: buildPreferences() },
  'GET /api/desk/policy': deskAnswer(buildPolicy()),
  'GET /api/me/license': { body: buildLicenseState() },
  ...trading,
};

function LoginEcho() {
  const { state } = useLocation();
  const { error, loggedOut } = (state ?? {}) as { error?: string; loggedOut?: boolean };
  return <p>login page {error ?? (loggedOut ? 'logged out' : '')}</p>;
}

// the zone picker lists every zone Intl knows (over 400); a few keep the role queries of these tests quick
beforeEach(() => {
  vi.spyOn(Intl, 'supportedValuesOf').mockReturnValue(['Europe/London', 'UTC', 'America/New_York']);
});

const renderSettings = () =>
  renderApp(
    [
      { path: paths.settings, element: <SettingsPage /> },
      { path: paths.login, element: <LoginEcho /> },
    ],
    { path: paths.settings },
  ).router;

describe('settings: sessions', () => {
  it('lists devices by name, ends another one and logs out everywhere only once confirmed', async () => {
    let sessions = [
      buildSession({ current: true, userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0 Safari/537.36' }),
      buildSession({
        id: '22222222-2222-4222-8222-222222222222',
        userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1',
      }),
    ];
    const user = buildCompleteUser();
    // what this browser keeps for the user (a campaign draft) and for someone else
    localStorage.setItem(userStorageKey(user.id, 'campaign-draft.v1'), '{}');
    localStorage.setItem(userStorageKey('someone-else', 'campaign-draft.v1'), '{}');
    const calls = mockApi({
      ...signedInAs(user),
      ...panels,
      'GET /api/auth/sessions': () => ({ body: { sessions } }),
      'DELETE /api/auth/sessions/22222222-2222-4222-8222-222222222222': () => {
        sessions = sessions.slice(0, 1);
        return { body: { success: true } };
      },
      'POST /api/auth/logout': () => ({ body: { success: true } }),
    });
    renderSettings();
    const current = (await screen.findByText('This device')).closest('li')!;
    expect(within(current).getByText(/Chrome on Linux/)).toBeInTheDocument();
    expect(within(current).getByText(/IP 203\.0\.113\.7 · last seen/)).toBeInTheDocument();
    // the raw user agent is not shown: the name says it
    expect(within(current).queryByText(/Mozilla/)).not.toBeInTheDocument();
    expect(within(current).queryByRole('button', { name: /End session/ })).not.toBeInTheDocument();

    // End session asks first; Cancel changes nothing
    await userEvent.click(screen.getByRole('button', { name: /End session: Safari on iOS/ }));
    const confirm = await screen.findByRole('dialog', { name: 'End this session?' });
    expect(confirm).toHaveTextContent('Safari on iOS');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.key.startsWith('DELETE'))).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: /End session: Safari on iOS/ }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'End this session?' })).getByRole('button', {
        name: 'End session',
      }),
    );
    await vi.waitFor(() => expect(screen.queryByText(/Safari on iOS/)).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Log out everywhere' }));
    const everywhere = await screen.findByRole('dialog', { name: 'Log out everywhere?' });
    expect(calls.filter((c) => c.key === 'POST /api/auth/logout')).toHaveLength(0);
    await userEvent.click(within(everywhere).getByRole('button', { name: 'Log out everywhere' }));
    expect(await screen.findByText('login page logged out')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /api/auth/logout')?.body).toEqual({ everywhere: true });
    expect(localStorage.getItem('tp.auth.token')).toBeNull();
    expect(localStorage.getItem(userStorageKey(user.id, 'campaign-draft.v1'))).toBeNull();
    expect(localStorage.getItem(userStorageKey('someone-else', 'campaign-draft.v1'))).toBe('{}');
  });

  it('keeps this session and says so when "Log out everywhere" does not reach the server', async () => {
    mockApi({
      ...signedInAs(buildCompleteUser()),
      ...panels,
      'GET /api/auth/sessions': { body: { sessions: [buildSession({ current: true })] } },
      'POST /api/auth/logout': apiError(403, 'no', { code: 'FORBIDDEN' }),
    });
    const router = renderSettings();
    localStorage.setItem(userStorageKey(buildCompleteUser().id, 'campaign-draft.v1'), '{}');
    expect(await screen.findByText('Unknown device')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Log out everywhere' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Log out everywhere' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to log out properly');
    expect(router.state.location.pathname).toBe(paths.settings);
    expect(localStorage.getItem('tp.auth.token')).toBe('access-token');
    // still signed in here: what the browser keeps for the user stays
    expect(localStorage.getItem(userStorageKey(buildCompleteUser().id, 'campaign-draft.v1'))).toBe('{}');
  });

  it('still logs this device out when the server cannot be told, and says so on the login page', async () => {
    mockApi({
      ...signedInAs(buildCompleteUser()),
      ...panels,
      'GET /api/auth/sessions': { body: { sessions: [buildSession({ current: true })] } },
      'POST /api/auth/logout': apiError(403, 'no', { code: 'FORBIDDEN' }),
    });
    renderSettings();
    await screen.findByText('Unknown device');
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByText('login page Failed to log out properly')).toBeInTheDocument();
    expect(localStorage.getItem('tp.auth.token')).toBeNull();
  });

  it('names devices from their user agent', () => {
    expect(describeDevice('')).toBe('Unknown device');
    expect(describeDevice('Mozilla/5.0 (Windows NT 10.0) Gecko/20100101 Firefox/121.0')).toBe('Firefox on Windows');
    expect(
      describeDevice(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/150.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome on Linux');
    expect(
      describeDevice(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
      ),
    ).toBe('Safari on macOS');
    expect(
      describeDevice(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36 EdgA/120.0.0.0',
      ),
    ).toBe('Microsoft Edge on Android');
    expect(describeDevice('curl/8.0')).toBe('Unknown browser');
  });
});

describe('settings: dashboard preferences and license', () => {
  it('says where the time zone came from, refuses a malformed license key in place and shows the server refusal', async () => {
    const calls = mockApi({
      ...signedInAs(buildCompleteUser()),
      ...panels,
      'GET /api/auth/sessions': { body: { sessions: [buildSession({ current: true })] } },
      'POST /api/me/license': apiError(400, 'License has expired', { code: 'LICENSE_EXPIRED' }),
    });
    renderSettings();
    expect(await screen.findByText(/not chosen yet \(UTC\)/)).toBeInTheDocument();
    expect(await screen.findByText('No license')).toBeInTheDocument();
    const field = screen.getByRole('textbox', { name: 'License key' });
    await userEvent.type(field, 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Activate' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid license key format');
    expect(calls.some((c) => c.key === 'POST /api/me/license')).toBe(false);
    await userEvent.type(field, '.long.enough.but.expired');
    await userEvent.click(screen.getByRole('button', { name: 'Activate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('License has expired');
    expect(calls.find((c) => c.key === 'POST /api/me/license')?.body).toEqual({ key: 'short.long.enough.but.expired' });
  });
});

/** The settings page's calls, with the PATCH of preferences answering `timezone` as the user's choice. */
const mockZoneChoice = (timezone: string) =>
  mockApi({
    ...signedInAs(buildCompleteUser()),
    ...panels,
    'GET /api/auth/sessions': { body: { sessions: [buildSession({ current: true })] } },
    'PATCH /api/me/preferences': {
      body: buildPreferences({ display: { theme: 'dark', language: 'en', timezone, timezoneSource: 'user' } }),
    },
  });

describe('settings: time zone', () => {
  it('finds a zone by typing part of its name and saves it as the user’s choice', async () => {
    vi.mocked(Intl.supportedValuesOf).mockReturnValue([
      'America/New_York',
      'America/Los_Angeles',
      'Asia/Tokyo',
      'Europe/London',
      'UTC',
    ]);
    const calls = mockZoneChoice('America/New_York');
    renderSettings();
    const zone = await screen.findByRole('combobox', { name: 'Time zone' });
    expect(zone).toHaveValue('UTC');
    expect(zone).toHaveAccessibleDescription(/not chosen yet \(UTC\)/);
    await userEvent.click(zone);
    await userEvent.keyboard('new y');
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([expect.stringMatching(/^America\/New York \(UTC-0[45]:00\)$/)]);
    await userEvent.keyboard('{Enter}');
    await vi.waitFor(() =>
      expect(calls.find((c) => c.key === 'PATCH /api/me/preferences')?.body).toEqual({
        display: { timezone: 'America/New_York' },
      }),
    );
    expect(await screen.findByText('Time zone saved.')).toBeInTheDocument();
    expect((zone as HTMLInputElement).value).toMatch(/^America\/New York \(UTC-0[45]:00\)$/);
    expect(zone).toHaveAccessibleDescription(/chosen by you/);
  });

  // Chromium's list (as Node 20's): old names for renamed zones, and no UTC
  const CHROMIUM_ZONES = [
    'America/New_York',
    'Asia/Calcutta',
    'Asia/Saigon',
    'Asia/Tokyo',
    'Europe/Kiev',
    'Europe/London',
  ];
  // Firefox's: the current names
  const FIREFOX_ZONES = [
    'America/New_York',
    'Asia/Ho_Chi_Minh',
    'Asia/Kolkata',
    'Asia/Tokyo',
    'Europe/Kyiv',
    'Europe/London',
  ];

  for (const [browser, zones] of [
    ['Chromium', CHROMIUM_ZONES],
    ['Firefox', FIREFOX_ZONES],
  ] as const) {
    it(`finds a zone by its current or old name or its UTC offset, each with its offset (${browser}'s list)`, async () => {
      vi.mocked(Intl.supportedValuesOf).mockReturnValue([...zones]);
      const calls = mockZoneChoice('Asia/Kolkata');
      renderSettings();
      const zone = await screen.findByRole('combobox', { name: 'Time zone' });
      const found = async (query: string) => {
        await userEvent.clear(zone);
        await userEvent.type(zone, query);
        return within(screen.getByRole('listbox'))
          .queryAllByRole('option')
          .map((o) => o.textContent);
      };
      const kolkata = 'Asia/Kolkata (UTC+05:30)formerly Asia/Calcutta';
      const saigon = 'Asia/Ho Chi Minh (UTC+07:00)formerly Asia/Saigon';
      for (const query of ['Kolkata', 'Calcutta', '+05:30', 'UTC+5:30', 'utc+05:30', 'GMT+5:30']) {
        expect(await found(query), query).toEqual([kolkata]);
      }
      for (const query of ['Ho Chi Minh', 'Saigon', 'UTC+7']) expect(await found(query), query).toEqual([saigon]);
      for (const query of ['Kyiv', 'Kiev']) {
        expect(await found(query), query).toEqual([
          expect.stringMatching(/^Europe\/Kyiv \(UTC\+0[23]:00\)formerly Europe\/Kiev$/),
        ]);
      }
      expect(await found('UTC+00:00')).toContain('UTC');
      // the old name is never an option of its own
      expect(await found('Asia/')).toEqual([saigon, kolkata, 'Asia/Tokyo (UTC+09:00)']);

      await found('Calcutta');
      await userEvent.keyboard('{Enter}');
      await vi.waitFor(() =>
        expect(calls.find((c) => c.key === 'PATCH /api/me/preferences')?.body).toEqual({
          display: { timezone: 'Asia/Kolkata' },
        }),
      );
      expect(await screen.findByText('Time zone saved.')).toBeInTheDocument();
      expect(zone).toHaveValue('Asia/Kolkata (UTC+05:30)');
    });
  }
});

describe('settings: trading preferences', () => {
  it('shows the trading preferences of /trades and saves a change at once', async () => {
    const calls = mockApi({
      ...signedInAs(buildCompleteUser()),
      ...panels,
      'GET /api/auth/sessions': { body: { sessions: [buildSession({ current: true })] } },
      'PATCH /api/preferences/trading': envelope({ ...DEFAULT_TRADING_PREFERENCES, confirmOrders: false }),
    });
    renderSettings();
    // the section shows a skeleton until both answers arrive, then the panel in its place
    const confirm = await screen.findByRole('switch', { name: /Confirm orders/ });
    const section = screen.getByRole('region', { name: 'Trading preferences' });
    expect(section).toContainElement(confirm);
    expect(confirm).toBeChecked();
    expect(within(section).getByRole('checkbox', { name: 'GOOGL' })).toBeInTheDocument();
    await userEvent.click(confirm);
    await vi.waitFor(() =>
      expect(calls.find((c) => c.key === 'PATCH /api/preferences/trading')?.body).toEqual({ confirmOrders: false }),
    );
    await vi.waitFor(() => expect(confirm).not.toBeChecked());
  });

  it("picks the default order type with the keyboard, in the UI kit's select", async () => {
    const calls = mockApi({
      ...signedInAs(buildCompleteUser()),
      ...panels,
      'GET /api/auth/sessions': { body: { sessions: [buildSession({ current: true })] } },
      'PATCH /api/preferences/trading': envelope({ ...DEFAULT_TRADING_PREFERENCES, defaultOrderType: 'limit' }),
    });
    renderSettings();
    // the section shows a skeleton until both answers arrive, then the panel in its place
    const orderType = await screen.findByRole('combobox', { name: 'Default order type' });
    const section = screen.getByRole('region', { name: 'Trading preferences' });
    expect(section).toContainElement(orderType);
    // a settings card like the others: its heading is a section heading
    expect(within(section).getByRole('heading', { level: 2, name: 'Trading preferences' })).toBeInTheDocument();
    expect(orderType).toHaveTextContent('Market');
    orderType.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await vi.waitFor(() =>
      expect(calls.find((c) => c.key === 'PATCH /api/preferences/trading')?.body).toEqual({
        defaultOrderType: 'limit',
      }),
    );
    await vi.waitFor(() => expect(orderType).toHaveTextContent('Limit'));
  });
});
