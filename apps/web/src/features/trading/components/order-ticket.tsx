import {
  MESSAGES,
  ORDER_TYPES,
  TIME_IN_FORCE,
  type Instrument,
  type OrderRequest,
  type Quote,
  type Order,
} from '@tp/shared';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { FormField } from '@/ui/form-field';
import { Input } from '@/ui/input';
import { NativeSelect } from '@/ui/native-select';
import { useOrder } from '../api/get-order';
import { instrumentOf, ORDER_TYPE_LABELS, TIME_IN_FORCE_LABELS } from '../format';
import type { OrderEstimate } from '../order-estimate';
import { stopWarning, ticketRequest, validateTicket, type TicketValues } from '../order-form';
import { orderOutcome } from '../order-outcome';
import { orderSummary } from '../order-summary';
import { quantityUnitText } from '../units';
import { useOrderTicket, type OrderTicketOptions } from '../use-order-ticket';
import { OrderEstimateFigures } from './order-estimate-figures';
import { MarketFigures, PriceInputs, SideChoice } from './order-ticket-fields';
import { Panel } from './panel';

/** What became of the order placed last, as it is now (a cancel in Open orders shows here too). */
function PlacedOrder({ placed, instrument }: { placed: Order; instrument: Instrument | undefined }) {
  const order = useOrder(placed);
  const { variant, text } = orderOutcome(order.data, instrument);
  return <Alert variant={variant}>{text}</Alert>;
}

/** "Are you sure?" with what the order does, what it is worth and what it leaves. */
function OrderConfirmation({
  order,
  quote,
  instrument,
  estimate,
  onConfirm,
  onCancel,
}: {
  order: OrderRequest | null;
  quote: Quote | undefined;
  instrument: Instrument | undefined;
  estimate: OrderEstimate | null;
  onConfirm(): void;
  onCancel(): void;
}) {
  const warning = order && stopWarning(order, quote);
  return (
    <ConfirmDialog
      open={order !== null}
      onOpenChange={(open) => !open && onCancel()}
      title="Confirm order"
      description={order ? orderSummary(order, quote, instrument) : undefined}
      tone="primary"
      confirmLabel="Place order"
      onConfirm={onConfirm}
    >
      {order && (
        <OrderEstimateFigures
          side={order.side}
          quantity={String(order.quantity)}
          instrument={instrument}
          estimate={estimate}
          className="mb-3"
        />
      )}
      {warning && (
        <Alert variant="warning" title="This stop triggers at once">
          {warning}
        </Alert>
      )}
    </ConfirmDialog>
  );
}

export type OrderTicketProps = OrderTicketOptions;

export function OrderTicket(props: OrderTicketProps) {
  const ticket = useOrderTicket(props);
  const { values, set, errors, instrument, quote } = ticket;
  // the order as typed so far, valued once it is complete
  const typed = validateTicket(values, instrument);
  // said while the user types, and again in the confirmation
  const typedStopWarning = stopWarning(ticketRequest(values), quote);

  return (
    <Panel id="order-ticket" title="Order ticket">
      <form noValidate onSubmit={ticket.onSubmit} className="flex flex-col gap-3" aria-label="Order ticket">
        <FormField name="symbol" label="Symbol" error={errors.symbol}>
          <NativeSelect
            value={values.symbol}
            onChange={(value) => set('symbol', value)}
            options={props.instruments.map((i) => ({ value: i.symbol, label: `${i.symbol} — ${i.name}` }))}
          />
        </FormField>
        <SideChoice side={values.side} onChange={(side) => set('side', side)} />
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
        <PriceInputs values={values} errors={errors} onChange={set} />
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
        <MarketFigures quote={quote} buyingPower={props.buyingPower} />
        <OrderEstimateFigures
          side={values.side}
          quantity={values.quantity.trim()}
          instrument={instrument}
          estimate={typed.ok ? ticket.estimateOf(typed.request) : null}
        />
        {ticket.unaffordable && (
          <Alert variant="error" title="Not enough buying power">
            {ticket.unaffordable}
          </Alert>
        )}
        <Button
          type="submit"
          variant={values.side === 'buy' ? 'primary' : 'danger'}
          loading={ticket.placing}
          loadingText="Placing order"
        >
          {values.side === 'buy' ? 'Place buy order' : 'Place sell order'}
        </Button>
        {ticket.formError && (
          <Alert variant="error" title={MESSAGES.tradeFailed}>
            {ticket.formError !== MESSAGES.tradeFailed && ticket.formError}
          </Alert>
        )}
        {ticket.outcome && (
          <PlacedOrder
            key={ticket.outcome.id}
            placed={ticket.outcome}
            instrument={instrumentOf(props.instruments, ticket.outcome.symbol)}
          />
        )}
      </form>
      <OrderConfirmation
        order={ticket.pending}
        quote={quote}
        instrument={instrument}
        estimate={ticket.pending && ticket.estimateOf(ticket.pending)}
        onConfirm={ticket.confirm}
        onCancel={ticket.cancel}
      />
    </Panel>
  );
}
