import { PageLayout } from '@/ui/page-layout';

export default function ContentAccessPage() {
  return (
    <PageLayout title="Content Access" width="app">
      <p className="text-muted">The content hub is being built.</p>
    </PageLayout>
  );
}
