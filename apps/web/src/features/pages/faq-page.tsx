import { PageLayout } from '@/ui/page-layout';

export default function FaqPage() {
  return (
    <PageLayout title="Frequently Asked Questions">
      <p className="text-muted">This page is being written.</p>
    </PageLayout>
  );
}
