import { fieldErrors } from '@/lib/form-errors';
import { LoadError } from '@/ui/load-error';
import { useState, type FormEvent } from 'react';
import {
  MESSAGES,
  amendOrderRequestSchema,
  TIME_IN_FORCE,
  type AmendOrderRequest,
  type Instrument,
  type Order,
} from '@tp/shared';
import { errorMessage } from '@/lib/api-client';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { FormField } from '@/ui/form-field';
import { Input } from '@/ui/input';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/ui/table';
import { useAmendOrder } from '../api/amend-order';
import { useCancelOrder } from '../api/cancel-order';
import { OPEN_ORDERS_QUERY, useOrders } from '../api/get-orders';
import { formatPrice, formatQuantity, instrumentOf, ORDER_TYPE_LABELS, TIME_IN_FORCE_LABELS } from '../format';
import { quantityUnitText } from '../units';
import { Quantity } from './quantity';
import { fieldMessage } from '../field-wording';
import { usesLimit, usesStop } from '../order-form';
import { NativeSelect } from '@/ui/native-select';
import { Panel } from './panel';
import { EmptyState, LoadingState } from '@/ui/query-state';

const AMEND_FIELDS = ['quantity', 'price', 'stopPrice', 'timeInForce'] as const;
type AmendField = (typeof AMEND_FIELDS)[number];

/** Changes a pending order: only what differs from the order is sent. */
function AmendDialog({
  order,
  instrument,
  onClose,
}: {
  order: Order;
  instrument: Instrument | undefined;
  onClose(): void;
}) {
  const amend = useAmendOrder();
  const [quantity, setQuantity] = useState(order.quantity);
  const [price, setPrice] = useState(order.limitPrice ?? '');
  const [stopPrice, setStopPrice] = useState(order.stopPrice ?? '');
  const [timeInForce, setTimeInForce] = useState(order.timeInForce);
  const [errors, setErrors] = useState<Partial<Record<AmendField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const changes: AmendOrderRequest = {
      ...(quantity.trim() !== order.quantity && { quantity: quantity.trim() }),
      ...(usesLimit(order.type) && price.trim() !== (order.limitPrice ?? '') && { price: price.trim() }),
      ...(usesStop(order.type) && stopPrice.trim() !== (order.stopPrice ?? '') && { stopPrice: stopPrice.trim() }),
      ...(timeInForce !== order.timeInForce && { timeInForce }),
    };
    const parsed = amendOrderRequestSchema.safeParse(changes);
    if (!parsed.success) {
      const found: Partial<Record<AmendField, string>> = {};
      let general: string | null = null;
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as AmendField | undefined;
        if (field) found[field] ??= fieldMessage(field, issue.message);
        else general = 'Nothing changed: change the quantity, a price or the time in force first.';
      }
      setErrors(found);
      setFormError(general);
      return;
    }
    setErrors({});
    setFormError(null);
    amend.mutate(
      { id: order.id, changes },
      {
        onSuccess: onClose,
        onError: (error) => {
          const found = fieldErrors(error, AMEND_FIELDS, fieldMessage);
          setErrors(found);
          setFormError(Object.keys(found).length > 0 ? null : errorMessage(error, MESSAGES.genericLoadFailed));
        },
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Amend ${ORDER_TYPE_LABELS[order.type].toLowerCase()} ${order.side} ${order.symbol}`}
      size="sm"
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3" aria-label="Amend order">
        <FormField
          name="quantity"
          label="Quantity"
          description={`Quantity in ${quantityUnitText(instrument)}.`}
          error={errors.quantity}
        >
          <Input inputMode="decimal" value={quantity} onChange={(e) => setQuantity(e.target.value)} />
        </FormField>
        {usesStop(order.type) && (
          <FormField name="stopPrice" label="Stop price" error={errors.stopPrice}>
            <Input inputMode="decimal" value={stopPrice} onChange={(e) => setStopPrice(e.target.value)} />
          </FormField>
        )}
        {usesLimit(order.type) && (
          <FormField name="price" label="Limit price" error={errors.price}>
            <Input inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} />
          </FormField>
        )}
        <FormField name="timeInForce" label="Time in force" error={errors.timeInForce}>
          <NativeSelect
            value={timeInForce}
            onChange={(value) => setTimeInForce(value as Order['timeInForce'])}
            options={TIME_IN_FORCE.map((tif) => ({ value: tif, label: TIME_IN_FORCE_LABELS[tif] }))}
          />
        </FormField>
        {formError && <Alert variant="error">{formError}</Alert>}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            Keep as is
          </Button>
          <Button type="submit" loading={amend.isPending} loadingText="Saving">
            Save changes
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** "Buy AAPL Limit · DAY", the side in its colour. */
function OrderLabel({ order }: { order: Order }) {
  return (
    <span>
      <span className={order.side === 'buy' ? 'text-gain' : 'text-loss'}>{order.side === 'buy' ? 'Buy' : 'Sell'}</span>{' '}
      <span className="font-semibold">{order.symbol}</span>{' '}
      <span className="text-muted">
        {ORDER_TYPE_LABELS[order.type]} · {order.timeInForce.toUpperCase()}
      </span>
    </span>
  );
}

/** `instruments` give each quantity its unit (shares, lots of 50,000 lb). */
export function OpenOrders({ instruments }: { instruments: readonly Instrument[] }) {
  const orders = useOrders(OPEN_ORDERS_QUERY);
  const cancel = useCancelOrder();
  const [amending, setAmending] = useState<Order | null>(null);
  const [cancelError, setCancelError] = useState<string | null>(null);

  const rows = orders.data?.data ?? [];
  return (
    <Panel id="open-orders" title="Open orders">
      {orders.isPending ? (
        <LoadingState label="Loading open orders" lines={2} />
      ) : orders.isError && !orders.data ? (
        <LoadError error={orders.error} onRetry={() => void orders.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState title="No open orders">
          Limit, stop and stop-limit orders wait here until the price reaches them. Choose one in the order ticket.
        </EmptyState>
      ) : (
        <div className="flex flex-col gap-2">
          {cancelError && (
            <Alert variant="error" title={MESSAGES.cancelFailed} dismissible onClose={() => setCancelError(null)}>
              {cancelError !== MESSAGES.cancelFailed && cancelError}
            </Alert>
          )}
          <Table scrollLabel="Open orders" stacked>
            <TableHeader>
              <TableRow>
                <TableHead>Order</TableHead>
                <TableHead numeric>Quantity</TableHead>
                <TableHead numeric>Stop</TableHead>
                <TableHead numeric>Limit</TableHead>
                <TableHead>
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((order) => {
                const name = `${ORDER_TYPE_LABELS[order.type].toLowerCase()} ${order.side} ${order.symbol}`;
                return (
                  <TableRow key={order.id}>
                    <TableCell>
                      <OrderLabel order={order} />
                    </TableCell>
                    <TableCell numeric label="Quantity">
                      {Number(order.filledQuantity) > 0 && `${formatQuantity(order.filledQuantity)} / `}
                      <Quantity value={order.quantity} instrument={instrumentOf(instruments, order.symbol)} />
                    </TableCell>
                    <TableCell numeric label="Stop">
                      {order.stopPrice ? formatPrice(order.stopPrice) : '—'}
                    </TableCell>
                    <TableCell numeric label="Limit">
                      {order.limitPrice ? formatPrice(order.limitPrice) : '—'}
                    </TableCell>
                    <TableCell>
                      <div className="flex justify-end gap-1">
                        <Button
                          size="sm"
                          variant="outline"
                          onClick={() => setAmending(order)}
                          aria-label={`Amend ${name}`}
                        >
                          Amend
                        </Button>
                        <Button
                          size="sm"
                          variant="ghost"
                          aria-label={`Cancel ${name}`}
                          loading={cancel.isPending && cancel.variables === order.id}
                          loadingText="Cancelling"
                          onClick={() => {
                            setCancelError(null);
                            cancel.mutate(order.id, {
                              onError: (error) => setCancelError(errorMessage(error, MESSAGES.cancelFailed)),
                            });
                          }}
                        >
                          Cancel
                        </Button>
                      </div>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </div>
      )}
      {amending && (
        <AmendDialog
          order={amending}
          instrument={instrumentOf(instruments, amending.symbol)}
          onClose={() => setAmending(null)}
        />
      )}
    </Panel>
  );
}
