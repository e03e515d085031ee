import type { ReactNode } from 'react';
import { CheckCircle2, XCircle } from 'lucide-react';
import { Button } from './button';
import { PageLayout } from './page-layout';
import { LoadingState } from './query-state';

/** The states of a page that confirms an e-mail's token, each with its own main heading. */
export type ConfirmTokenPageProps =
  /** The link is being checked. */
  | { state: 'checking'; title: string; label: string }
  /** The link cannot be used: why, and what the reader can do instead. */
  | { state: 'invalid'; title: string; message: string; help?: ReactNode }
  /** The question; the button confirms. */
  | {
      state: 'asking';
      title: string;
      subtitle?: string;
      question?: ReactNode;
      action: string;
      pendingText: string;
      pending: boolean;
      /** Why the last confirmation failed; the button stays to try again. */
      error: string | null;
      onConfirm(): void;
    }
  /** Confirmed (now or before). */
  | { state: 'done'; title: string; message: string; detail: ReactNode };

/** The end of the page: the link could not be used (an alert) or it did its work (a status). */
function Outcome({
  title,
  failed = false,
  message,
  detail,
}: {
  title: string;
  failed?: boolean;
  message: string;
  detail?: ReactNode;
}) {
  const Icon = failed ? XCircle : CheckCircle2;
  return (
    <PageLayout title={title}>
      <p role={failed ? 'alert' : 'status'} className={`flex items-center gap-3 ${failed ? 'text-loss' : 'text-lg'}`}>
        <Icon aria-hidden="true" className={`size-6 shrink-0 ${failed ? '' : 'text-gain'}`} />
        {message}
      </p>
      {detail && <p className="mt-3 text-muted">{detail}</p>}
    </PageLayout>
  );
}

/**
 * The page an e-mail's link opens to confirm something with its token (a newsletter subscription,
 * an unsubscribe). Opening it changes nothing, since mail scanners open links on their own: the
 * reader confirms with the button, which sends the request.
 */
export function ConfirmTokenPage(props: ConfirmTokenPageProps) {
  switch (props.state) {
    case 'checking':
      return (
        <PageLayout title={props.title}>
          <LoadingState lines={3} label={props.label} />
        </PageLayout>
      );
    case 'invalid':
      return <Outcome title={props.title} failed message={props.message} detail={props.help} />;
    case 'asking':
      return (
        <PageLayout title={props.title} subtitle={props.subtitle}>
          {props.question && <p>{props.question}</p>}
          {props.error && (
            <p role="alert" className="mt-4 text-loss">
              {props.error}
            </p>
          )}
          <Button
            className={props.question || props.error ? 'mt-6' : undefined}
            size="lg"
            loading={props.pending}
            loadingText={props.pendingText}
            onClick={props.onConfirm}
          >
            {props.action}
          </Button>
        </PageLayout>
      );
    case 'done':
      return <Outcome title={props.title} message={props.message} detail={props.detail} />;
  }
}
