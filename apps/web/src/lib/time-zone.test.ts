import { describe, expect, it } from 'vitest';
import { dayRangeIn } from './time-zone';

describe('dayRangeIn', () => {
  it("covers the calendar days in the given zone, from the first day's midnight to the last day's last millisecond", () => {
    expect(dayRangeIn({ from: '2026-11-24', to: '2026-11-24' }, 'UTC')).toEqual({
      from: '2026-11-24T00:00:00.000Z',
      to: '2026-11-24T23:59:59.999Z',
    });
    expect(dayRangeIn({ from: '2026-11-24', to: '2026-11-30' }, 'Asia/Kolkata')).toEqual({
      from: '2026-11-23T18:30:00.000Z',
      to: '2026-11-30T18:29:59.999Z',
    });
    // a day and a half ahead of the western zones
    expect(dayRangeIn({ from: '2026-12-31' }, 'Pacific/Kiritimati')).toEqual({ from: '2026-12-30T10:00:00.000Z' });
    expect(dayRangeIn({ to: '2026-12-31' }, 'America/Los_Angeles')).toEqual({ to: '2027-01-01T07:59:59.999Z' });
  });

  it('keeps days whose clock changes whole: 23 and 25 hours long', () => {
    // New York: summer time begins on 8 March 2026 at 2:00 and ends on 1 November 2026 at 2:00
    const spring = dayRangeIn({ from: '2026-03-08', to: '2026-03-08' }, 'America/New_York');
    expect(spring).toEqual({ from: '2026-03-08T05:00:00.000Z', to: '2026-03-09T03:59:59.999Z' });
    const autumn = dayRangeIn({ from: '2026-11-01', to: '2026-11-01' }, 'America/New_York');
    expect(autumn).toEqual({ from: '2026-11-01T04:00:00.000Z', to: '2026-11-02T04:59:59.999Z' });
    // Chile's clock moves at midnight: on 6 September 2026 the day begins at 1:00
    expect(dayRangeIn({ from: '2026-09-06' }, 'America/Santiago')).toEqual({ from: '2026-09-06T04:00:00.000Z' });
  });

  it('leaves out what was not picked', () => {
    expect(dayRangeIn({}, 'Europe/Berlin')).toEqual({});
  });
});
