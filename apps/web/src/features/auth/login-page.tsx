import { PageLayout } from '@/ui/page-layout';

export default function LoginPage() {
  return (
    <PageLayout title="Sign in to your account">
      <p className="text-muted">Magic-link sign-in is being connected.</p>
    </PageLayout>
  );
}
