import { Decimal } from 'decimal.js';
import type { Instrument } from '@tp/shared';
import { FIGURES_LOCALE } from '@/lib/intl';
import { formatQuantity } from './format';

/**
 * A quantity says what it counts (docs/trading.md#1-instruments): shares, or lots of a contract size in the
 * instrument's unit. "10 shares", "1 lot (50,000 lb)", "0.05 lots (5 oz)", "2 lots (10,000
 * bushels)". The contract size and its unit are the instrument's `lotSize` and `priceUnit`; the
 * base quantity is their exact product.
 */

const plurals = new Intl.PluralRules(FIGURES_LOCALE);

/** The units written as words take a plural; symbols and codes (lb, oz, EUR) do not. */
const PLURAL_OF: Record<string, string> = { share: 'shares', lot: 'lots', bushel: 'bushels' };

/** `unit` as it reads after `count` (a formatted figure): "1 share", "0.5 lots", "5,000 bushels". */
function unitFor(count: string, unit: string): string {
  return plurals.select(Number(count.replace(/,/g, ''))) === 'one' ? unit : (PLURAL_OF[unit] ?? unit);
}

export interface QuantityParts {
  /** "10 shares", "1 lot". */
  amount: string;
  /** What the lots hold: "50,000 lb"; null for shares. */
  holds: string | null;
}

/** A quantity of `instrument` in its unit; a bare figure while the instrument is not known. */
export function quantityParts(quantity: string, instrument: Instrument | undefined): QuantityParts {
  const count = formatQuantity(quantity);
  if (!instrument) return { amount: count, holds: null };
  if (instrument.quantityUnit === 'share') return { amount: `${count} ${unitFor(count, 'share')}`, holds: null };
  const base = formatQuantity(new Decimal(quantity).times(instrument.lotSize).toFixed());
  return { amount: `${count} ${unitFor(count, 'lot')}`, holds: `${base} ${unitFor(base, instrument.priceUnit)}` };
}

/** "10 shares", "1 lot (50,000 lb)". */
export function formatQuantityWithUnit(quantity: string, instrument: Instrument | undefined): string {
  const { amount, holds } = quantityParts(quantity, instrument);
  return holds ? `${amount} (${holds})` : amount;
}

/** What the ticket's quantity counts: "shares", "lots of 50,000 lb". */
export function quantityUnitText(instrument: Instrument | undefined): string {
  if (!instrument || instrument.quantityUnit === 'share') return 'shares';
  const size = formatQuantity(instrument.lotSize);
  return `lots of ${size} ${unitFor(size, instrument.priceUnit)}`;
}

/** What a price is quoted per: "per share", "per lb", "per EUR". */
export const pricePerText = (instrument: Instrument) => `per ${instrument.priceUnit}`;
