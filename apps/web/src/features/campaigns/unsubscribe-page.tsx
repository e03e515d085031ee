import { Link, useParams } from 'react-router';
import { CAMPAIGN_MESSAGES } from '@tp/shared';
import { errorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { ConfirmTokenPage } from '@/ui/confirm-token-page';
import { useUnsubscribeInfo } from './api/get-unsubscribe-info';
import { useUnsubscribe } from './api/unsubscribe';

const failureText = (error: unknown) =>
  errorMessage(error, CAMPAIGN_MESSAGES.badUnsubscribeLink, {
    unreachable: 'The request could not be sent. Please check your connection and try again.',
  });

/**
 * The footer link of every campaign message (/unsubscribe/{token}). Opening it changes nothing;
 * the reader confirms with a button (a POST), since mail scanners open links on their own.
 */
export default function UnsubscribePage() {
  const { token = '' } = useParams();
  const info = useUnsubscribeInfo(token);
  const confirm = useUnsubscribe();

  if (info.isPending) return <ConfirmTokenPage state="checking" title="Unsubscribe" label="Checking your link" />;
  if (info.isError) {
    return (
      <ConfirmTokenPage
        state="invalid"
        title="Unsubscribe"
        message={failureText(info.error)}
        help={
          <>
            Open the link from the e-mail again, or reply to the sender and ask to be removed.{' '}
            <Link to={paths.home} className="text-accent underline">
              Trading Portal home
            </Link>
          </>
        }
      />
    );
  }
  const { email, senderName, campaignName, unsubscribed } = info.data;
  if (confirm.isSuccess || unsubscribed) {
    return (
      <ConfirmTokenPage
        state="done"
        title="Unsubscribed"
        message={confirm.data?.message ?? CAMPAIGN_MESSAGES.unsubscribed}
        detail={`${email} will no longer receive campaigns from ${senderName}.`}
      />
    );
  }
  return (
    <ConfirmTokenPage
      state="asking"
      title="Unsubscribe"
      subtitle={`From ${senderName}’s e-mail campaigns`}
      question={
        <>
          Stop e-mails from <strong>{senderName}</strong> to <strong>{email}</strong>? You received “{campaignName}”
          because you are on their contact list.
        </>
      }
      action="Unsubscribe"
      pendingText="Unsubscribing..."
      pending={confirm.isPending}
      error={confirm.isError ? failureText(confirm.error) : null}
      onConfirm={() => confirm.mutate(token)}
    />
  );
}
