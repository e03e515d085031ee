import { describe, expect, it } from 'vitest';
import { TIME_ZONE_RENAMES } from '@tp/shared';
import { timeZoneOptions, utcOffset } from './time-zone-options';

describe('time-zone options', () => {
  const at = new Date('2026-07-15T12:00:00Z');

  it("offer every zone of this runtime's Intl once, by its current name, each with its offset", () => {
    const options = timeZoneOptions('UTC', at);
    const values = options.map((o) => o.value);
    expect(new Set(values).size).toBe(values.length);
    expect(values.length).toBeGreaterThan(400);
    for (const old of Object.keys(TIME_ZONE_RENAMES)) expect(values).not.toContain(old);
    for (const option of options.filter((o) => o.value !== 'UTC')) {
      expect(option.label, option.value).toMatch(/ \(UTC[+-]\d\d:\d\d\)$/);
    }
    const byValue = new Map(options.map((o) => [o.value, o]));
    expect(byValue.get('Asia/Kolkata')).toMatchObject({
      label: 'Asia/Kolkata (UTC+05:30)',
      hint: 'formerly Asia/Calcutta',
    });
    expect(byValue.get('Asia/Kolkata')!.keywords!.split(' ')).toEqual(
      expect.arrayContaining(['Asia/Calcutta', 'UTC+05:30', 'UTC+5:30', 'GMT+5:30']),
    );
    expect(byValue.get('Europe/Kyiv')!.label).toBe('Europe/Kyiv (UTC+03:00)'); // summer time in July
    expect(byValue.get('America/St_Johns')!.label).toBe('America/St Johns (UTC-02:30)');
    expect(byValue.get('UTC')!.label).toBe('UTC');
  });

  it('keep a chosen zone the runtime does not list', () => {
    expect(timeZoneOptions('Etc/GMT+5', at)[0]).toMatchObject({ value: 'Etc/GMT+5', label: 'Etc/GMT+5 (UTC-05:00)' });
  });

  it('read offsets from Intl, at the moment asked', () => {
    expect(utcOffset('Europe/London', new Date('2026-01-15T12:00:00Z'))).toBe('UTC+00:00');
    expect(utcOffset('Europe/London', at)).toBe('UTC+01:00');
    expect(utcOffset('Asia/Kathmandu', at)).toBe('UTC+05:45');
  });
});
