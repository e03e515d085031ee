import { describe, expect, it } from 'vitest';
import { amountsIn, decimalMarkOf, numberTokens, parseAmount } from './numbers';

describe('amounts as invoices write them', () => {
  it('reads every grouping and decimal convention to a plain decimal', () => {
    const cases: [string, string][] = [
      ['97,450.00', '97450.00'],
      ['97.450,00', '97450.00'],
      ['97 450,00', '97450.00'],
      ["97'450.00", '97450.00'],
      ['97’450.00', '97450.00'],
      ['97450', '97450'],
      ['97450.5', '97450.5'],
      ['9,74,500.00', '974500.00'],
      ['12,34,567.89', '1234567.89'],
      ['9,745,000', '9745000'],
      ['1.234.567,89', '1234567.89'],
      ['0,50', '0.50'],
      ['007', '7'],
    ];
    for (const [written, value] of cases) expect(parseAmount(written), written).toEqual({ value, ambiguous: false });
  });

  it('reads one separator before three digits as grouping unless the document writes decimals with it', () => {
    expect(parseAmount('97,450')).toEqual({ value: '97450', ambiguous: true });
    expect(parseAmount('97,450', '.')).toEqual({ value: '97450', ambiguous: false });
    expect(parseAmount('1,234', ',')).toEqual({ value: '1.234', ambiguous: false });
    expect(parseAmount('1.234', ',')).toEqual({ value: '1234', ambiguous: false });
  });

  it('refuses what is no amount: dates, bad grouping, more digits than money has', () => {
    for (const written of [
      '20.11.2026',
      '1,23,45',
      '1234,567.00',
      '1.2345',
      '1,2,3',
      '97.450.00,00',
      '1234567890123456',
    ]) {
      expect(parseAmount(written), written).toBeNull();
    }
  });

  it('groups by spaces only before exactly three digits, and leaves identifiers and dates alone', () => {
    expect(numberTokens('Total 97 450,00 €').map((token) => token.value)).toEqual(['97 450,00']);
    expect(numberTokens('Qty 3 4500 bags').map((token) => token.value)).toEqual(['3', '4500']);
    expect(numberTokens('INV 2026-0142 of 20/11/2026').map((token) => token.value)).toEqual([]);
    expect(numberTokens('x'.repeat(10) + '1'.repeat(40)).map((token) => token.value)).toEqual([]);
  });

  it('skips percentages and numbers glued to words', () => {
    const found = amountsIn('VAT 19 % on 60days: 15.559,24 EUR and 20% more, 12EUR', ',');
    expect(found.map((amount) => amount.value.value)).toEqual(['15559.24', '12']);
  });

  it('tells the decimal mark from the numbers that show it', () => {
    expect(decimalMarkOf(['Total 97.450,00 €', 'Qty 1.000'])).toBe(',');
    expect(decimalMarkOf(['Total $97,450.00', 'VAT 12.50'])).toBe('.');
    expect(decimalMarkOf(['Total 97,450', 'Date 20.11.2026'])).toBeNull();
  });
});
