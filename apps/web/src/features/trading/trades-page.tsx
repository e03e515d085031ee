import { PageLayout } from '@/ui/page-layout';

export default function TradesPage() {
  return (
    <PageLayout title="Trading" width="app">
      <p className="text-muted">Paper trading is being built.</p>
    </PageLayout>
  );
}
