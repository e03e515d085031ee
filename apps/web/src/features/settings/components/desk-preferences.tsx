import { ALERT_KINDS, CURRENCY_CODES, type CurrencyCode, type DeskAlerts } from '@tp/shared';
import { ALERT_TEXTS, currencyOption, DESK_TEXTS, policyInput, usePolicy, useUpdatePolicy } from '@/features/desk';
import { errorMessage } from '@/lib/api-client';
import { Alert } from '@/ui/alert';
import { Card } from '@/ui/card';
import { FormField } from '@/ui/form-field';
import { LoadError } from '@/ui/load-error';
import { NativeSelect } from '@/ui/native-select';
import { LoadingState } from '@/ui/query-state';
import { Switch } from '@/ui/switch';
import { useUserPreferences } from '../api/get-user-preferences';
import { useUpdateUserPreferences } from '../api/update-user-preferences';

const T = DESK_TEXTS.settings;

function HomeCurrency() {
  const preferences = useUserPreferences();
  const update = useUpdateUserPreferences();
  if (preferences.isError) return <LoadError error={preferences.error} onRetry={() => void preferences.refetch()} />;
  if (!preferences.data) return <LoadingState lines={1} label="Loading your home currency" />;
  return (
    <div className="flex flex-col gap-2">
      <FormField name="home-currency" label={T.homeCurrency} description={T.homeHint}>
        <NativeSelect
          value={
            update.isPending
              ? (update.variables.homeCurrency ?? preferences.data.homeCurrency)
              : preferences.data.homeCurrency
          }
          onChange={(value) => update.mutate({ homeCurrency: value as CurrencyCode })}
          options={CURRENCY_CODES.map(currencyOption)}
          className="max-w-xs"
        />
      </FormField>
      {/* a refusal (the desk holds invoices or forwards: 409) is said in the server's words */}
      {update.isError && <Alert variant="error">{errorMessage(update.error, T.failed)}</Alert>}
      {update.isSuccess && (
        <p role="status" className="text-sm text-muted">
          {T.saved}
        </p>
      )}
    </div>
  );
}

function AlertSwitches() {
  const policy = usePolicy();
  const update = useUpdatePolicy();
  if (policy.isError) return <LoadError error={policy.error} onRetry={() => void policy.refetch()} />;
  if (!policy.data) return <LoadingState lines={3} label="Loading your alerts" />;
  const current = policy.data;
  // PUT replaces the whole policy: the ratios and budget rates go back as they are
  const toggle = (kind: keyof DeskAlerts, on: boolean) =>
    update.mutate({ ...policyInput(current), alerts: { ...current.alerts, [kind]: on } });
  const shown = update.isPending ? { ...current.alerts, ...update.variables.alerts } : current.alerts;
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="text-sm font-medium">{T.alerts}</legend>
      {ALERT_KINDS.map((kind) => (
        <Switch
          key={kind}
          label={ALERT_TEXTS[kind].label}
          description={ALERT_TEXTS[kind].description}
          checked={shown[kind]}
          disabled={update.isPending}
          onCheckedChange={(on) => toggle(kind, on)}
        />
      ))}
      {update.isError && <Alert variant="error">{errorMessage(update.error, T.alertsFailed)}</Alert>}
    </fieldset>
  );
}

/** The exporter desk's settings: the home currency (a preference) and the policy's three e-mail alerts. */
export function DeskPreferences() {
  return (
    <Card as="section" elevation="flat" aria-labelledby="desk-preferences-heading" className="p-6">
      <h2 id="desk-preferences-heading" className="text-lg font-semibold">
        {T.heading}
      </h2>
      <p className="mt-1 text-sm text-muted">{T.description}</p>
      <div className="mt-4 flex flex-col gap-5">
        <HomeCurrency />
        <AlertSwitches />
      </div>
    </Card>
  );
}
