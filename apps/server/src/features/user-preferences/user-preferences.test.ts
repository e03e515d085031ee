import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { activityResponseSchema, userPreferencesResponseSchema } from '@tp/shared';
import { signedInClient, useSignedInTestApp } from '../../test/kit';
import { users } from '../users/users.tables';
import { userPreferences } from './user-preferences.tables';

describe('preferences: GET and PATCH /api/me/preferences', () => {
  const t = useSignedInTestApp();

  const read = async (client = t.client) => {
    const res = await client.get('/api/me/preferences');
    expect(res.statusCode, res.body).toBe(200);
    return userPreferencesResponseSchema.parse(res.json());
  };
  const patch = async (body: unknown, client = t.client) => {
    const res = await client.patch('/api/me/preferences', body as Record<string, unknown>);
    expect(res.statusCode, res.body).toBe(200);
    return userPreferencesResponseSchema.parse(res.json());
  };

  it('refuses a caller without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/me/preferences' })).statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/me/preferences',
      payload: { theme: { mode: 'light' } },
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers the spec defaults (dark theme, English, UTC) until something is saved', async () => {
    expect(await read()).toEqual({
      theme: {
        mode: 'dark',
        primaryColor: null,
        fontSize: 'md',
        animations: true,
        reducedMotion: 'system',
        highContrast: false,
        customColors: {},
      },
      display: { theme: 'dark', language: 'en', timezone: 'UTC', timezoneSource: 'default' },
      links: { trading: '/api/preferences/trading' },
      homeCurrency: 'USD',
      lastSyncTime: null,
    });
  });

  it('keeps a change on the server, so a second device sees it', async () => {
    const saved = await patch({
      theme: { mode: 'light', primaryColor: '#ff8800', fontSize: 'lg', highContrast: true },
    });
    expect(saved.theme).toMatchObject({
      mode: 'light',
      primaryColor: '#ff8800',
      fontSize: 'lg',
      highContrast: true,
      animations: true,
    });
    expect(saved.display.theme).toBe('light');
    expect(saved.lastSyncTime).not.toBeNull();

    const secondDevice = await signedInClient(t.app, t.client.user);
    const there = await read(secondDevice);
    expect(there.theme).toEqual(saved.theme);

    // one field at a time merges; customColors replaces the map
    await patch({ theme: { customColors: { accent: '#00aa55', gain: 'rgb(0, 160, 90)' } } });
    const merged = await patch({ theme: { reducedMotion: 'on', customColors: { loss: 'hsl(0 80% 50%)' } } });
    expect(merged.theme).toMatchObject({
      mode: 'light',
      fontSize: 'lg',
      reducedMotion: 'on',
      customColors: { loss: 'hsl(0 80% 50%)' },
    });
    // display.theme is another name for theme.mode
    expect((await patch({ display: { theme: 'auto' } })).theme.mode).toBe('auto');
  });

  it('sets the time zone as the user’s own choice, which the dashboard then counts days in', async () => {
    const saved = await patch({ display: { timezone: 'America/New_York' } });
    expect(saved.display).toMatchObject({ timezone: 'America/New_York', timezoneSource: 'user' });
    expect(saved.lastSyncTime).toBeNull(); // no theme saved: the time zone lives on the user
    const activity = activityResponseSchema.parse(
      (await t.client.get('/api/me/activity', { headers: { 'x-time-zone': 'Europe/Paris' } })).json(),
    );
    expect(activity).toMatchObject({ timeZone: 'America/New_York', timeZoneSource: 'user' });
  });

  it('takes a zone by its current or its old IANA name and keeps the current one', async () => {
    const storedZone = async () =>
      (await t.app.deps.db.select().from(users).where(eq(users.id, t.client.user.id)))[0]!.timezone;
    for (const [given, current] of [
      ['Asia/Calcutta', 'Asia/Kolkata'],
      ['Asia/Kolkata', 'Asia/Kolkata'],
      ['Europe/Kiev', 'Europe/Kyiv'],
      ['Europe/Kyiv', 'Europe/Kyiv'],
      ['Asia/Saigon', 'Asia/Ho_Chi_Minh'],
      ['Asia/Ho_Chi_Minh', 'Asia/Ho_Chi_Minh'],
    ]) {
      expect((await patch({ display: { timezone: given } })).display.timezone, given).toBe(current);
      expect(await storedZone(), given).toBe(current);
    }
    // a zone stored by its old name before reads by its current one
    await t.app.deps.db.update(users).set({ timezone: 'Asia/Calcutta' }).where(eq(users.id, t.client.user.id));
    expect((await read()).display.timezone).toBe('Asia/Kolkata');

    // the browser's report (Chromium's ICU says "Asia/Saigon") is kept by its current name too
    const newcomer = await signedInClient(t.app);
    const activity = activityResponseSchema.parse(
      (await newcomer.get('/api/me/activity', { headers: { 'x-time-zone': 'Asia/Saigon' } })).json(),
    );
    expect(activity).toMatchObject({ timeZone: 'Asia/Ho_Chi_Minh', timeZoneSource: 'browser' });
  });

  it('names each bad field and writes nothing', async () => {
    const cases: [unknown, string][] = [
      [{ theme: { mode: 'neon' } }, 'theme.mode'],
      [{ theme: { primaryColor: 'red; background: url(x)' } }, 'theme.primaryColor'],
      [{ theme: { fontSize: 'xxl' } }, 'theme.fontSize'],
      [{ theme: { customColors: { sparkle: '#fff' } } }, 'theme.customColors'],
      [{ theme: { animations: 'yes' } }, 'theme.animations'],
      [{ display: { timezone: 'Nowhere/Town' } }, 'display.timezone'],
      [{ display: { language: 'fr' } }, 'display.language'],
      [{ theme: { mode: 'light' }, display: { theme: 'dark' } }, 'display.theme'],
      [{ colour: 'blue' }, 'body'],
      [{}, 'body'],
    ];
    for (const [body, field] of cases) {
      const res = await t.client.patch('/api/me/preferences', body as Record<string, unknown>);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(
        res.json().details.map((d: { field: string }) => d.field),
        JSON.stringify(body),
      ).toContain(field);
    }
    expect(await t.app.deps.db.select().from(userPreferences)).toHaveLength(0);
    const [row] = await t.app.deps.db.select().from(users).where(eq(users.id, t.client.user.id));
    expect(row?.timezone).toBe('UTC');
  });

  it('reads a stored value that is no longer valid as its default', async () => {
    await t.app.deps.db
      .insert(userPreferences)
      .values({ userId: t.client.user.id, settings: { theme: { mode: 'sepia', fontSize: 'sm' } } });
    expect((await read()).theme).toMatchObject({ mode: 'dark', fontSize: 'sm' });
  });

  it("keeps each user's preferences to themselves", async () => {
    await patch({ theme: { mode: 'light' }, display: { timezone: 'Asia/Tokyo' } });
    const bob = await signedInClient(t.app);
    expect(await read(bob)).toMatchObject({
      theme: { mode: 'dark' },
      display: { timezone: 'UTC' },
      lastSyncTime: null,
    });
  });
});
