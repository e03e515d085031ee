import type { OrderSide, Quote } from '@tp/shared';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/format';
import { FormField } from '@/ui/form-field';
import { Input } from '@/ui/input';
import { formatPrice } from '../format';
import { usesLimit, usesStop, type FieldErrors, type TicketValues } from '../order-form';

/** Buy or sell: two radio buttons drawn as a toggle, in the gain and loss colours. */
export function SideChoice({ side, onChange }: { side: OrderSide; onChange(side: OrderSide): void }) {
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1.5 text-sm font-medium">Side</legend>
      <div className="grid grid-cols-2 gap-2">
        {(['buy', 'sell'] as const).map((choice) => (
          <label
            key={choice}
            className={cn(
              'flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-md border text-sm font-semibold dense:min-h-10',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-focus',
              side === choice
                ? choice === 'buy'
                  ? 'border-gain bg-gain/15 text-gain'
                  : 'border-loss bg-loss/15 text-loss'
                : 'border-border text-muted',
            )}
          >
            <input
              type="radio"
              name="side"
              value={choice}
              checked={side === choice}
              onChange={() => onChange(choice)}
              className="sr-only"
            />
            {choice === 'buy' ? 'Buy' : 'Sell'}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The stop before the limit, as a stop-limit order works. */
const PRICE_FIELDS = [
  { field: 'stopPrice', label: 'Stop price' },
  { field: 'price', label: 'Limit price' },
] as const;

/** The prices the order type uses: a limit, a stop, or both. */
export function PriceInputs({
  values,
  errors,
  onChange,
}: {
  values: TicketValues;
  errors: FieldErrors;
  onChange(field: 'price' | 'stopPrice', value: string): void;
}) {
  const used = PRICE_FIELDS.filter(({ field }) => (field === 'price' ? usesLimit : usesStop)(values.type));
  if (used.length === 0) return null;
  return (
    <div className="grid grid-cols-2 gap-3">
      {used.map(({ field, label }) => (
        <FormField key={field} name={field} label={label} error={errors[field]} isRequired>
          <Input
            inputMode="decimal"
            autoComplete="off"
            value={values[field]}
            onChange={(event) => onChange(field, event.target.value)}
          />
        </FormField>
      ))}
    </div>
  );
}

/** The market of the ticket's symbol and the cash the order can use. */
export function MarketFigures({ quote, buyingPower }: { quote: Quote | undefined; buyingPower: string | undefined }) {
  return (
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
  );
}
