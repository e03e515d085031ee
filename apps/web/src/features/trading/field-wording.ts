import { TRADING_MESSAGES } from '@tp/shared';

/**
 * The contract's messages name API fields ("stopPrice is required for stop and stop-limit
 * orders"), which is right for API clients and wrong under a form field: here they are worded with
 * the field's label. The server's field mapping (`details[].field`) is kept as it is; only the text
 * shown changes.
 */

/** The label of each order, position and trade-history filter field as the forms show it. */
export const FIELD_LABELS = {
  symbol: 'Symbol',
  side: 'Side',
  quantity: 'Quantity',
  type: 'Order type',
  price: 'Limit price',
  stopPrice: 'Stop price',
  timeInForce: 'Time in force',
  stopLoss: 'Stop-loss',
  takeProfit: 'Take-profit',
  startDate: 'From',
  endDate: 'To',
} as const;

export type LabelledField = keyof typeof FIELD_LABELS;

/** Contract texts that name more than their own field, reworded whole. */
const REWORDED: Record<string, string> = {
  [TRADING_MESSAGES.priceRequired]: 'Limit price is required for limit and stop-limit orders',
  [TRADING_MESSAGES.stopPriceRequired]: 'Stop price is required for stop and stop-limit orders',
  [TRADING_MESSAGES.priceNotUsed]:
    'Limit price is not used by a stop order: it fills at market once triggered (choose Stop limit for a limit)',
  [TRADING_MESSAGES.stopPriceNotUsed]: 'Stop price is only used by stop and stop-limit orders',
  [TRADING_MESSAGES.startAfterEnd]: 'From must not be after To',
  [TRADING_MESSAGES.stopTriggered]: 'The stop has already triggered: its stop price can no longer change',
};

const API_NAMES = Object.keys(FIELD_LABELS).sort((a, b) => b.length - a.length);
const LEADING_NAME = new RegExp(`^(${API_NAMES.join('|')})\\b`);

/** One field error in the words of the form: the field's label in place of its API name. */
export function fieldMessage(field: LabelledField, message: string): string {
  const label = FIELD_LABELS[field];
  const reworded = REWORDED[message];
  if (reworded) return reworded;
  // zod's own texts for a missing or unknown value
  if (/received undefined/i.test(message)) return `${label} is required`;
  if (/^Invalid option/i.test(message)) return `Choose a valid ${label.toLowerCase()}`;
  const leading = LEADING_NAME.exec(message);
  const text = leading ? FIELD_LABELS[leading[1] as LabelledField] + message.slice(leading[1]!.length) : message;
  return text.replace(/\bstop_limit\b/g, 'stop-limit');
}
