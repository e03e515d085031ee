import { PageLayout } from '@/ui/page-layout';

export default function PrivacyPage() {
  return (
    <PageLayout title="Privacy Policy">
      <p className="text-muted">This page is being written.</p>
    </PageLayout>
  );
}
