import { PageLayout } from '@/ui/page-layout';

export default function DashboardPage() {
  return (
    <PageLayout title="Dashboard" width="app">
      <p className="text-muted">The dashboard is being built.</p>
    </PageLayout>
  );
}
