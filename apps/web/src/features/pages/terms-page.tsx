import { PageLayout } from '@/ui/page-layout';

export default function TermsPage() {
  return (
    <PageLayout title="Terms of Service">
      <p className="text-muted">This page is being written.</p>
    </PageLayout>
  );
}
