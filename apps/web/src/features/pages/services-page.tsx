import { PageLayout } from '@/ui/page-layout';

export default function ServicesPage() {
  return (
    <PageLayout title="Services">
      <p className="text-muted">This page is being written.</p>
    </PageLayout>
  );
}
