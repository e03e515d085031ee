import { useSearchParams, Link } from 'react-router';
import { ConfirmTokenPage } from '@/ui/confirm-token-page';
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
      <ConfirmTokenPage
        state="invalid"
        title="Confirm your subscription"
        message="This link has no confirmation token. Please open the link from the confirmation e-mail again."
      />
    );
  }
  if (mutation.isSuccess) {
    return (
      <ConfirmTokenPage
        state="done"
        title="Subscription confirmed"
        message={mutation.data.message}
        detail={
          <>
            You will receive our guides for merchant exporters at {mutation.data.email}.{' '}
            <Link to={paths.stories} className="text-accent underline">
              Read the latest stories
            </Link>
            .
          </>
        }
      />
    );
  }
  return (
    <ConfirmTokenPage
      state="asking"
      title="Confirm your subscription"
      subtitle="One click and you will receive our guides for merchant exporters."
      action="Confirm subscription"
      pendingText="Confirming..."
      pending={mutation.isPending}
      error={mutation.isError ? confirmErrorMessage(mutation.error) : null}
      onConfirm={() => mutation.mutate(token)}
    />
  );
}
