import { EmailCampaignButton } from '@/features/campaigns';
import { PageLayout } from '@/ui/page-layout';

export default function ContentAccessPage() {
  return (
    <PageLayout title="Content Access" width="app">
      <div className="mb-4 flex flex-wrap gap-2">
        <EmailCampaignButton />
      </div>
      <p className="text-muted">The content hub is being built.</p>
    </PageLayout>
  );
}
