import { PageLayout } from '@/ui/page-layout';

export default function CompleteProfilePage() {
  return (
    <PageLayout title="Complete Your Profile" width="app">
      <p className="text-muted">Profile completion is being connected.</p>
    </PageLayout>
  );
}
