import { PageLayout } from '@/ui/page-layout';

export default function ReactDemoPage() {
  return (
    <PageLayout title="React demo">
      <p className="text-muted">The React demo is being assembled.</p>
    </PageLayout>
  );
}
