import { PageLayout } from '@/ui/page-layout';

export default function LandingPage() {
  return (
    <PageLayout title="Maximize Your Merchant Exports Profits" subtitle="Gateway to Global Trading">
      <p className="text-muted">Paper trading with live quotes, a content hub and e-mail campaigns for merchant exporters and traders.</p>
    </PageLayout>
  );
}
