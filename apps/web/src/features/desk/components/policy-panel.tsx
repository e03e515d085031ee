import { useState } from 'react';
import { BUCKET_KEYS, type BucketKey, type CurrencyCode, type Exposure, type Policy } from '@tp/shared';
import { errorMessage } from '@/lib/api-client';
import { fieldErrors } from '@/lib/form-errors';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { FormField } from '@/ui/form-field';
import { Input } from '@/ui/input';
import { QueryState } from '@/ui/query-state';
import { usePolicy } from '../api/get-policy';
import { policyInput, useUpdatePolicy } from '../api/update-policy';
import { formatRate } from '../format';
import { BUCKET_TEXTS, DESK_TEXTS } from '../texts';
import { HedgeToPolicy } from './hedge-to-policy';
import { DeskSection } from './section';
import { SubmitForm } from './submit-form';

const T = DESK_TEXTS.policy;
const RATE = /^\d{1,15}(\.\d{1,20})?$/;

/** "0.8" → "80"; "0.125" → "12.5". */
const percentOf = (fraction: string) => String(Number((Number(fraction) * 100).toFixed(2)));
/** "80" → "0.8", exactly enough for the contract's 4 decimals; null when it is no percentage from 0 to 100. */
function fractionOf(percent: string): string | null {
  const text = percent.trim().replace(/\s*%$/, '');
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(text) || Number(text) > 100) return null;
  return String(Number((Number(text) / 100).toFixed(4)));
}

/**
 * The form's percentages and rates as PUT takes them, and what is wrong with them, by the contract's
 * field names ("targetRatios.0-3", "budgetRates.EUR"); an empty budget rate means none.
 */
function readPolicyForm(
  targets: Record<BucketKey, string>,
  budgets: Partial<Record<CurrencyCode, string>>,
  currencies: readonly CurrencyCode[],
) {
  const problems: Record<string, string> = {};
  const ratios = {} as Record<BucketKey, string>;
  for (const bucket of BUCKET_KEYS) {
    const fraction = fractionOf(targets[bucket]);
    if (fraction === null) problems[`targetRatios.${bucket}`] = T.percentError;
    else ratios[bucket] = fraction;
  }
  const rates: Partial<Record<CurrencyCode, string>> = {};
  for (const code of currencies) {
    const value = (budgets[code] ?? '').trim();
    if (value === '') continue;
    if (!RATE.test(value)) problems[`budgetRates.${code}`] = T.rateError;
    else rates[code] = value;
  }
  return { problems, ratios, rates };
}

function PolicyForm({ policy, exposure }: { policy: Policy; exposure: Exposure }) {
  const update = useUpdatePolicy();
  const home = exposure.homeCurrency;
  const [targets, setTargets] = useState<Record<BucketKey, string>>(
    () =>
      Object.fromEntries(BUCKET_KEYS.map((b) => [b, percentOf(policy.targetRatios[b])])) as Record<BucketKey, string>,
  );
  const [budgets, setBudgets] = useState<Partial<Record<CurrencyCode, string>>>(() => ({ ...policy.budgetRates }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const currencies = [
    ...new Set([...exposure.currencies.map((c) => c.currency), ...(Object.keys(policy.budgetRates) as CurrencyCode[])]),
  ].filter((code) => code !== home);
  const spotOf = (code: CurrencyCode) => exposure.currencies.find((c) => c.currency === code)?.spot;

  const save = () => {
    const { problems, ratios, rates } = readPolicyForm(targets, budgets, currencies);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    update.mutate(
      { ...policyInput(policy), targetRatios: ratios, budgetRates: rates },
      {
        onError: (error) => {
          const names = [...BUCKET_KEYS.map((b) => `targetRatios.${b}`), ...currencies.map((c) => `budgetRates.${c}`)];
          setErrors(fieldErrors(error, names) as Record<string, string>);
        },
      },
    );
  };
  return (
    <SubmitForm onSubmit={save} errors={errors} className="flex flex-col gap-5">
      <fieldset>
        <legend className="mb-2 text-sm font-semibold">{T.targets}</legend>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {BUCKET_KEYS.map((bucket) => (
            <FormField
              key={bucket}
              name={`target-${bucket}`}
              label={BUCKET_TEXTS[bucket]}
              error={errors[`targetRatios.${bucket}`]}
            >
              <div className="flex items-center gap-2">
                <Input
                  aria-label={T.targetLabel(BUCKET_TEXTS[bucket])}
                  value={targets[bucket]}
                  inputMode="decimal"
                  onChange={(e) => setTargets({ ...targets, [bucket]: e.target.value })}
                  className="text-right"
                />
                <span aria-hidden="true" className="text-muted">
                  %
                </span>
              </div>
            </FormField>
          ))}
        </div>
      </fieldset>
      {currencies.length > 0 && (
        <fieldset>
          <legend className="mb-2 text-sm font-semibold">{T.budgets}</legend>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {currencies.map((code) => {
              const spot = spotOf(code);
              return (
                <FormField
                  key={code}
                  name={`budget-${code}`}
                  label={T.budgetLabel(code, home)}
                  error={errors[`budgetRates.${code}`]}
                  description={spot ? T.budgetHint(formatRate(spot)) : undefined}
                >
                  <Input
                    value={budgets[code] ?? ''}
                    inputMode="decimal"
                    onChange={(e) => setBudgets({ ...budgets, [code]: e.target.value })}
                  />
                </FormField>
              );
            })}
          </div>
        </fieldset>
      )}
      {update.isError && Object.keys(errors).length === 0 && (
        <Alert variant="error">{errorMessage(update.error, T.failed)}</Alert>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="outline" loading={update.isPending} loadingText={T.saving}>
          {T.save}
        </Button>
        {update.isSuccess && (
          <span role="status" className="text-sm text-muted">
            {T.saved}
          </span>
        )}
      </div>
    </SubmitForm>
  );
}

/** The hedging policy (targets per period, budget rates) and "Hedge to policy", which proposes the forwards to book. */
export function PolicyPanel({ exposure }: { exposure: Exposure }) {
  const policy = usePolicy();
  return (
    <DeskSection id="desk-policy" title={T.heading} description={T.description}>
      <div className="flex flex-col gap-6">
        <HedgeToPolicy exposure={exposure} />
        <QueryState query={policy} label="your policy" lines={3}>
          {(data) => <PolicyForm policy={data} exposure={exposure} />}
        </QueryState>
      </div>
    </DeskSection>
  );
}
