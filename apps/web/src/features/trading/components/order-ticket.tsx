import { fieldErrors } from '@/lib/form-errors';
import { useEffect, useId, useState, type FormEvent } from 'react';
import {
  MESSAGES,
  ORDER_TYPES,
  TIME_IN_FORCE,
  type Charges,
  type Instrument,
  type OrderRequest,
  type Quote,
  type Trade,
} from '@tp/shared';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useIdempotencyKey } from '@/lib/submit-once';
import { cn } from '@/lib/cn';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { FormField } from '@/ui/form-field';
import { Input } from '@/ui/input';
import { useOrder } from '../api/get-order';
import { usePlaceOrder } from '../api/place-order';
import { formatMoney } from '@/lib/format';
import { formatPrice, instrumentOf, ORDER_TYPE_LABELS, TIME_IN_FORCE_LABELS } from '../format';
import {
  stopWarning,
  ticketRequest,
  TICKET_FIELDS,
  usesLimit,
  usesStop,
  validateTicket,
  type FieldErrors,
  type TicketValues,
} from '../order-form';
import { fieldMessage } from '../field-wording';
import { orderOutcome } from '../order-outcome';
import { estimateOrder, shortfallMessage } from '../order-estimate';
import { orderSummary } from '../order-summary';
import { quantityUnitText } from '../units';
import { NativeSelect } from '@/ui/native-select';
import { OrderEstimateFigures } from './order-estimate-figures';
import { Panel } from './panel';

/** The stop before the limit, as a stop-limit order works. */
const PRICE_FIELDS = [
  { field: 'stopPrice', label: 'Stop price' },
  { field: 'price', label: 'Limit price' },
] as const;

/** What became of the order placed last, as it is now (a cancel in Open orders shows here too). */
function PlacedOrder({ placed, instrument }: { placed: Trade; instrument: Instrument | undefined }) {
  const order = useOrder(placed);
  const { variant, text } = orderOutcome(order.data, instrument);
  return <Alert variant={variant}>{text}</Alert>;
}

export interface OrderTicketProps {
  instruments: readonly Instrument[];
  symbol: string;
  onSymbolChange(symbol: string): void;
  quote: Quote | undefined;
  defaultType: TicketValues['type'];
  confirmOrders: boolean;
  /** Cash not held by pending orders. */
  buyingPower: string | undefined;
  /** What every order pays (the portfolio says; none until it has answered). */
  charges?: Charges;
}

export function OrderTicket({
  instruments,
  symbol,
  onSymbolChange,
  quote: symbolQuote,
  defaultType,
  confirmOrders,
  buyingPower,
  charges,
}: OrderTicketProps) {
  const [values, setValues] = useState<TicketValues>({
    symbol,
    side: 'buy',
    quantity: '',
    type: defaultType,
    price: '',
    stopPrice: '',
    timeInForce: 'day',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  // a buy the buying power cannot cover, refused before any confirmation
  const [unaffordable, setUnaffordable] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Trade | null>(null);
  const [pending, setPending] = useState<OrderRequest | null>(null);
  // one key per order the user means to place: a resend of the same order after a failure reuses it
  const idempotencyKey = useIdempotencyKey();
  const place = usePlaceOrder();
  const sideId = useId();

  useEffect(() => setValues((current) => ({ ...current, symbol })), [symbol]);
  useEffect(() => setValues((current) => ({ ...current, type: defaultType })), [defaultType]);

  const instrument = instruments.find((i) => i.symbol === values.symbol);
  // only the ticket's own symbol's quote values its order (another's may linger while a symbol changes)
  const quote = symbolQuote?.symbol === values.symbol ? symbolQuote : undefined;
  const set = <K extends keyof TicketValues>(field: K, value: TicketValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setUnaffordable(null);
    if (field === 'symbol') onSymbolChange(String(value));
  };

  const send = (order: OrderRequest) => {
    setFormError(null);
    place.mutate(
      { order, idempotencyKey: idempotencyKey.for(order) },
      {
        onSettled: (_trade, error) => idempotencyKey.settle(error),
        onSuccess: (trade) => {
          setOutcome(trade);
          if (trade.status !== 'rejected')
            setValues((current) => ({ ...current, quantity: '', price: '', stopPrice: '' }));
        },
        onError: (error) => {
          setOutcome(null);
          // a 4xx refused this order: its fields say why (the key, see settle, is new for the next send)
          const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
          const fields = refused ? fieldErrors(error, TICKET_FIELDS, fieldMessage) : {};
          setErrors(fields);
          if (Object.keys(fields).length === 0)
            setFormError(errorMessage(error, MESSAGES.tradeFailed, { clientErrorsOnly: true }));
        },
      },
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const checked = validateTicket(values, instrument);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    const estimate = instrument && estimateOrder(checked.request, instrument, quote, buyingPower, charges);
    if (estimate?.shortfall && instrument && buyingPower !== undefined) {
      setErrors({ quantity: 'Over your buying power' });
      setUnaffordable(shortfallMessage(estimate, instrument, buyingPower, charges));
      return;
    }
    setErrors({});
    if (confirmOrders) setPending(checked.request);
    else send(checked.request);
  };

  const estimateOf = (order: OrderRequest) =>
    instrument ? estimateOrder(order, instrument, quote, buyingPower, charges) : null;
  // the order as typed so far, valued once it is complete
  const typed = validateTicket(values, instrument);
  // said while the user types, and again in the confirmation
  const typedStopWarning = stopWarning(ticketRequest(values), quote);

  return (
    <Panel id="order-ticket" title="Order ticket">
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3" aria-label="Order ticket">
        <FormField name="symbol" label="Symbol" error={errors.symbol}>
          <NativeSelect
            value={values.symbol}
            onChange={(value) => set('symbol', value)}
            options={instruments.map((i) => ({ value: i.symbol, label: `${i.symbol} — ${i.name}` }))}
          />
        </FormField>

        <fieldset className="flex flex-col gap-1.5">
          <legend id={sideId} className="mb-1.5 text-sm font-medium">
            Side
          </legend>
          <div className="grid grid-cols-2 gap-2">
            {(['buy', 'sell'] as const).map((side) => (
              <label
                key={side}
                className={cn(
                  'flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-md border text-sm font-semibold dense:min-h-10',
                  'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-focus',
                  values.side === side
                    ? side === 'buy'
                      ? 'border-gain bg-gain/15 text-gain'
                      : 'border-loss bg-loss/15 text-loss'
                    : 'border-border text-muted',
                )}
              >
                <input
                  type="radio"
                  name="side"
                  value={side}
                  checked={values.side === side}
                  onChange={() => set('side', side)}
                  className="sr-only"
                />
                {side === 'buy' ? 'Buy' : 'Sell'}
              </label>
            ))}
          </div>
        </fieldset>

        <div className="grid grid-cols-2 gap-3">
          <FormField name="quantity" label="Quantity" error={errors.quantity} isRequired>
            <Input
              inputMode="decimal"
              autoComplete="off"
              value={values.quantity}
              onChange={(event) => set('quantity', event.target.value)}
              placeholder={instrument?.minQuantity ?? '1'}
            />
          </FormField>
          <FormField name="type" label="Order type" error={errors.type}>
            <NativeSelect
              value={values.type}
              onChange={(value) => set('type', value as TicketValues['type'])}
              options={ORDER_TYPES.map((type) => ({ value: type, label: ORDER_TYPE_LABELS[type] }))}
            />
          </FormField>
        </div>
        <p className="-mt-1 text-xs text-muted">Quantity in {quantityUnitText(instrument)}.</p>

        {(usesLimit(values.type) || usesStop(values.type)) && (
          <div className="grid grid-cols-2 gap-3">
            {PRICE_FIELDS.filter(({ field }) => (field === 'price' ? usesLimit : usesStop)(values.type)).map(
              ({ field, label }) => (
                <FormField key={field} name={field} label={label} error={errors[field]} isRequired>
                  <Input
                    inputMode="decimal"
                    autoComplete="off"
                    value={values[field]}
                    onChange={(event) => set(field, event.target.value)}
                  />
                </FormField>
              ),
            )}
          </div>
        )}

        {typedStopWarning && (
          <p className="-mt-1 text-xs text-warning" data-testid="stop-warning">
            {typedStopWarning}
          </p>
        )}

        <FormField name="timeInForce" label="Time in force" error={errors.timeInForce}>
          <NativeSelect
            value={values.timeInForce}
            onChange={(value) => set('timeInForce', value as TicketValues['timeInForce'])}
            options={TIME_IN_FORCE.map((tif) => ({ value: tif, label: TIME_IN_FORCE_LABELS[tif] }))}
          />
        </FormField>

        <dl className="grid grid-cols-2 gap-2 text-xs text-muted">
          <div>
            <dt>Bid / Ask</dt>
            <dd className="tabular text-sm text-fg">
              {quote ? `${formatPrice(quote.bid)} / ${formatPrice(quote.ask)}` : '—'}
            </dd>
          </div>
          <div>
            <dt>Buying power</dt>
            <dd className="tabular text-sm text-fg">{buyingPower ? formatMoney(buyingPower) : '—'}</dd>
          </div>
        </dl>
        <OrderEstimateFigures
          side={values.side}
          quantity={values.quantity.trim()}
          instrument={instrument}
          estimate={typed.ok ? estimateOf(typed.request) : null}
        />
        {unaffordable && (
          <Alert variant="error" title="Not enough buying power">
            {unaffordable}
          </Alert>
        )}

        <Button
          type="submit"
          variant={values.side === 'buy' ? 'primary' : 'danger'}
          loading={place.isPending}
          loadingText="Placing order"
        >
          {values.side === 'buy' ? 'Place buy order' : 'Place sell order'}
        </Button>

        {formError && (
          <Alert variant="error" title={MESSAGES.tradeFailed}>
            {formError !== MESSAGES.tradeFailed && formError}
          </Alert>
        )}
        {outcome && (
          <PlacedOrder key={outcome.id} placed={outcome} instrument={instrumentOf(instruments, outcome.symbol)} />
        )}
      </form>

      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title="Confirm order"
        description={pending ? orderSummary(pending, quote, instrument) : undefined}
        tone="primary"
        confirmLabel="Place order"
        onConfirm={() => {
          if (pending) send(pending);
          setPending(null);
        }}
      >
        {pending && (
          <OrderEstimateFigures
            side={pending.side}
            quantity={String(pending.quantity)}
            instrument={instrument}
            estimate={estimateOf(pending)}
            className="mb-3"
          />
        )}
        {pending && stopWarning(pending, quote) && (
          <Alert variant="warning" title="This stop triggers at once">
            {stopWarning(pending, quote)}
          </Alert>
        )}
      </ConfirmDialog>
    </Panel>
  );
}
