import { useMemo } from 'react';
import { Alert } from '@/ui/alert';
import { Combobox } from '@/ui/combobox';
import { FormField } from '@/ui/form-field';
import { LoadError } from '@/ui/load-error';
import { LoadingState } from '@/ui/query-state';
import { useUserPreferences } from '../api/get-user-preferences';
import { currentTimeZoneName, timeZoneOptions } from '../time-zone-options';
import { useUpdateUserPreferences } from '../api/update-user-preferences';
import { Card } from '@/ui/card';
import { errorMessage } from '@/lib/api-client';
import { MESSAGES } from '@tp/shared';

const SOURCE_NAMES = {
  default: 'not chosen yet (UTC)',
  browser: 'taken from your browser',
  user: 'chosen by you',
} as const;

/**
 * Dashboard preferences kept on the server, language and time zone (docs/product/settings.md#time-zone; the theme
 * has its own section). The time zone decides when the user's day — streak, progress, goals — turns.
 */
export function DashboardPreferences() {
  const preferences = useUserPreferences();
  const update = useUpdateUserPreferences();
  const zone = currentTimeZoneName(preferences.data?.display.timezone ?? 'UTC');
  const options = useMemo(() => timeZoneOptions(zone), [zone]);

  return (
    <Card as="section" elevation="flat" aria-labelledby="dashboard-preferences-heading" className="p-6">
      <h2 id="dashboard-preferences-heading" className="text-lg font-semibold">
        Dashboard preferences
      </h2>
      {preferences.data ? (
        <div className="mt-4 flex flex-col gap-4 text-sm">
          <FormField
            name="timezone"
            label="Time zone"
            description={`Your day (streak, progress and goals) turns at midnight here; ${SOURCE_NAMES[preferences.data.display.timezoneSource]}. Search by zone name, old or new, or by UTC offset.`}
          >
            <Combobox
              value={zone}
              options={options}
              placeholder="Search time zones"
              onValueChange={(timezone) => update.mutate({ display: { timezone } })}
            />
          </FormField>
          <p className="text-muted">Language: English.</p>
          {update.isError && (
            <Alert variant="error">Error: {errorMessage(update.error, MESSAGES.preferencesFailed)}</Alert>
          )}
          {update.isSuccess && <p className="text-muted">Time zone saved.</p>}
        </div>
      ) : preferences.isError ? (
        <LoadError className="mt-3" error={preferences.error} onRetry={() => void preferences.refetch()} />
      ) : (
        <LoadingState lines={3} label="Loading your preferences" className="mt-3" />
      )}
    </Card>
  );
}
