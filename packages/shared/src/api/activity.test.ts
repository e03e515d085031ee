import { describe, expect, it } from 'vitest';
import {
  ACHIEVEMENTS,
  QUICK_ACTIONS,
  analyticsQuerySchema,
  levelForXp,
  progressBand,
  progressOfGoals,
  quickActionRequestSchema,
  xpForLevel,
  xpLabel,
} from './activity';
import {
  canonicalTimeZone,
  isSupportedTimeZone,
  supportedTimeZones,
  TIME_ZONE_OLD_NAMES,
  TIME_ZONE_RENAMES,
  timeZoneSchema,
} from './time-zone';
import { userPreferencesPatchSchema } from './preferences';

describe('progress bands (docs/product/dashboard.md#progress-bands)', () => {
  it('puts each percentage in its band at the exact boundaries', () => {
    const band = (p: number) => progressBand(p).message;
    expect(band(100)).toBe('All goals done!');
    expect(band(99)).toBe('Almost there!');
    expect(band(75)).toBe('Almost there!');
    expect(band(74)).toBe('Halfway there!');
    expect(band(50)).toBe('Halfway there!');
    expect(band(49)).toBe('Good start!');
    expect(band(25)).toBe('Good start!');
    expect(band(24)).toBe('Ready to start!');
    expect(band(0)).toBe('Ready to start!');
  });
});

describe("today's progress", () => {
  it('is the share of the goals done, in whole percent', () => {
    expect([0, 1, 2, 3].map((done) => progressOfGoals(done))).toEqual([0, 33, 67, 100]);
    expect([0, 1, 2, 3].map((done) => progressBand(progressOfGoals(done)).message)).toEqual([
      'Ready to start!',
      'Good start!',
      'Halfway there!',
      'All goals done!',
    ]);
    expect(progressOfGoals(2, 4)).toBe(50);
    expect(progressOfGoals(5, 3)).toBe(100);
    expect(progressOfGoals(0, 0)).toBe(0);
  });
});

describe('level curve', () => {
  it('starts level L at 50·L·(L−1) XP', () => {
    expect([1, 2, 3, 4, 5, 10].map(xpForLevel)).toEqual([0, 100, 300, 600, 1000, 4500]);
  });

  it('finds the level of any XP total, exact boundaries included', () => {
    expect(levelForXp(0)).toEqual({ level: 1, levelStartXp: 0, nextLevelXp: 100, progressPercent: 0 });
    expect(levelForXp(99).level).toBe(1);
    expect(levelForXp(100)).toEqual({ level: 2, levelStartXp: 100, nextLevelXp: 300, progressPercent: 0 });
    expect(levelForXp(200).progressPercent).toBe(50);
    expect(levelForXp(4499).level).toBe(9);
    expect(levelForXp(4500).level).toBe(10);
    for (let xp = 0; xp < 20_000; xp += 7) {
      const { level } = levelForXp(xp);
      expect(xpForLevel(level) <= xp && xp < xpForLevel(level + 1), String(xp)).toBe(true);
    }
  });
});

describe('contract', () => {
  it('labels the quick actions with the spec XP', () => {
    expect(QUICK_ACTIONS.map((a) => `${a.label} ${xpLabel(a.xp)}`)).toEqual([
      'Upload Content +10 XP',
      'Test Enhanced Components +15 XP',
      'Enhanced Trading +20 XP',
      'View Analytics +5 XP',
      'Daily Summary +3 XP',
      'View Achievements +2 XP',
    ]);
  });

  it('names the field of a bad quick-action click', () => {
    const bad = quickActionRequestSchema.safeParse({ action: 'fly', clickId: 'x' });
    expect(bad.error?.issues.map((i) => i.path[0]).sort()).toEqual(['action', 'clickId']);
    expect(quickActionRequestSchema.safeParse({ action: 'daily-summary', clickId: 'c0ffee-01' }).success).toBe(true);
  });

  it('bounds the analytics range', () => {
    expect(analyticsQuerySchema.safeParse({ start: '2026-01-01', end: '2026-12-31' }).success).toBe(true);
    const reversed = analyticsQuerySchema.safeParse({ start: '2026-02-01', end: '2026-01-01' });
    expect(reversed.error?.issues[0]?.path).toEqual(['start']);
    expect(analyticsQuerySchema.safeParse({ start: '2024-01-01', end: '2026-01-01' }).success).toBe(false);
    expect(analyticsQuerySchema.safeParse({ start: '2026-02-30' }).success).toBe(false);
  });

  it('keeps achievement ids unique', () => {
    expect(new Set(ACHIEVEMENTS.map((a) => a.id)).size).toBe(ACHIEVEMENTS.length);
  });
});

describe('time zones', () => {
  it('accepts IANA zones, their aliases and UTC; refuses the rest', () => {
    for (const zone of ['Europe/London', 'America/New_York', 'Asia/Kolkata', 'UTC', 'Europe/Kyiv', 'Europe/Kiev']) {
      expect(isSupportedTimeZone(zone), zone).toBe(true);
    }
    for (const zone of ['Mars/Olympus_Mons', '', 'Europe/London; drop table', '+05:00', 'x'.repeat(65)]) {
      expect(isSupportedTimeZone(zone), zone).toBe(false);
    }
    expect(timeZoneSchema.safeParse(' Europe/Paris ').data).toBe('Europe/Paris');
  });

  it('names every zone by its current IANA name, whichever name it is given', () => {
    const cases = {
      'Asia/Kolkata': 'Asia/Kolkata',
      'Asia/Calcutta': 'Asia/Kolkata',
      'asia/calcutta': 'Asia/Kolkata',
      'Europe/Kiev': 'Europe/Kyiv',
      'Europe/Kyiv': 'Europe/Kyiv',
      'Asia/Saigon': 'Asia/Ho_Chi_Minh',
      'Asia/Ho_Chi_Minh': 'Asia/Ho_Chi_Minh',
      'Etc/UTC': 'UTC',
      'Europe/London': 'Europe/London',
    };
    for (const [given, current] of Object.entries(cases)) {
      expect(canonicalTimeZone(given), given).toBe(current);
      expect(timeZoneSchema.parse(given), given).toBe(current);
    }
    const listed = supportedTimeZones();
    for (const name of ['Asia/Kolkata', 'Europe/Kyiv', 'Asia/Ho_Chi_Minh', 'America/Nuuk', 'UTC']) {
      expect(listed, name).toContain(name);
    }
    for (const old of Object.keys(TIME_ZONE_RENAMES)) expect(listed, old).not.toContain(old);
  });

  it('renames only zones this runtime holds to be one: each old and current name keep the same offsets', () => {
    const offset = (timeZone: string, at: Date) =>
      new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).format(at);
    const instants = ['2026-01-15T12:00:00Z', '2026-07-15T12:00:00Z'].map((iso) => new Date(iso));
    for (const [old, current] of Object.entries(TIME_ZONE_RENAMES)) {
      expect(isSupportedTimeZone(old) && isSupportedTimeZone(current), `${old} ${current}`).toBe(true);
      for (const at of instants) expect(offset(current, at), `${current} ${at.toISOString()}`).toBe(offset(old, at));
    }
    expect(TIME_ZONE_OLD_NAMES['Asia/Kolkata']).toEqual(['Asia/Calcutta']);
  });

  it('validates a preferences patch field by field', () => {
    const bad = userPreferencesPatchSchema.safeParse({
      theme: { mode: 'neon', primaryColor: 'red; background: url(x)' },
      display: { timezone: 'Nowhere/City' },
    });
    expect(bad.error?.issues.map((i) => i.path.join('.')).sort()).toEqual([
      'display.timezone',
      'theme.mode',
      'theme.primaryColor',
    ]);
    expect(userPreferencesPatchSchema.safeParse({}).success).toBe(false);
    expect(userPreferencesPatchSchema.safeParse({ theme: { mode: 'light' }, display: { theme: 'dark' } }).success).toBe(
      false,
    );
    expect(userPreferencesPatchSchema.safeParse({ theme: { customColors: { accent: '#ff8800' } } }).success).toBe(true);
    expect(userPreferencesPatchSchema.safeParse({ theme: { customColors: { sparkle: '#ff8800' } } }).success).toBe(
      false,
    );
  });
});
