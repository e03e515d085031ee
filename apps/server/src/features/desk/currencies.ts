import { CURRENCY_CODES, CURRENCY_MINOR_UNITS, type CurrencyCode } from '@tp/shared';
import type { AppConfig } from '../../config';

/**
 * The desk's currencies with their annual interest rates and day-count bases
 * (docs/desk.md#1-home-currency-currencies-and-rates):
 * approximate central-bank policy rates as of RATES_AS_OF; DESK_INTEREST_RATES replaces any of them.
 */
export const RATES_AS_OF = '2025-11-01';

interface CurrencyDefinition {
  name: string;
  symbol: string;
  /** Percent a year. */
  interestRate: string;
  dayCountBasis: 360 | 365;
}

const TABLE: Record<CurrencyCode, CurrencyDefinition> = {
  USD: { name: 'US dollar', symbol: 'US$', interestRate: '3.75', dayCountBasis: 360 },
  EUR: { name: 'Euro', symbol: '€', interestRate: '2.00', dayCountBasis: 360 },
  GBP: { name: 'Pound sterling', symbol: '£', interestRate: '4.00', dayCountBasis: 365 },
  JPY: { name: 'Japanese yen', symbol: '¥', interestRate: '0.50', dayCountBasis: 365 },
  CHF: { name: 'Swiss franc', symbol: 'CHF', interestRate: '0.00', dayCountBasis: 360 },
  CAD: { name: 'Canadian dollar', symbol: 'C$', interestRate: '2.25', dayCountBasis: 365 },
  AUD: { name: 'Australian dollar', symbol: 'A$', interestRate: '3.60', dayCountBasis: 365 },
  CNY: { name: 'Chinese yuan', symbol: 'CN¥', interestRate: '1.40', dayCountBasis: 360 },
  INR: { name: 'Indian rupee', symbol: '₹', interestRate: '5.50', dayCountBasis: 365 },
  BRL: { name: 'Brazilian real', symbol: 'R$', interestRate: '15.00', dayCountBasis: 365 },
  MXN: { name: 'Mexican peso', symbol: 'MX$', interestRate: '7.25', dayCountBasis: 360 },
  ZAR: { name: 'South African rand', symbol: 'R', interestRate: '6.75', dayCountBasis: 365 },
  TRY: { name: 'Turkish lira', symbol: '₺', interestRate: '39.50', dayCountBasis: 365 },
  VND: { name: 'Vietnamese dong', symbol: '₫', interestRate: '4.50', dayCountBasis: 365 },
};

export interface CurrencyTerms extends CurrencyDefinition {
  code: CurrencyCode;
  minorUnits: number;
  /** The FX instrument giving its price in dollars; null for USD itself. */
  usdSymbol: string | null;
}

export type CurrencyTable = Record<CurrencyCode, CurrencyTerms>;

/** The table with the operator's overrides applied. */
export function currencyTable(config: Pick<AppConfig, 'desk'>): CurrencyTable {
  const entries = CURRENCY_CODES.map((code) => {
    const definition = TABLE[code];
    const terms: CurrencyTerms = {
      ...definition,
      interestRate: config.desk.interestRates[code] ?? definition.interestRate,
      code,
      minorUnits: CURRENCY_MINOR_UNITS[code],
      usdSymbol: code === 'USD' ? null : `${code}USD`,
    };
    return [code, terms] as const;
  });
  return Object.fromEntries(entries) as CurrencyTable;
}
