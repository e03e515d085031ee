import { describe, expect, it } from 'vitest';
import { describeReopening, isSupportOpen, nextOpening, supportAvailability } from './chat-hours';

// November 2026: the 16th is a Monday, the 20th a Friday, the 21st and 22nd the weekend.
const at = (day: number, hour: number, minute = 0, second = 0) => new Date(2026, 10, day, hour, minute, second);
const nine = (day: number) =>
  new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' }).format(at(day, 9));

describe('support hours (Monday–Friday, 9:00 to before 18:00, browser clock)', () => {
  it('is open from 9:00 up to 17:59:59 on weekdays', () => {
    expect(isSupportOpen(at(16, 9, 0))).toBe(true);
    expect(isSupportOpen(at(18, 12, 30))).toBe(true);
    expect(isSupportOpen(at(20, 17, 59, 59))).toBe(true);
  });

  it('is closed before 9:00, from 18:00, and all weekend', () => {
    expect(isSupportOpen(at(16, 8, 59, 59))).toBe(false);
    expect(isSupportOpen(at(20, 18, 0))).toBe(false);
    expect(isSupportOpen(at(21, 12, 0))).toBe(false);
    expect(isSupportOpen(at(22, 10, 0))).toBe(false);
  });

  it('finds the next opening: later today, tomorrow, or Monday after the weekend', () => {
    expect(nextOpening(at(17, 7, 15))).toEqual(at(17, 9));
    expect(nextOpening(at(17, 18, 0))).toEqual(at(18, 9));
    expect(nextOpening(at(20, 18, 0))).toEqual(at(23, 9));
    expect(nextOpening(at(21, 9, 30))).toEqual(at(23, 9));
    expect(nextOpening(at(22, 23, 59))).toEqual(at(23, 9));
  });

  it('says when support is back in the visitor’s time', () => {
    expect(describeReopening(at(17, 7, 15), 'en-US')).toBe(`today at ${nine(17)}`);
    expect(describeReopening(at(17, 19, 0), 'en-US')).toBe(`tomorrow at ${nine(18)}`);
    expect(describeReopening(at(22, 10, 0), 'en-US')).toBe(`tomorrow at ${nine(23)}`);
    expect(describeReopening(at(20, 18, 0), 'en-US')).toBe(`on Monday at ${nine(23)}`);
    expect(supportAvailability(at(20, 18, 0), 'en-US')).toEqual({
      open: false,
      message: `We are away right now. Support is back on Monday at ${nine(23)} (your time).`,
    });
    expect(supportAvailability(at(20, 10, 0)).open).toBe(true);
  });
});
