import { describe, expect, it } from 'vitest';
import { formatAmount, formatRatio, formatShock, formatSignedAmount, sumAmounts } from './format';
import { plainAmount } from './invoice-draft';

const spaced = (text: string) => text.replace(/\u00a0/g, ' ');

describe('desk figures', () => {
  it('writes a ratio from the server’s decimal exactly, rounding half up at one decimal', () => {
    // 0.8915 × 100 is 89.14999… as a float
    expect(spaced(formatRatio('0.8915'))).toBe('89.2 %');
    expect(spaced(formatRatio('0.8'))).toBe('80 %');
    expect(spaced(formatRatio('1.25'))).toBe('125 %');
    expect(spaced(formatRatio('0'))).toBe('0 %');
    expect(spaced(formatRatio('-0.0335'))).toBe('−3.4 %');
    expect(spaced(formatRatio(0.5))).toBe('50 %');
    // nothing hedged against a net payable: 0 / −4,800,000 is −0
    expect(spaced(formatRatio(0 / -4_800_000))).toBe('0 %');
    expect(spaced(formatRatio('-0.0000'))).toBe('0 %');
  });

  it('writes a scenario’s move with its sign', () => {
    expect(['-0.10', '-0.05', '0.05', '0.10'].map((shock) => spaced(formatShock(shock)))).toEqual([
      '−10 %',
      '−5 %',
      '+5 %',
      '+10 %',
    ]);
  });

  it('writes money with its code first, in the currency’s minor units, and a sign on changes', () => {
    expect(spaced(formatAmount('97450', 'EUR'))).toBe('EUR 97,450.00');
    expect(spaced(formatAmount('1250000', 'JPY'))).toBe('JPY 1,250,000');
    expect(spaced(formatSignedAmount('460.28', 'USD'))).toBe('USD +460.28');
    expect(spaced(formatSignedAmount('-1461.75', 'USD'))).toBe('USD −1,461.75');
    expect(spaced(formatSignedAmount('0.00', 'USD'))).toBe('USD 0.00');
  });

  it('adds amounts exactly and reads grouped amounts as typed', () => {
    expect(sumAmounts(['0.10', '0.20'], 2)).toBe('0.30');
    expect(sumAmounts(['97450.00', '-97450.01'], 2)).toBe('-0.01');
    expect(plainAmount('97,450.00')).toBe('97450.00');
    expect(plainAmount('1,00,000')).toBe('100000');
    expect(plainAmount('97.450,00')).toBe('97.450,00');
  });
});
