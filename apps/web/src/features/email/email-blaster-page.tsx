import { PageLayout } from '@/ui/page-layout';

export default function EmailBlasterPage() {
  return (
    <PageLayout title="E-mail blaster" width="app">
      <p className="text-muted">The e-mail blaster test page is being built.</p>
    </PageLayout>
  );
}
