import { PageLayout } from '@/ui/page-layout';

export default function CareersPage() {
  return (
    <PageLayout title="Careers">
      <p className="text-muted">This page is being written.</p>
    </PageLayout>
  );
}
