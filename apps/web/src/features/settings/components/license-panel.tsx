import { useState, type FormEvent } from 'react';
import { LICENSE_KEY_MIN_LENGTH, LICENSE_MESSAGES } from '@tp/shared';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { LoadError } from '@/ui/load-error';
import { Input } from '@/ui/input';
import { LoadingState } from '@/ui/query-state';
import { useActivateLicense } from '../api/activate-license';
import { useLicense } from '../api/get-license';
import { useRemoveLicense } from '../api/remove-license';
import { Card } from '@/ui/card';
import { benefitsOf, TIER_NAMES } from '../license-benefits';
import { BenefitList, PlanList } from './license-benefits-list';

/**
 * The license key field and the license in force (docs/product/settings.md#license): the server
 * verifies the signed key;
 * the browser only refuses what is plainly malformed.
 */
export function LicensePanel({ withKeyField = true }: { withKeyField?: boolean }) {
  const license = useLicense();
  const activate = useActivateLicense();
  const remove = useRemoveLicense();
  const [key, setKey] = useState('');
  const [formatError, setFormatError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = key.trim();
    if (trimmed.length < LICENSE_KEY_MIN_LENGTH) {
      setFormatError(LICENSE_MESSAGES.invalidFormat);
      return;
    }
    setFormatError(null);
    activate.mutate(trimmed, { onSuccess: () => setKey('') });
  };

  return (
    <Card as="section" elevation="flat" aria-labelledby="license-heading" className="p-6">
      <h2 id="license-heading" className="text-lg font-semibold">
        License
      </h2>
      {license.data ? (
        <div className="mt-3 flex flex-col gap-3 text-sm">
          <p>
            <span className="font-medium">{TIER_NAMES[license.data.license.type]}</span>
            {license.data.license.expiry && <> · expires {license.data.license.expiry.slice(0, 10)}</>}
            {license.data.license.metadata.licensee && <> · {license.data.license.metadata.licensee}</>}
            {license.data.license.metadata.licenseKey && (
              <span className="tabular text-muted"> · key {license.data.license.metadata.licenseKey}</span>
            )}
          </p>
          {license.data.warning && <Alert variant="warning">{license.data.warning}</Alert>}
          {license.data.error && <Alert variant="error">{license.data.error}</Alert>}
          <BenefitList
            label="What your license gives you"
            benefits={benefitsOf(license.data.license.features, license.data.license.restrictions.maxUsers)}
          />
          {license.data.license.type === 'none' && <PlanList />}
        </div>
      ) : license.isError ? (
        <LoadError className="mt-3" error={license.error} onRetry={() => void license.refetch()} />
      ) : (
        <LoadingState lines={3} label="Loading the license" className="mt-3" />
      )}
      {withKeyField && (
        <form onSubmit={submit} className="mt-4 flex flex-col gap-2" noValidate>
          <label htmlFor="license-key" className="text-sm font-medium">
            License key
          </label>
          <div className="flex flex-wrap gap-2">
            <Input
              id="license-key"
              value={key}
              onChange={(event) => setKey(event.target.value)}
              autoComplete="off"
              spellCheck={false}
              className="min-w-0 flex-1"
              aria-invalid={Boolean(formatError || activate.isError)}
              aria-describedby={formatError || activate.isError ? 'license-key-error' : undefined}
            />
            <Button type="submit" loading={activate.isPending} loadingText="Activating...">
              Activate
            </Button>
            {license.data && license.data.license.type !== 'none' && (
              <Button type="button" variant="outline" onClick={() => remove.mutate()} loading={remove.isPending}>
                Remove key
              </Button>
            )}
          </div>
          {(formatError || activate.isError) && (
            <p id="license-key-error" role="alert" className="text-sm text-loss">
              {formatError ?? activate.error?.message}
            </p>
          )}
          {activate.isSuccess && !formatError && <p className="text-sm text-gain">License activated.</p>}
        </form>
      )}
    </Card>
  );
}
