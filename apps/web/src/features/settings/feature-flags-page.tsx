import { Link } from 'react-router';
import { FEATURE_FLAGS, LICENSE_ERROR_CODES, type FeatureFlag } from '@tp/shared';
import { ApiError } from '@/lib/api-client';
import { resetFlagOverrides, setFlagOverride, useFeatureFlags } from '@/lib/feature-flags';
import { paths } from '@/lib/paths';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { PageLayout } from '@/ui/page-layout';
import { LoadingState } from '@/ui/query-state';
import { Switch } from '@/ui/switch';
import { TryOutNotice } from '@/ui/try-out-notice';
import { useFeatureCheck } from './api/check-feature';
import { LicensePanel } from './components/license-panel';
import { Card } from '@/ui/card';

const FLAG_LABELS: Record<FeatureFlag, string> = {
  enhancedComponents: 'Enhanced components',
  emailComposer: 'E-mail composer',
  dashboard: 'Dashboard',
  state: 'State',
  services: 'Enhanced services (the enhanced trading dashboard)',
  typedApi: 'Typed API',
  realTimeData: 'Real-time data',
  optimisticUpdates: 'Optimistic updates',
  devTools: 'Dev tools',
  performanceMonitoring: 'Performance monitoring',
};

/** What turning a flag on changes; the others are kept for features still to come, and say so. */
const FLAG_EFFECTS: Partial<Record<FeatureFlag, string>> = {
  services: "Shows the dashboard's enhanced trading section",
};
const NO_EFFECT_YET = 'No screen uses it yet';

/** Whether the license covers the advanced dashboard (403 FEATURE_NOT_LICENSED says why not). */
function AdvancedDashboardGate() {
  const check = useFeatureCheck('advanced-dashboard');
  return (
    <Card as="section" elevation="flat" aria-labelledby="advanced-dashboard-heading" className="p-6">
      <h2 id="advanced-dashboard-heading" className="text-lg font-semibold">
        Advanced dashboard
      </h2>
      <div className="mt-3 text-sm">
        {check.isSuccess ? (
          <Alert variant="success">Your license includes the advanced dashboard.</Alert>
        ) : check.isError ? (
          <Alert
            variant={
              check.error instanceof ApiError && check.error.code === LICENSE_ERROR_CODES.featureNotLicensed
                ? 'warning'
                : 'error'
            }
          >
            {check.error.message}{' '}
            <Link to={paths.settings} className="font-medium underline">
              Enter a license key in Settings
            </Link>
          </Alert>
        ) : (
          <LoadingState lines={1} label="Checking the license" />
        )}
      </div>
    </Card>
  );
}

/**
 * /email-blaster: the test page that only toggles feature flags (docs/product/ui-layer.md#feature-flags-page)
 * — for this browser, on top of the server's defaults — and shows what the license allows
 * (docs/product/settings.md#license). It
 * says so first: it is for trying features still being built, and changes none of the user's data.
 */
export default function FeatureFlagsPage() {
  const { defaults, overrides, flags } = useFeatureFlags();
  const changed = Object.keys(overrides).length;
  return (
    <PageLayout
      title="Feature test page"
      subtitle="Switch features that are still being built on or off, in this browser only."
      width="app"
    >
      <div className="flex max-w-3xl flex-col gap-6">
        <TryOutNotice>
          The switches change what this browser shows and nothing else: your files, trades, campaigns and account stay
          as they are, and no e-mail is sent from here. Reset to defaults puts every switch back.
        </TryOutNotice>
        <Card as="section" elevation="flat" aria-labelledby="flags-heading" className="p-6">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="flags-heading" className="text-lg font-semibold">
              Feature flags
            </h2>
            <Button variant="outline" onClick={resetFlagOverrides} disabled={changed === 0}>
              Reset to defaults
            </Button>
          </div>
          <p className="mt-1 text-sm text-muted">
            {changed === 0 ? 'Every flag follows the server.' : `${changed} changed in this browser.`}
          </p>
          {defaults === null ? (
            <LoadingState lines={5} label="Loading the server's defaults" className="mt-4" />
          ) : (
            <ul className="mt-3 divide-y divide-border">
              {FEATURE_FLAGS.map((flag) => (
                <li key={flag}>
                  <Switch
                    label={FLAG_LABELS[flag]}
                    description={`${FLAG_EFFECTS[flag] ?? NO_EFFECT_YET} · Server default: ${defaults[flag] ? 'on' : 'off'}${flag in overrides ? ' · changed here' : ''}`}
                    checked={flags[flag]}
                    onCheckedChange={(on) => setFlagOverride(flag, on, defaults[flag])}
                  />
                </li>
              ))}
            </ul>
          )}
        </Card>
        <AdvancedDashboardGate />
        <LicensePanel withKeyField={false} />
      </div>
    </PageLayout>
  );
}
