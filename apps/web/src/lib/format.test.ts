import { describe, expect, it } from 'vitest';
import { formatCountOf, formatMoney, formatSignedMoney } from './format';
import { formatCalendarDate, formatDate, formatDateTime, formatTime } from './format-date';

describe('figures', () => {
  it('shows money with grouping and 2 decimals, exact from a decimal string, signed for a change', () => {
    expect(formatMoney('1234.5')).toBe('$1,234.50');
    expect(formatMoney('0.005')).toBe('$0.01');
    expect(formatMoney('12345678901234.125')).toBe('$12,345,678,901,234.13');
    expect(formatMoney(49, 'EUR')).toBe('€49.00');
    expect(formatSignedMoney('12')).toBe('+$12.00');
    expect(formatSignedMoney('-3.5')).toBe('-$3.50');
    expect(formatSignedMoney('0')).toBe('$0.00');
  });

  it('counts with the singular for one', () => {
    expect(formatCountOf(1, 'day', 'days')).toBe('1 day');
    expect(formatCountOf(0, 'day', 'days')).toBe('0 days');
    expect(formatCountOf(1200, 'day', 'days')).toBe('1,200 days');
  });
});

describe('dates and times', () => {
  const upload = '2026-03-12T23:30:00Z';

  it('writes an instant in the zone it is given, so every screen reads the same time', () => {
    expect(formatDateTime(upload, 'UTC')).toBe('Mar 12, 2026, 11:30 PM');
    expect(formatDateTime(upload, 'Asia/Tokyo')).toBe('Mar 13, 2026, 8:30 AM');
    expect(formatDate(upload, 'America/New_York')).toBe('Mar 12, 2026');
    expect(formatTime(upload, 'Europe/Paris')).toBe('12:30 AM');
  });

  it("says '—' for no instant and leaves a text that is no date as it is", () => {
    expect(formatDateTime(null)).toBe('—');
    expect(formatDate('soon', 'UTC')).toBe('soon');
  });

  it('writes a calendar date without shifting it by a zone', () => {
    expect(formatCalendarDate('2026-10-14')).toBe('October 14, 2026');
  });
});
