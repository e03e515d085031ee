import { useSearchParams, Link } from 'react-router';
import { CheckCircle2 } from 'lucide-react';
import { PageLayout } from '@/ui/page-layout';
import { confirmErrorMessage, useConfirmSubscription } from './api/confirm-subscription';
import { paths } from '@/lib/paths';

/**
 * Target of the confirmation e-mail's link. Opening the link changes nothing (a mail scanner may
 * fetch it); the subscription is confirmed only by the POST this page sends when the reader clicks.
 */
export default function NewsletterConfirmPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const mutation = useConfirmSubscription();

  if (!token) {
    return (
      <PageLayout title="Confirm your subscription">
        <p role="alert" className="text-loss">
          This link has no confirmation token. Please open the link from the confirmation e-mail again.
        </p>
      </PageLayout>
    );
  }

  if (mutation.isSuccess) {
    return (
      <PageLayout title="Subscription confirmed">
        <p role="status" className="flex items-center gap-3">
          <CheckCircle2 aria-hidden="true" className="size-6 text-gain" />
          {mutation.data.message}
        </p>
        <p className="mt-4 text-muted">
          You will receive our guides for merchant exporters at {mutation.data.email}.{' '}
          <Link to={paths.stories} className="text-accent underline">
            Read the latest stories
          </Link>
          .
        </p>
      </PageLayout>
    );
  }

  return (
    <PageLayout
      title="Confirm your subscription"
      subtitle="One click and you will receive our guides for merchant exporters."
    >
      {mutation.isError && (
        <p role="alert" className="mb-4 text-loss">
          {confirmErrorMessage(mutation.error)}
        </p>
      )}
      <button
        type="button"
        onClick={() => mutation.mutate(token)}
        disabled={mutation.isPending}
        className="inline-flex min-h-11 items-center rounded-md bg-accent px-5 font-semibold text-accent-fg disabled:opacity-60"
      >
        {mutation.isPending ? 'Confirming...' : 'Confirm subscription'}
      </button>
    </PageLayout>
  );
}
