import { PageLayout } from '@/ui/page-layout';

export default function StoryPage() {
  return (
    <PageLayout title="Story">
      <p className="text-muted">This story is being written.</p>
    </PageLayout>
  );
}
