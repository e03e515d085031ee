import { PageLayout } from '@/ui/page-layout';

export default function ContactPage() {
  return (
    <PageLayout title="Contact">
      <p className="text-muted">This page is being written.</p>
    </PageLayout>
  );
}
