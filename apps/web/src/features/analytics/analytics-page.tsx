import { PageLayout } from '@/ui/page-layout';

export default function AnalyticsPage() {
  return (
    <PageLayout title="Analytics" width="app">
      <p className="text-muted">Analytics are being built.</p>
    </PageLayout>
  );
}
