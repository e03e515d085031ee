import { z } from 'zod';
import { envelopeSchema } from './common';
import { decimalStringSchema, positiveDecimalInput, signedDecimalStringSchema } from './decimals';
import { isoTimestampSchema, symbolSchema } from './market';
import { text } from './text';

/** Paper-trading contract (docs/product/api.md#trading, docs/trading.md#7-the-service-api-signed-in). */

export const ORDER_SIDES = ['buy', 'sell'] as const;
export const ORDER_TYPES = ['market', 'limit', 'stop', 'stop_limit'] as const;
export const TIME_IN_FORCE = ['day', 'gtc'] as const;
export const ORDER_STATUSES = ['pending', 'filled', 'cancelled', 'rejected', 'expired'] as const;
export const REJECT_CODES = [
  'unknown_symbol',
  'invalid_quantity',
  'invalid_price',
  'insufficient_cash',
  'insufficient_position',
] as const;

export const orderSideSchema = z.enum(ORDER_SIDES);
export const orderTypeSchema = z.enum(ORDER_TYPES);
export const timeInForceSchema = z.enum(TIME_IN_FORCE);
export const orderStatusSchema = z.enum(ORDER_STATUSES);
export const rejectCodeSchema = z.enum(REJECT_CODES);
export type OrderSide = z.infer<typeof orderSideSchema>;
export type OrderType = z.infer<typeof orderTypeSchema>;
export type TimeInForce = z.infer<typeof timeInForceSchema>;
export type OrderStatus = z.infer<typeof orderStatusSchema>;
export type RejectCode = z.infer<typeof rejectCodeSchema>;

export const TRADING_LIMITS = {
  openingCash: '100000.00',
  maxBatchOrders: 20,
  maxPositionUpdates: 50,
  ordersPageDefault: 20,
  ordersPageMax: 100,
  ordersExportMax: 100_000,
  maxFavoriteInstruments: 20,
  maxEquityCurvePoints: 1_000,
} as const;

let usd: Intl.NumberFormat | undefined;
/**
 * Money in a message, as the screens write it ("$98,709.70": docs/product/ui-layer.md#numbers); Intl formats
 * the decimal string exactly. Built on first use.
 */
const usdText = (amount: string) =>
  (usd ??= new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  })).format(amount as unknown as number);

let quantities: Intl.NumberFormat | undefined;
/** A quantity bound with grouping ("100,000"), its decimals kept. */
const quantityText = (amount: string) =>
  (quantities ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 10 })).format(amount as unknown as number);

export const TRADING_MESSAGES = {
  priceRequired: 'price (the limit) is required for limit and stop-limit orders',
  stopPriceRequired: 'stopPrice is required for stop and stop-limit orders',
  priceNotUsed: 'price is not used by a stop order: it fills at market once triggered (use stop_limit for a limit)',
  stopPriceNotUsed: 'stopPrice is only used by stop and stop-limit orders',
  amendNothing: 'name at least one of quantity, price, stopPrice, timeInForce',
  notPending: 'Only a pending order can be changed or cancelled',
  startAfterEnd: 'startDate must not be after endDate',
  positionTarget: 'name the position by positionId or by symbol (one of them)',
  positionNothing: 'set stopLoss, takeProfit or both (null clears a level)',
  /** The amounts are the engine's exact 2-decimal strings. */
  insufficientCash: (needed: string, available: string) =>
    `Insufficient cash: this order needs ${usdText(needed)} and ${usdText(available)} is available`,
  insufficientPosition: (symbol: string, held: string, selling: string) =>
    `Insufficient position: you hold ${held} ${symbol} and this order sells ${selling}`,
  /** Whole shares say so; lots name their step. */
  invalidQuantity: (symbol: string, min: string, step: string, max: string) =>
    Number(step) === 1
      ? `Quantity for ${symbol} must be a whole number from ${quantityText(min)} to ${quantityText(max)}`
      : `Quantity for ${symbol} must be between ${quantityText(min)} and ${quantityText(max)} in steps of ${step}`,
  invalidPrice: (symbol: string, tick: string) => `Prices for ${symbol} move in steps of ${tick}`,
  quantityBelowFilled: (filled: string) => `quantity must be more than the ${filled} already filled`,
  priceNotForType: (type: string) => `price is not used by a ${type} order`,
  stopTriggered: 'The stop has already triggered; its stopPrice can no longer change',
  orderNotFound: 'Order not found',
  positionNotFound: 'Position not found',
  accountNotFound: 'Account not found',
  noOpenPosition: (symbol: string) => `There is no open ${symbol} position to protect`,
  stopLossNotBelow: (price: string) => `stopLoss must be below the current price (${price})`,
  takeProfitNotAbove: (price: string) => `takeProfit must be above the current price (${price})`,
  tooLarge: (field: string) => `${field} is too large`,
} as const;

/** Who placed an order: the user, or the engine closing a position at its stop-loss or take-profit. */
export const ORDER_SOURCES = ['user', 'stop_loss', 'take_profit'] as const;
export const orderSourceSchema = z.enum(ORDER_SOURCES);

/**
 * POST /api/trades. `price` is the limit of a limit or stop-limit order; a market order may carry
 * one (the dashboard's quick trade sends its display price) and it is ignored.
 */
export const orderRequestSchema = z
  .object({
    symbol: symbolSchema,
    side: orderSideSchema,
    quantity: positiveDecimalInput('quantity'),
    type: orderTypeSchema.default('market'),
    price: positiveDecimalInput('price').optional(),
    stopPrice: positiveDecimalInput('stopPrice').optional(),
    timeInForce: timeInForceSchema.default('day'),
  })
  .superRefine((order, ctx) => {
    const needsLimit = order.type === 'limit' || order.type === 'stop_limit';
    const needsStop = order.type === 'stop' || order.type === 'stop_limit';
    if (needsLimit && order.price === undefined) {
      ctx.addIssue({ code: 'custom', path: ['price'], message: TRADING_MESSAGES.priceRequired });
    }
    if (needsStop && order.stopPrice === undefined) {
      ctx.addIssue({ code: 'custom', path: ['stopPrice'], message: TRADING_MESSAGES.stopPriceRequired });
    }
    if (order.type === 'stop' && order.price !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['price'], message: TRADING_MESSAGES.priceNotUsed });
    }
    if (!needsStop && order.stopPrice !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['stopPrice'], message: TRADING_MESSAGES.stopPriceNotUsed });
    }
  });
export type OrderRequest = z.input<typeof orderRequestSchema>;
export type ParsedOrderRequest = z.output<typeof orderRequestSchema>;

/** PATCH /api/trades/{id}: change a pending order (its type and side stay; cancel and place anew for those). */
export const amendOrderRequestSchema = z
  .object({
    quantity: positiveDecimalInput('quantity').optional(),
    price: positiveDecimalInput('price').optional(),
    stopPrice: positiveDecimalInput('stopPrice').optional(),
    timeInForce: timeInForceSchema.optional(),
  })
  .strict()
  .refine((amend) => Object.values(amend).some((value) => value !== undefined), {
    message: TRADING_MESSAGES.amendNothing,
  });
export type AmendOrderRequest = z.input<typeof amendOrderRequestSchema>;
export type ParsedAmendOrderRequest = z.output<typeof amendOrderRequestSchema>;

/**
 * An order as the API answers it (docs/product/api.md#trading calls it a trade: id, symbol, side,
 * quantity, price, status, timestamp) and the order's own fields.
 */
export const orderSchema = z.object({
  id: text().max(40),
  symbol: text().max(12),
  side: orderSideSchema,
  quantity: decimalStringSchema,
  /** The average fill price once anything filled, else the limit, else the stop, else null. */
  price: decimalStringSchema.nullable(),
  status: orderStatusSchema,
  /** When the order reached its current status. */
  timestamp: isoTimestampSchema,
  type: orderTypeSchema,
  limitPrice: decimalStringSchema.nullable(),
  stopPrice: decimalStringSchema.nullable(),
  timeInForce: timeInForceSchema,
  filledQuantity: decimalStringSchema,
  avgFillPrice: decimalStringSchema.nullable(),
  /** Commission and configured slippage charged on the fills, USD. */
  fees: decimalStringSchema,
  rejectCode: rejectCodeSchema.nullable(),
  rejectReason: text().max(300).nullable(),
  triggeredAt: isoTimestampSchema.nullable(),
  expiresAt: isoTimestampSchema.nullable(),
  /** user, or the engine's closing order for a crossed stop-loss or take-profit. */
  source: orderSourceSchema,
  createdAt: isoTimestampSchema,
  updatedAt: isoTimestampSchema,
});
export type Order = z.infer<typeof orderSchema>;

export const orderResponseSchema = envelopeSchema(orderSchema);

/** POST /api/trades/batch {trades}: each item is checked with orderRequestSchema on its own and gets its own result, in the order sent. */
export const batchOrderRequestSchema = z.object({
  trades: z.array(z.unknown()).min(1).max(TRADING_LIMITS.maxBatchOrders),
});
/** One item of a batch that failed: its own error body, as a single call would have answered. */
const batchFailureSchema = z.object({
  index: z.number().int(),
  success: z.literal(false),
  error: text().max(300),
  code: text().max(40),
  details: z.array(z.object({ field: text().max(80), message: text().max(300) })).optional(),
});
export const batchItemResultSchema = z.discriminatedUnion('success', [
  z.object({ index: z.number().int(), success: z.literal(true), trade: orderSchema }),
  batchFailureSchema,
]);
export type BatchItemResult = z.infer<typeof batchItemResultSchema>;
export const batchOrderResponseSchema = envelopeSchema(z.object({ results: z.array(batchItemResultSchema) }));

const dateInput = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

/** The trade history's filters, shared by the list and its CSV export. */
const orderFilterFields = {
  accountId: z.uuid().optional(),
  symbol: symbolSchema.optional(),
  status: orderStatusSchema.optional(),
  startDate: dateInput.optional(),
  endDate: dateInput.optional(),
};
function checkOrderRange(query: { startDate?: string; endDate?: string }, ctx: z.RefinementCtx) {
  const { from, to } = orderQueryRange(query);
  if (from && to && from > to) {
    ctx.addIssue({ code: 'custom', path: ['startDate'], message: TRADING_MESSAGES.startAfterEnd });
  }
}

/**
 * GET /api/trades?symbol&startDate&endDate&limit&offset (docs/product/api.md#trading); accountId reads
 * a reset (closed) account.
 */
export const orderQuerySchema = z
  .object({
    ...orderFilterFields,
    limit: z.coerce.number().int().min(1).max(TRADING_LIMITS.ordersPageMax).default(TRADING_LIMITS.ordersPageDefault),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  })
  .superRefine(checkOrderRange);
export type OrderQuery = z.input<typeof orderQuerySchema>;

/** GET /api/trades/export.csv: every order the history's filters select (up to ordersExportMax), as CSV. */
export const orderExportQuerySchema = z.object(orderFilterFields).superRefine(checkOrderRange);

/** The instants an order query covers; a date-only endDate includes that whole UTC day. */
export function orderQueryRange(query: { startDate?: string; endDate?: string }): {
  from: Date | null;
  to: Date | null;
} {
  const from = query.startDate ? new Date(query.startDate) : null;
  let to: Date | null = null;
  if (query.endDate) {
    to = new Date(query.endDate);
    if (query.endDate.length === 10) to = new Date(to.getTime() + 86_400_000 - 1);
  }
  return { from, to };
}

export const orderListResponseSchema = envelopeSchema(z.array(orderSchema)).extend({
  pagination: z.object({
    total: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
    hasMore: z.boolean(),
  }),
});
export type OrderListResponse = z.infer<typeof orderListResponseSchema>;

export const positionSchema = z.object({
  id: text().max(40),
  symbol: text().max(12),
  quantity: decimalStringSchema,
  /** Held for pending sell orders: what a new sale can use is quantity − reservedQuantity. */
  reservedQuantity: decimalStringSchema,
  /** Average cost per unit of price (per share, per EUR, per ounce...), fees included. */
  avgCost: decimalStringSchema,
  costBasis: decimalStringSchema,
  marketPrice: decimalStringSchema,
  marketValue: decimalStringSchema,
  unrealizedPnl: signedDecimalStringSchema,
  unrealizedPnlPercent: z.number(),
  realizedPnl: signedDecimalStringSchema,
  dayChange: signedDecimalStringSchema,
  stopLoss: decimalStringSchema.nullable(),
  takeProfit: decimalStringSchema.nullable(),
  openedAt: isoTimestampSchema,
  updatedAt: isoTimestampSchema,
});
export type Position = z.infer<typeof positionSchema>;

/**
 * The charges every order pays (TRADING_COMMISSION_PER_ORDER, TRADING_COMMISSION_RATE,
 * TRADING_SLIPPAGE_RATE; none by default): a fixed commission on an order's first fill, and rates
 * as fractions of the notional. The order ticket adds them to what an order needs.
 */
export const chargesSchema = z.object({
  commissionPerOrder: decimalStringSchema,
  commissionRate: decimalStringSchema,
  slippageRate: decimalStringSchema,
});
export type Charges = z.infer<typeof chargesSchema>;

/**
 * GET /api/portfolio: totalValue, cashBalance, dayChange, dayChangePercent, positions
 * (docs/product/api.md#trading).
 */
export const portfolioSchema = z.object({
  totalValue: decimalStringSchema,
  cashBalance: decimalStringSchema,
  dayChange: signedDecimalStringSchema,
  dayChangePercent: z.number(),
  positions: z.array(positionSchema),
  accountId: text().max(40),
  currency: z.literal('USD'),
  /** Cash held by pending buy orders (cashBalance − reservedCash is the buying power). */
  reservedCash: decimalStringSchema,
  openingCash: decimalStringSchema,
  realizedPnl: signedDecimalStringSchema,
  unrealizedPnl: signedDecimalStringSchema,
  charges: chargesSchema,
});
export type Portfolio = z.infer<typeof portfolioSchema>;
export const portfolioResponseSchema = envelopeSchema(portfolioSchema);
export const positionsResponseSchema = envelopeSchema(z.array(positionSchema));
export const positionResponseSchema = envelopeSchema(positionSchema);

/** A paper account: the active one, or one closed by a reset (its history stays readable). */
export const accountSchema = z.object({
  id: text().max(40),
  status: z.enum(['active', 'closed']),
  currency: z.literal('USD'),
  openingCash: decimalStringSchema,
  cashBalance: decimalStringSchema,
  /** Cash held by pending buy orders; what new orders can spend is cashBalance − reservedCash. */
  reservedCash: decimalStringSchema,
  createdAt: isoTimestampSchema,
  closedAt: isoTimestampSchema.nullable(),
});
export type Account = z.infer<typeof accountSchema>;
/** GET /api/trading/accounts: newest first. */
export const accountsResponseSchema = envelopeSchema(z.array(accountSchema));
/** POST /api/trading/account/reset: the fresh account, and the one it replaced (null when there was none). */
export const accountResetResponseSchema = envelopeSchema(
  z.object({ account: accountSchema, closedAccountId: text().max(40).nullable() }),
);

/** A stop-loss or take-profit level: a price, or null to clear it. */
const levelInput = (label: string) => positiveDecimalInput(label).nullable().optional();

/** POST /api/portfolio/positions/batch {updates}: per-position stop-loss and take-profit levels. */
export const positionUpdateSchema = z
  .object({
    positionId: z.uuid().optional(),
    symbol: symbolSchema.optional(),
    stopLoss: levelInput('stopLoss'),
    takeProfit: levelInput('takeProfit'),
  })
  .superRefine((update, ctx) => {
    if ((update.positionId === undefined) === (update.symbol === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['positionId'], message: TRADING_MESSAGES.positionTarget });
    }
    if (update.stopLoss === undefined && update.takeProfit === undefined) {
      ctx.addIssue({ code: 'custom', path: ['stopLoss'], message: TRADING_MESSAGES.positionNothing });
    }
  });
export type PositionUpdate = z.input<typeof positionUpdateSchema>;
export const positionBatchRequestSchema = z.object({
  updates: z.array(positionUpdateSchema).min(1).max(TRADING_LIMITS.maxPositionUpdates),
});
export const positionBatchResponseSchema = envelopeSchema(
  z.object({
    results: z.array(
      z.discriminatedUnion('success', [
        z.object({ index: z.number().int(), success: z.literal(true), position: positionSchema }),
        batchFailureSchema,
      ]),
    ),
  }),
);

/** GET/PATCH /api/preferences/trading (docs/product/trading.md#trading-preferences). */
export const tradingPreferencesSchema = z.object({
  darkMode: z.boolean(),
  defaultOrderType: orderTypeSchema,
  confirmOrders: z.boolean(),
  favoriteInstruments: z.array(symbolSchema).max(TRADING_LIMITS.maxFavoriteInstruments),
});
export type TradingPreferences = z.infer<typeof tradingPreferencesSchema>;
export const DEFAULT_TRADING_PREFERENCES: TradingPreferences = {
  darkMode: false,
  defaultOrderType: 'market',
  confirmOrders: true,
  favoriteInstruments: ['AAPL', 'GOOGL', 'MSFT'],
};
export const tradingPreferencesPatchSchema = tradingPreferencesSchema
  .partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, { message: 'name at least one preference to change' })
  .transform((patch) =>
    patch.favoriteInstruments ? { ...patch, favoriteInstruments: [...new Set(patch.favoriteInstruments)] } : patch,
  );
export const tradingPreferencesResponseSchema = envelopeSchema(tradingPreferencesSchema);

/** GET /api/analytics/performance?start&end */
export const performanceQuerySchema = z
  .object({
    start: dateInput.optional(),
    end: dateInput.optional(),
  })
  .superRefine((query, ctx) => {
    if (query.start && query.end && new Date(query.start) > new Date(query.end)) {
      ctx.addIssue({ code: 'custom', path: ['start'], message: 'start must not be after end' });
    }
  });

/** Percentages are numbers (2.5 means 2.5 %); null where there is not yet enough history. */
const percent = z.number().nullable();

export const performanceSchema = z.object({
  start: isoTimestampSchema,
  end: isoTimestampSchema,
  equityCurve: z
    .array(z.object({ time: isoTimestampSchema, equity: decimalStringSchema }))
    .max(TRADING_LIMITS.maxEquityCurvePoints),
  /** Time-weighted returns: today, week, month and year to date (UTC calendar), and since the account opened. */
  returns: z.object({ today: percent, week: percent, month: percent, ytd: percent, all: percent }),
  realizedPnl: signedDecimalStringSchema,
  unrealizedPnl: signedDecimalStringSchema,
  fees: decimalStringSchema,
  closedTrades: z.number().int(),
  wins: z.number().int(),
  losses: z.number().int(),
  winRate: percent,
});
export type Performance = z.infer<typeof performanceSchema>;
export const performanceResponseSchema = envelopeSchema(performanceSchema);

/** GET /api/analytics/risk */
export const riskSchema = z.object({
  asOf: isoTimestampSchema,
  /** Daily returns the figures were computed from. */
  observations: z.number().int(),
  volatilityPercent: percent,
  maxDrawdownPercent: percent,
  sharpeRatio: z.number().nullable(),
  /** One-day 95 % value at risk of the open positions, USD. */
  valueAtRisk95: decimalStringSchema,
  valueAtRisk95Percent: percent,
  largestPosition: z.object({ symbol: text().max(12), weightPercent: z.number() }).nullable(),
});
export type Risk = z.infer<typeof riskSchema>;
export const riskResponseSchema = envelopeSchema(riskSchema);
