import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, effectiveDay, localDay, nextStreak, type VisitedDay } from './calendar';

const utc = (iso: string) => new Date(iso);

/** Visits in one zone, in order: the streak after each. */
function streaks(timeZone: string, instants: string[]): number[] {
  let previous: VisitedDay | null = null;
  const out: number[] = [];
  for (const iso of instants) {
    const instant = utc(iso);
    const day = effectiveDay(instant, timeZone, previous);
    if (previous && day === previous.day) {
      out.push(previous.streak); // same day: not a new visit
      continue;
    }
    previous = { day, timeZone, streak: nextStreak(previous, day, instant) };
    out.push(previous.streak);
  }
  return out;
}

describe('calendar days', () => {
  it('steps dates across month, year and leap-day ends', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
  });

  it('puts an instant on its date in the zone, not in UTC', () => {
    expect(localDay(utc('2026-01-11T04:59:59Z'), 'America/New_York')).toBe('2026-01-10');
    expect(localDay(utc('2026-01-11T05:00:00Z'), 'America/New_York')).toBe('2026-01-11');
    expect(localDay(utc('2026-01-10T15:00:00Z'), 'Asia/Tokyo')).toBe('2026-01-11');
    expect(localDay(utc('2026-01-10T23:59:59Z'), 'UTC')).toBe('2026-01-10');
  });
});

describe('the streak rule (docs/product/dashboard.md#streaks)', () => {
  it('adds one for a visit on the next day, even two minutes after the last one', () => {
    // 23:59 and 00:01 in London (winter, GMT)
    expect(streaks('Europe/London', ['2026-01-10T23:59:00Z', '2026-01-11T00:01:00Z'])).toEqual([1, 2]);
  });

  it('adds one for a visit on the next day almost 48 hours later', () => {
    expect(streaks('Europe/London', ['2026-01-10T00:01:00Z', '2026-01-11T23:59:00Z'])).toEqual([1, 2]);
  });

  it('resets to 1 after a day without a visit, even less than 48 hours later', () => {
    expect(streaks('Europe/London', ['2026-01-10T23:59:00Z', '2026-01-12T00:01:00Z'])).toEqual([1, 1]);
  });

  it('counts several visits on one day once', () => {
    expect(
      streaks('America/New_York', [
        '2026-01-10T14:00:00Z',
        '2026-01-10T20:00:00Z',
        '2026-01-11T04:59:00Z',
        '2026-01-11T05:01:00Z',
      ]),
    ).toEqual([1, 1, 1, 2]);
  });

  it('follows a week of daily visits at different hours', () => {
    const visits = ['07:00', '23:30', '12:00', '00:05', '18:45', '09:10', '21:00'].map(
      (time, i) => `2026-02-${String(2 + i).padStart(2, '0')}T${time}:00Z`,
    );
    expect(streaks('UTC', visits)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});

describe('the streak across DST changes', () => {
  it('New York, spring forward (a 23-hour Sunday): Saturday, Sunday, and Monday just after midnight', () => {
    // Sat 7 Mar 23:30 EST, Sun 8 Mar 23:30 EDT (23 hours later), Mon 9 Mar 00:30 EDT.
    // "Yesterday" taken as 24 hours ago would be Saturday on Monday at 00:30 and break the streak.
    expect(
      streaks('America/New_York', ['2026-03-08T04:30:00Z', '2026-03-09T03:30:00Z', '2026-03-09T04:30:00Z']),
    ).toEqual([1, 2, 3]);
    // Sun 12:00 EDT, then Mon 00:30 EDT
    expect(streaks('America/New_York', ['2026-03-08T16:00:00Z', '2026-03-09T04:30:00Z'])).toEqual([1, 2]);
    // Sat 23:30 EST, then Mon 00:30 EDT: Sunday was missed, although only 24 hours passed
    expect(streaks('America/New_York', ['2026-03-08T04:30:00Z', '2026-03-09T04:30:00Z'])).toEqual([1, 1]);
    expect(localDay(utc('2026-03-09T04:30:00Z'), 'America/New_York')).toBe('2026-03-09');
  });

  it('New York, fall back (a 25-hour Sunday): the visit 24 hours after Sunday 00:30 is still Sunday', () => {
    // Sun 1 Nov 00:30 EDT (04:30Z) and Sun 1 Nov 23:30 EST (04:30Z next day) are one day: no second visit
    expect(
      streaks('America/New_York', ['2026-10-31T15:00:00Z', '2026-11-01T04:30:00Z', '2026-11-02T04:30:00Z']),
    ).toEqual([1, 2, 2]);
    // and Monday 00:10 EST continues it
    expect(streaks('America/New_York', ['2026-11-01T04:30:00Z', '2026-11-02T05:10:00Z'])).toEqual([1, 2]);
  });

  it('London, spring forward: Monday 00:15 BST is Monday, though it is still Sunday in UTC', () => {
    expect(localDay(utc('2026-03-29T23:15:00Z'), 'Europe/London')).toBe('2026-03-30');
    // Sat 23:30 GMT, Sun 00:30 GMT (before the change), Sun 23:30 BST, Mon 00:15 BST
    expect(
      streaks('Europe/London', [
        '2026-03-28T23:30:00Z',
        '2026-03-29T00:30:00Z',
        '2026-03-29T22:30:00Z',
        '2026-03-29T23:15:00Z',
      ]),
    ).toEqual([1, 2, 2, 3]);
  });

  it('London, fall back: both 01:30s of Sunday 25 October are one day', () => {
    expect(localDay(utc('2026-10-25T00:30:00Z'), 'Europe/London')).toBe('2026-10-25'); // 01:30 BST
    expect(localDay(utc('2026-10-25T01:30:00Z'), 'Europe/London')).toBe('2026-10-25'); // 01:30 GMT
    expect(
      streaks('Europe/London', [
        '2026-10-24T22:00:00Z',
        '2026-10-25T00:30:00Z',
        '2026-10-25T01:30:00Z',
        '2026-10-26T00:30:00Z',
      ]),
    ).toEqual([1, 2, 2, 3]);
  });
});

describe('time-zone moves', () => {
  it('moving west never takes today back: Tuesday in Tokyo stays Tuesday in New York', () => {
    // visited Tue 12 May 09:00 in Tokyo (00:00Z); the user now lives in New York, where it is Mon 20:00
    const tokyoTuesday = { day: '2026-05-12', timeZone: 'Asia/Tokyo' };
    expect(localDay(utc('2026-05-12T00:30:00Z'), 'America/New_York')).toBe('2026-05-11');
    expect(effectiveDay(utc('2026-05-12T00:30:00Z'), 'America/New_York', tokyoTuesday)).toBe('2026-05-12');
    // New York's own Tuesday is the same day, and its Wednesday the next one
    expect(effectiveDay(utc('2026-05-12T14:00:00Z'), 'America/New_York', tokyoTuesday)).toBe('2026-05-12');
    expect(effectiveDay(utc('2026-05-13T04:30:00Z'), 'America/New_York', tokyoTuesday)).toBe('2026-05-13');
    const previous: VisitedDay = { ...tokyoTuesday, streak: 4 };
    expect(nextStreak(previous, '2026-05-13', utc('2026-05-13T04:30:00Z'))).toBe(5);
  });

  it('moving east over a date continues the streak when no day was missed where the user was', () => {
    // Mon 11 May 23:00 in Los Angeles (06:00Z Tue); next visit Wed 13 May 01:00 in Tokyo = Tue 09:00 in LA
    const losAngelesMonday: VisitedDay = { day: '2026-05-11', timeZone: 'America/Los_Angeles', streak: 6 };
    const instant = utc('2026-05-12T16:00:00Z');
    const day = effectiveDay(instant, 'Asia/Tokyo', losAngelesMonday);
    expect(day).toBe('2026-05-13');
    expect(nextStreak(losAngelesMonday, day, instant)).toBe(7);
  });

  it('moving east after really missing a day resets', () => {
    const losAngelesMonday: VisitedDay = { day: '2026-05-11', timeZone: 'America/Los_Angeles', streak: 6 };
    // Thu 14 May 01:00 in Tokyo = Wed 13 May 09:00 in LA: Tuesday went by without a visit
    const instant = utc('2026-05-13T16:00:00Z');
    expect(nextStreak(losAngelesMonday, effectiveDay(instant, 'Asia/Tokyo', losAngelesMonday), instant)).toBe(1);
  });

  it('an instant before the latest counted day even in its own zone keeps its own date (a back-dated event)', () => {
    expect(effectiveDay(utc('2026-05-01T12:00:00Z'), 'UTC', { day: '2026-05-12', timeZone: 'UTC' })).toBe('2026-05-01');
  });

  it('starts at 1 without a previous visit', () => {
    expect(nextStreak(null, '2026-05-12', utc('2026-05-12T12:00:00Z'))).toBe(1);
  });
});
