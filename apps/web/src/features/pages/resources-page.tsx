import { PageLayout } from '@/ui/page-layout';

export default function ResourcesPage() {
  return (
    <PageLayout title="Resources">
      <p className="text-muted">This page is being written.</p>
    </PageLayout>
  );
}
