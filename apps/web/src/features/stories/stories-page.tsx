import { PageLayout } from '@/ui/page-layout';

export default function StoriesPage() {
  return (
    <PageLayout title="Stories">
      <p className="text-muted">Stories are being written.</p>
    </PageLayout>
  );
}
