import { PageLayout } from '@/ui/page-layout';

export default function MailboxPage() {
  return (
    <PageLayout title="Dev mailbox">
      <p className="text-muted">The development mailbox is being connected.</p>
    </PageLayout>
  );
}
