import { PageLayout } from '@/ui/page-layout';

export default function UiDemoPage() {
  return (
    <PageLayout title="UI demo" subtitle="The design-system components">
      <p className="text-muted">The component gallery is being assembled.</p>
    </PageLayout>
  );
}
