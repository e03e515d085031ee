import type { Account, Order } from '@tp/shared';
import { findInstrument } from '../market';
import { amount, formatDecimal, formatUsd } from './money';
import type { orders, paperAccounts } from './trading.tables';

/** Rows as the contract shows them: quantities in the instrument's steps, prices on its tick grid. */

export type OrderRow = typeof orders.$inferSelect;
export type AccountRow = typeof paperAccounts.$inferSelect;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** "10.00000000" → "10" for shares, "0.50000000" → "0.50" for lots; trailing zeros trimmed for an unknown symbol. */
export function formatQuantityText(symbol: string, text: string): string {
  const spec = findInstrument(symbol);
  const value = amount(text);
  return spec ? value.toFixed(Math.max(spec.step.scale, value.decimalPlaces())) : formatDecimal(value);
}

/** A price with at least the instrument's tick decimals ("230.1" → "230.10"), more when an average needs them. */
export function formatPriceText(symbol: string, text: string): string {
  const spec = findInstrument(symbol);
  return formatDecimal(amount(text), spec?.tick.scale ?? 0);
}

const priceOrNull = (symbol: string, text: string | null) => (text === null ? null : formatPriceText(symbol, text));

export function toOrder(row: OrderRow): Order {
  const avgFillPrice = priceOrNull(row.symbol, row.avgFillPrice);
  const limitPrice = priceOrNull(row.symbol, row.limitPrice);
  const stopPrice = priceOrNull(row.symbol, row.stopPrice);
  return {
    id: row.id,
    symbol: row.symbol,
    side: row.side,
    quantity: formatQuantityText(row.symbol, row.quantity),
    price: avgFillPrice ?? limitPrice ?? stopPrice,
    status: row.status,
    timestamp: row.updatedAt.toISOString(),
    type: row.type,
    limitPrice,
    stopPrice,
    timeInForce: row.timeInForce,
    filledQuantity: formatQuantityText(row.symbol, row.filledQuantity),
    avgFillPrice,
    fees: formatUsd(amount(row.fees)),
    rejectCode: row.rejectCode,
    rejectReason: row.rejectReason,
    triggeredAt: iso(row.triggeredAt),
    expiresAt: iso(row.expiresAt),
    source: row.source,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toAccount(row: AccountRow, reservedCash: string): Account {
  return {
    id: row.id,
    status: row.status,
    currency: 'USD',
    openingCash: formatUsd(amount(row.openingCash)),
    cashBalance: formatUsd(amount(row.cashBalance)),
    reservedCash: formatUsd(amount(reservedCash)),
    createdAt: row.createdAt.toISOString(),
    closedAt: iso(row.closedAt),
  };
}
