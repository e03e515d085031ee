import { PageLayout } from '@/ui/page-layout';

export default function AchievementsPage() {
  return (
    <PageLayout title="Achievements" width="app">
      <p className="text-muted">Achievements are being built.</p>
    </PageLayout>
  );
}
