import { describe, expect, it } from 'vitest';
import { currencyMarkersIn, resolveSign, signContextOf } from './currencies';

const read = (text: string) => currencyMarkersIn(text).map((found) => [found.value.code, found.value.confidence]);

describe('currency codes and symbols', () => {
  it('maps codes and symbols onto the desk’s currencies, sure only when they say which', () => {
    const cases: [string, (string | number | null)[][]][] = [
      ['€ 97.450,00', [['EUR', 1]]],
      ['£97,450.00', [['GBP', 1]]],
      ['US$ 5', [['USD', 1]]],
      ['USD $1,000', [['USD', 1]]],
      ['$5', [['USD', 0.5]]],
      [
        'C$ 5 and CA$5',
        [
          ['CAD', 1],
          ['CAD', 1],
        ],
      ],
      ['A$5', [['AUD', 1]]],
      ['MX$ 5', [['MXN', 1]]],
      ['R$ 97.450,00', [['BRL', 1]]],
      ['R 12 500,00', [['ZAR', 0.8]]],
      [
        '₹ 9,74,500.00 or Rs. 500',
        [
          ['INR', 1],
          ['INR', 0.8],
        ],
      ],
      ["CHF 97'450.00", [['CHF', 1]]],
      ["Fr. 97'450.00", [['CHF', 0.8]]],
      [
        '¥9,745,000 ￥1',
        [
          ['JPY', 0.8],
          ['JPY', 0.8],
        ],
      ],
      ['9,745,000円', [['JPY', 1]]],
      [
        'CN¥ 1,000, RMB 5,000, 人民币5',
        [
          ['CNY', 1],
          ['CNY', 1],
          ['CNY', 1],
        ],
      ],
      [
        '₺5 and 5 TL',
        [
          ['TRY', 1],
          ['TRY', 0.8],
        ],
      ],
      ['₫5', [['VND', 1]]],
      [
        'ZAR 5, MXN 5, VND 5',
        [
          ['ZAR', 1],
          ['MXN', 1],
          ['VND', 1],
        ],
      ],
    ];
    for (const [text, expected] of cases) expect(read(text), text).toEqual(expected);
  });

  it('recognises currencies the desk does not carry, so they are not taken for another', () => {
    for (const text of ['KES 5,000', '100 zł', 'NZ$5', 'E£5', '5 kr', 'Ksh 5', '₦500']) {
      expect(read(text), text).toEqual([[null, 1]]);
    }
  });

  it('finds no currency in ordinary words', () => {
    for (const text of ['Country of origin', 'EURO ZONE', 'Rand Water', 'Total 5', 'Fr 5', 'TRYING', 'Freight']) {
      expect(read(text), text).toEqual([]);
    }
  });

  it('reads "$" as the dollar the document names, and "¥" as the yuan in a document naming it', () => {
    const dollar = currencyMarkersIn('$5')[0]!.value;
    const yen = currencyMarkersIn('¥5')[0]!.value;
    const withCad = signContextOf(currencyMarkersIn('Amounts in CAD').map((found) => found.value));
    expect(resolveSign(dollar, withCad)).toEqual({ code: 'CAD', confidence: 1 });
    const withYuan = signContextOf(currencyMarkersIn('RMB').map((found) => found.value));
    expect(resolveSign(yen, withYuan)).toEqual({ code: 'CNY', confidence: 0.8 });
    const twoDollars = signContextOf(currencyMarkersIn('USD or CAD').map((found) => found.value));
    expect(resolveSign(dollar, twoDollars)).toEqual(dollar);
  });
});
