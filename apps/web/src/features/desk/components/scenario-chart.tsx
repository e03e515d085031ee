import { useState } from 'react';
import type { CurrencyCode, Exposure } from '@tp/shared';
import { directionOf } from '@/features/trading';
import { cn } from '@/lib/cn';
import { FormField } from '@/ui/form-field';
import { NativeSelect } from '@/ui/native-select';
import { formatShock } from '../format';
import { DESK_TEXTS } from '../texts';
import { Money } from './money';

const T = DESK_TEXTS.charts;
const ALL = 'all';

type Scenario = Exposure['totals']['scenarios'][number];

/** A bar from the zero line: right for a gain, left for a loss, in the gain or loss colour. */
function Bar({
  label,
  value,
  largest,
  home,
  faint = false,
}: {
  label: string;
  value: string;
  largest: number;
  home: CurrencyCode;
  faint?: boolean;
}) {
  const direction = directionOf(value);
  const width = largest > 0 ? (Math.abs(Number(value)) / largest) * 50 : 0;
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="text-muted">{label}</span>
        <Money signed value={value} currency={home} />
      </div>
      <div aria-hidden="true" className="relative h-3 rounded-sm bg-surface-2">
        <div className="absolute inset-y-0 left-1/2 w-px bg-muted" />
        <div
          className={cn(
            'absolute inset-y-0',
            direction === 'loss' ? 'right-1/2 rounded-l-sm' : 'left-1/2 rounded-r-sm',
            direction === 'loss' ? 'bg-loss' : 'bg-gain',
            faint && 'opacity-60',
          )}
          style={{ width: `${width}%` }}
        />
      </div>
    </div>
  );
}

/**
 * What a spot move of −10, −5, +5 and +10 % would do today to the open invoices, in home currency,
 * unhedged and with the forwards; all currencies together or one at a time.
 */
export function ScenarioChart({ exposure }: { exposure: Exposure }) {
  const [currency, setCurrency] = useState<string>(ALL);
  const home = exposure.homeCurrency;
  const chosen = exposure.currencies.find((c) => c.currency === currency);
  const scenarios: Scenario[] = chosen ? chosen.scenarios : exposure.totals.scenarios;
  const largest = Math.max(0, ...scenarios.flatMap((s) => [Math.abs(Number(s.unhedged)), Math.abs(Number(s.hedged))]));
  return (
    <div className="flex flex-col gap-4">
      {exposure.currencies.length > 1 && (
        <FormField name="scenario-currency" label={T.currency} className="max-w-xs">
          <NativeSelect
            value={chosen ? currency : ALL}
            onChange={setCurrency}
            options={[
              { value: ALL, label: `All (${home})` },
              ...exposure.currencies.map((c) => ({ value: c.currency, label: c.currency })),
            ]}
          />
        </FormField>
      )}
      <ul aria-label={T.scenariosHeading} className="flex flex-col gap-4">
        {scenarios.map((scenario) => (
          <li key={scenario.shock} className="flex flex-col gap-2">
            <span className="tabular text-sm font-semibold">
              {T.move} {formatShock(scenario.shock)}
            </span>
            <Bar label={T.unhedged} value={scenario.unhedged} largest={largest} home={home} />
            <Bar label={T.hedged} value={scenario.hedged} largest={largest} home={home} faint />
          </li>
        ))}
      </ul>
    </div>
  );
}
