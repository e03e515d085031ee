import { PageLayout } from '@/ui/page-layout';

export default function SettingsPage() {
  return (
    <PageLayout title="Settings" width="app">
      <p className="text-muted">Settings are being built.</p>
    </PageLayout>
  );
}
