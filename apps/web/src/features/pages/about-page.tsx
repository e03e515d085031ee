import { PageLayout } from '@/ui/page-layout';

export default function AboutPage() {
  return (
    <PageLayout title="About">
      <p className="text-muted">This page is being written.</p>
    </PageLayout>
  );
}
