import { LoadError } from '@/ui/load-error';
import { useState } from 'react';
import type { DevMailboxList } from '@tp/shared';
import { ApiError } from '@/lib/api-client';
import { Alert } from '@/ui/alert';
import { Badge } from '@/ui/badge';
import { PageLayout } from '@/ui/page-layout';
import { LoadingState } from '@/ui/query-state';
import { useMailbox } from './api/get-mailbox';
import { useMailboxMessage } from './api/get-mailbox-message';
import { Card } from '@/ui/card';
import { formatTimestamp } from '@/lib/format-date';

type Status = DevMailboxList['messages'][number]['status'];
const STATUS_LABEL: Record<Status, string> = {
  pending: 'Pending',
  sent: 'Sent over SMTP',
  dev_mailbox: 'Kept here (no SMTP)',
  failed: 'Failed',
};

/** The magic link in a sign-in e-mail, to open it from here (links in the sandboxed preview do not navigate). */
function signInLink(text: string): string | null {
  return /https?:\/\/\S+\/login\?(?:token|session)=[A-Za-z0-9_%-]+/.exec(text)?.[0] ?? null;
}

function MessageView({ id }: { id: string }) {
  const message = useMailboxMessage(id);
  if (message.isPending) return <LoadingState label="Loading the message…" lines={4} />;
  if (message.isError) return <LoadError error={message.error} onRetry={() => void message.refetch()} />;
  const m = message.data;
  const link = signInLink(m.text);
  return (
    <>
      <h2 className="text-lg font-semibold break-words">{m.subject}</h2>
      <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 text-sm text-muted">
        <dt>To</dt>
        <dd className="break-all">{m.to}</dd>
        {m.replyTo && (
          <>
            <dt>Reply-To</dt>
            <dd className="break-all">{m.replyTo}</dd>
          </>
        )}
        <dt>Status</dt>
        <dd>
          {STATUS_LABEL[m.status]} · {m.attempts} attempt{m.attempts === 1 ? '' : 's'}
          {m.lastError ? ` · ${m.lastError}` : ''}
        </dd>
      </dl>
      {link && (
        <a
          href={link}
          className="mt-3 inline-flex min-h-11 items-center rounded-md bg-accent px-4 font-medium text-accent-fg"
        >
          Open the sign-in link
        </a>
      )}
      {/* no scripts, no same-origin access, no navigation: the e-mail is only looked at */}
      <iframe
        title={`E-mail: ${m.subject}`}
        sandbox=""
        srcDoc={m.html}
        className="mt-4 h-[28rem] w-full rounded-md border border-border bg-white"
      />
      <details className="mt-4">
        <summary className="min-h-11 cursor-pointer py-2">Plain text</summary>
        <pre className="font-mono text-sm break-words whitespace-pre-wrap">{m.text}</pre>
      </details>
    </>
  );
}

/** /dev/mailbox: what the app e-mailed, for development without an SMTP server. */
export default function MailboxPage() {
  const mailbox = useMailbox();
  const [selected, setSelected] = useState<string | null>(null);

  if (mailbox.error instanceof ApiError && mailbox.error.status === 404) {
    return (
      <PageLayout title="Dev mailbox">
        <Alert variant="info" title="The dev mailbox is disabled on this server">
          It is available in development, or in production when the server runs with DEV_MAILBOX=true.
        </Alert>
      </PageLayout>
    );
  }
  return (
    <PageLayout
      title="Dev mailbox"
      subtitle="Every e-mail the app sends, as it left the outbox. Refreshes every 5 seconds."
    >
      {mailbox.isPending && <LoadingState label="Loading messages…" />}
      {mailbox.isError && <LoadError error={mailbox.error} onRetry={() => void mailbox.refetch()} />}
      {mailbox.data && mailbox.data.messages.length === 0 && (
        <p className="text-muted">No e-mail yet. Request a sign-in link on the login page and it appears here.</p>
      )}
      {mailbox.data && mailbox.data.messages.length > 0 && (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <Card as="ul" elevation="flat" aria-label="Messages" className="divide-y divide-border self-start">
            {mailbox.data.messages.map((m) => (
              <li key={m.id}>
                <button
                  type="button"
                  onClick={() => setSelected(m.id)}
                  aria-current={selected === m.id}
                  className="block min-h-11 w-full px-4 py-3 text-left hover:bg-surface-2 aria-[current=true]:bg-surface-2"
                >
                  <span className="block truncate font-medium">{m.subject}</span>
                  <span className="block truncate text-sm text-muted">to {m.to}</span>
                  <span className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted">
                    <time dateTime={m.createdAt}>{formatTimestamp(m.createdAt)}</time>
                    <Badge variant={m.status === 'failed' ? 'danger' : m.status === 'pending' ? 'warning' : 'default'}>
                      {STATUS_LABEL[m.status]}
                    </Badge>
                  </span>
                </button>
              </li>
            ))}
          </Card>
          <Card as="section" elevation="flat" aria-label="Message" className="min-w-0 p-4">
            {selected ? <MessageView id={selected} /> : <p className="text-muted">Choose a message to read it.</p>}
          </Card>
        </div>
      )}
    </PageLayout>
  );
}
