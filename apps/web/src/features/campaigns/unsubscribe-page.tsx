import { CheckCircle2, XCircle } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { CAMPAIGN_MESSAGES } from '@tp/shared';
import { ApiError } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { Button } from '@/ui/button';
import { PageLayout } from '@/ui/page-layout';
import { SkeletonText } from '@/ui/skeleton';
import { useUnsubscribe, useUnsubscribeInfo } from './api/unsubscribe';

const failureText = (error: unknown) =>
  error instanceof ApiError && error.status > 0
    ? error.message || CAMPAIGN_MESSAGES.badUnsubscribeLink
    : 'The request could not be sent. Please check your connection and try again.';

function Done({ message, detail }: { message: string; detail: string }) {
  return (
    <PageLayout title="Unsubscribed">
      <p role="status" className="flex items-center gap-3 text-lg">
        <CheckCircle2 aria-hidden="true" className="size-6 shrink-0 text-gain" />
        {message}
      </p>
      <p className="mt-3 text-muted">{detail}</p>
    </PageLayout>
  );
}

/**
 * The footer link of every campaign message (/unsubscribe/{token}). Opening it changes nothing;
 * the reader confirms with a button (a POST), since mail scanners open links on their own.
 */
export default function UnsubscribePage() {
  const { token = '' } = useParams();
  const info = useUnsubscribeInfo(token);
  const confirm = useUnsubscribe();

  if (info.isPending) {
    return (
      <PageLayout title="Unsubscribe">
        <SkeletonText lines={3} label="Checking your link" />
      </PageLayout>
    );
  }
  if (info.isError) {
    return (
      <PageLayout title="Unsubscribe">
        <p role="alert" className="flex items-center gap-3 text-loss">
          <XCircle aria-hidden="true" className="size-6 shrink-0" />
          {failureText(info.error)}
        </p>
        <p className="mt-3 text-muted">
          Open the link from the e-mail again, or reply to the sender and ask to be removed.{' '}
          <Link to={paths.home} className="text-accent underline">
            Trading Portal home
          </Link>
        </p>
      </PageLayout>
    );
  }
  const { email, senderName, campaignName, unsubscribed } = info.data;
  if (confirm.isSuccess || unsubscribed) {
    return (
      <Done
        message={confirm.data?.message ?? CAMPAIGN_MESSAGES.unsubscribed}
        detail={`${email} will no longer receive campaigns from ${senderName}.`}
      />
    );
  }
  return (
    <PageLayout title="Unsubscribe" subtitle={`From ${senderName}’s e-mail campaigns`}>
      <p>
        Stop e-mails from <strong>{senderName}</strong> to <strong>{email}</strong>? You received “{campaignName}”
        because you are on their contact list.
      </p>
      {confirm.isError && (
        <p role="alert" className="mt-4 text-loss">
          {failureText(confirm.error)}
        </p>
      )}
      <Button
        className="mt-6"
        size="lg"
        loading={confirm.isPending}
        loadingText="Unsubscribing..."
        onClick={() => confirm.mutate(token)}
      >
        Unsubscribe
      </Button>
    </PageLayout>
  );
}
