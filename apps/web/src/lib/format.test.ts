import { describe, expect, it } from 'vitest';
import { formatBytes, formatFileSize, formatMoney, formatSignedMoney } from './format';

describe('figures', () => {
  it('shows sizes in MB with 2 decimals, grouped (spec 02 §9)', () => {
    expect(formatFileSize(1_572_864)).toBe('1.50 MB');
    expect(formatFileSize(0)).toBe('0.00 MB');
    expect(formatFileSize(3 * 1024 * 1024 * 1024)).toBe('3,072.00 MB');
  });

  it('shows other sizes for people, in the unit that fits', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1,023 B');
    expect(formatBytes(2048)).toBe('2 KB');
    expect(formatBytes(12_595)).toBe('12.3 KB');
    expect(formatBytes(4.56 * 1024 * 1024)).toBe('4.56 MB');
    expect(formatBytes(1.25 * 1024 ** 3)).toBe('1.25 GB');
  });

  it('shows money with grouping and 2 decimals, exact from a decimal string, signed for a change', () => {
    expect(formatMoney('1234.5')).toBe('$1,234.50');
    expect(formatMoney('0.005')).toBe('$0.01');
    expect(formatMoney('12345678901234.125')).toBe('$12,345,678,901,234.13');
    expect(formatMoney(49, 'EUR')).toBe('€49.00');
    expect(formatSignedMoney('12')).toBe('+$12.00');
    expect(formatSignedMoney('-3.5')).toBe('-$3.50');
    expect(formatSignedMoney('0')).toBe('$0.00');
  });
});
