import {
  orderRequestSchema,
  type Quote,
  TRADING_MESSAGES,
  type Instrument,
  type OrderRequest,
  type OrderSide,
  type OrderType,
  type TimeInForce,
} from '@tp/shared';
import { FIELD_LABELS, fieldMessage } from './field-wording';
import { formatPrice } from './format';

/** What the order ticket holds while the user types (all text, as entered). */
export interface TicketValues {
  symbol: string;
  side: OrderSide;
  quantity: string;
  type: OrderType;
  price: string;
  stopPrice: string;
  timeInForce: TimeInForce;
}

export type TicketField = keyof TicketValues;
export type FieldErrors = Partial<Record<TicketField, string>>;

export const usesLimit = (type: OrderType) => type === 'limit' || type === 'stop_limit';
export const usesStop = (type: OrderType) => type === 'stop' || type === 'stop_limit';

/** The request the ticket sends: only the fields its type uses. */
export function ticketRequest(values: TicketValues): OrderRequest {
  return {
    symbol: values.symbol,
    side: values.side,
    quantity: values.quantity.trim(),
    type: values.type,
    timeInForce: values.timeInForce,
    ...(usesLimit(values.type) && values.price.trim() !== '' && { price: values.price.trim() }),
    ...(usesStop(values.type) && values.stopPrice.trim() !== '' && { stopPrice: values.stopPrice.trim() }),
  };
}

const SCALE = 10;
/** A decimal string as an integer count of 10⁻¹⁰ (the contract's finest step), exactly. */
function scaled(value: string): bigint {
  const [whole = '0', fraction = ''] = value.split('.');
  return BigInt(whole + fraction.padEnd(SCALE, '0').slice(0, SCALE));
}
const isMultiple = (value: string, step: string) => scaled(value) % scaled(step) === 0n;

/**
 * Checks the ticket with the shared contract (the schema the server validates with), then with
 * the instrument's lot and tick rules, so the user learns before sending what the engine would
 * reject. Returns the request, or the message of each field in error.
 */
export function validateTicket(
  values: TicketValues,
  instrument: Instrument | undefined,
): { ok: true; request: OrderRequest } | { ok: false; errors: FieldErrors } {
  const request = ticketRequest(values);
  const parsed = orderRequestSchema.safeParse(request);
  const errors: FieldErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'symbol') as TicketField;
      // an empty quantity is missing, not a malformed number (empty prices are left out of the request)
      const missing = field === 'quantity' && values.quantity.trim() === '';
      errors[field] ??= missing ? `${FIELD_LABELS.quantity} is required` : fieldMessage(field, issue.message);
    }
  }
  // the lot and tick rules, for each amount the contract accepted (so it is a plain decimal string)
  if (instrument && !errors.quantity) {
    const quantity = String(request.quantity);
    const { minQuantity, quantityStep, maxQuantity, symbol } = instrument;
    if (
      scaled(quantity) < scaled(minQuantity) ||
      scaled(quantity) > scaled(maxQuantity) ||
      !isMultiple(quantity, quantityStep)
    ) {
      errors.quantity = TRADING_MESSAGES.invalidQuantity(symbol, minQuantity, quantityStep, maxQuantity);
    }
  }
  if (instrument) {
    for (const field of ['price', 'stopPrice'] as const) {
      const value = request[field];
      if (value !== undefined && !errors[field] && !isMultiple(String(value), instrument.tickSize)) {
        errors[field] = TRADING_MESSAGES.invalidPrice(instrument.symbol, instrument.tickSize);
      }
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, request };
}

export const TICKET_FIELDS: readonly TicketField[] = [
  'symbol',
  'side',
  'quantity',
  'type',
  'price',
  'stopPrice',
  'timeInForce',
];

/**
 * A stop the market has already passed triggers the moment the order is placed (the engine
 * triggers a buy stop once the last price is at or above it, a sell stop at or below): the
 * sentence warning of it, or null. "Buy 2 AAPL when the price reaches 100" with AAPL at 215 would
 * otherwise read as a wait for 100 and then fill at 215 at once.
 */
export function stopWarning(
  order: Pick<OrderRequest, 'side' | 'type' | 'stopPrice' | 'price'>,
  quote: Pick<Quote, 'price' | 'bid' | 'ask'> | undefined,
): string | null {
  if (!order.type || !usesStop(order.type) || order.stopPrice === undefined || !quote) return null;
  const stop = Number(order.stopPrice);
  const last = Number(quote.price);
  const buy = order.side === 'buy';
  if (!(buy ? last >= stop : last <= stop)) return null;
  const then =
    order.type === 'stop'
      ? `fills at once at the market, about ${formatPrice(buy ? quote.ask : quote.bid)}`
      : `becomes a limit order at ${String(order.price)} at once`;
  return `The price (${formatPrice(quote.price)}) is already ${buy ? 'at or above' : 'at or below'} the stop of ${String(order.stopPrice)}: this order triggers now and ${then}. A ${buy ? 'buy' : 'sell'} stop waits for the price to ${buy ? 'rise' : 'fall'} to it.`;
}
