import { useEffect, useState, type FormEvent } from 'react';
import { MESSAGES, type Charges, type Instrument, type OrderRequest, type Quote, type Order } from '@tp/shared';
import { ApiError, errorMessage } from '@/lib/api-client';
import { fieldErrors } from '@/lib/form-errors';
import { useIdempotencyKey } from '@/lib/submit-once';
import { usePlaceOrder } from './api/place-order';
import { fieldMessage } from './field-wording';
import { estimateOrder, shortfallMessage } from './order-estimate';
import { TICKET_FIELDS, validateTicket, type FieldErrors, type TicketValues } from './order-form';

export interface OrderTicketOptions {
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

const emptyTicket = (symbol: string, type: TicketValues['type']): TicketValues => ({
  symbol,
  side: 'buy',
  quantity: '',
  type,
  price: '',
  stopPrice: '',
  timeInForce: 'day',
});

/**
 * The order ticket's state and what it does: the values as typed, checked with the shared contract
 * and the instrument's rules, valued (./order-estimate), refused when the buying power cannot cover
 * a buy, confirmed when the preference asks, and sent once per order (Idempotency-Key).
 */
export function useOrderTicket(options: OrderTicketOptions) {
  const { instruments, symbol, onSymbolChange, defaultType, confirmOrders, buyingPower, charges } = options;
  const [values, setValues] = useState(() => emptyTicket(symbol, defaultType));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  // a buy the buying power cannot cover, refused before any confirmation
  const [unaffordable, setUnaffordable] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Order | null>(null);
  const [pending, setPending] = useState<OrderRequest | null>(null);
  // one key per order the user means to place: a resend of the same order after a failure reuses it
  const idempotencyKey = useIdempotencyKey();
  const place = usePlaceOrder();

  useEffect(() => setValues((current) => ({ ...current, symbol })), [symbol]);
  useEffect(() => setValues((current) => ({ ...current, type: defaultType })), [defaultType]);

  const instrument = instruments.find((i) => i.symbol === values.symbol);
  // only the ticket's own symbol's quote values its order (another's may linger while a symbol changes)
  const quote = options.quote?.symbol === values.symbol ? options.quote : undefined;
  const estimateOf = (order: OrderRequest) =>
    instrument ? estimateOrder(order, instrument, quote, buyingPower, charges) : null;

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
    const estimate = estimateOf(checked.request);
    if (estimate?.shortfall && instrument && buyingPower !== undefined) {
      setErrors({ quantity: 'Over your buying power' });
      setUnaffordable(shortfallMessage(estimate, instrument, buyingPower, charges));
      return;
    }
    setErrors({});
    if (confirmOrders) setPending(checked.request);
    else send(checked.request);
  };

  const confirm = () => {
    if (pending) send(pending);
    setPending(null);
  };
  const cancel = () => setPending(null);

  return {
    values,
    set,
    onSubmit,
    placing: place.isPending,
    errors,
    formError,
    unaffordable,
    outcome,
    pending,
    confirm,
    cancel,
    instrument,
    quote,
    estimateOf,
  };
}
