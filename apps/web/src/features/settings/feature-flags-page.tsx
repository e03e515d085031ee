import { PageLayout } from '@/ui/page-layout';

/** /email-blaster: the spec's name for a test page that only toggles feature flags (spec 01 §2). */
export default function FeatureFlagsPage() {
  return (
    <PageLayout title="E-mail blaster" width="app">
      <p className="text-muted">The e-mail blaster test page is being built.</p>
    </PageLayout>
  );
}
