import { LoadError } from '@/ui/load-error';
import { useState } from 'react';
import { MESSAGES, ORDER_TYPES, TRADING_LIMITS, type Instrument, type TradingPreferences } from '@tp/shared';
import { errorMessage } from '@/lib/api-client';
import { Alert } from '@/ui/alert';
import { Checkbox } from '@/ui/checkbox';
import { FormField } from '@/ui/form-field';
import { Switch } from '@/ui/switch';
import { useInstruments } from '../api/get-instruments';
import { useTradingPreferences } from '../api/get-trading-preferences';
import { useUpdateTradingPreferences } from '../api/update-trading-preferences';
import { ORDER_TYPE_LABELS } from '../format';
import { Select } from '@/ui/select';
import { Panel, type PanelFrame } from './panel';
import { LoadingState } from '@/ui/query-state';

/**
 * The trading preferences where they are shown (/trades and /settings), with their loading and error
 * states; `frame="section"` makes it one of the settings page's cards.
 */
export function TradingPreferencesSection({ frame }: { frame?: PanelFrame }) {
  const preferences = useTradingPreferences();
  const instruments = useInstruments();
  if (preferences.data) {
    return (
      <TradingPreferencesPanel preferences={preferences.data} instruments={instruments.data ?? []} frame={frame} />
    );
  }
  return (
    <Panel id="trading-preferences" title="Trading preferences" frame={frame}>
      {preferences.isError ? (
        <LoadError error={preferences.error} onRetry={() => void preferences.refetch()} />
      ) : (
        <LoadingState label="Loading preferences" lines={3} />
      )}
    </Panel>
  );
}

/** Trading preferences (docs/product/trading.md#trading-preferences): each change is saved at once. */
export function TradingPreferencesPanel({
  preferences,
  instruments,
  frame,
}: {
  preferences: TradingPreferences;
  instruments: readonly Instrument[];
  frame?: PanelFrame;
}) {
  const update = useUpdateTradingPreferences();
  const [error, setError] = useState<string | null>(null);
  const save = (patch: Partial<TradingPreferences>) => {
    setError(null);
    update.mutate(patch, { onError: (failure) => setError(errorMessage(failure, MESSAGES.preferencesFailed)) });
  };
  const favourites = new Set(preferences.favoriteInstruments);

  return (
    <Panel id="trading-preferences" title="Trading preferences" frame={frame}>
      <div className="flex flex-col gap-3">
        <Switch
          label="Confirm orders"
          description="Ask before an order is sent."
          checked={preferences.confirmOrders}
          onCheckedChange={(confirmOrders) => save({ confirmOrders })}
        />
        <FormField name="default-order-type" label="Default order type">
          <Select
            value={preferences.defaultOrderType}
            onValueChange={(value) => save({ defaultOrderType: value as TradingPreferences['defaultOrderType'] })}
            options={ORDER_TYPES.map((type) => ({ value: type, label: ORDER_TYPE_LABELS[type] }))}
          />
        </FormField>
        <fieldset>
          <legend className="mb-2 text-sm font-medium">Watch list</legend>
          <div className="grid grid-cols-[repeat(auto-fill,minmax(7.5rem,1fr))] gap-x-3 gap-y-1">
            {instruments.map((instrument) => (
              <Checkbox
                key={instrument.symbol}
                label={instrument.symbol}
                checked={favourites.has(instrument.symbol)}
                disabled={
                  !favourites.has(instrument.symbol) && favourites.size >= TRADING_LIMITS.maxFavoriteInstruments
                }
                onCheckedChange={(checked) => {
                  const next = instruments
                    .map((i) => i.symbol)
                    .filter((s) => (s === instrument.symbol ? checked === true : favourites.has(s)));
                  if (next.length > 0) save({ favoriteInstruments: next });
                }}
              />
            ))}
          </div>
        </fieldset>
        {error && (
          <Alert variant="error" title={MESSAGES.preferencesFailed}>
            {error !== MESSAGES.preferencesFailed && error}
          </Alert>
        )}
      </div>
    </Panel>
  );
}
