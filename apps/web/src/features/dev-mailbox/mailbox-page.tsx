import { useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { PageLayout } from '@/ui/page-layout';
import { useMailbox, useMailboxMessage } from './api/get-mailbox';

/** The magic link in a sign-in e-mail, to open it from here (the preview frame is sandboxed). */
function signInLink(text: string): string | null {
  return /https?:\/\/\S+\/login\?token=[A-Za-z0-9_%-]+/.exec(text)?.[0] ?? null;
}

const time = new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'medium' });

/** /dev/mailbox: what the app would have e-mailed, for development without an SMTP server. */
export default function MailboxPage() {
  const mailbox = useMailbox();
  const [selected, setSelected] = useState<string | null>(null);
  const message = useMailboxMessage(selected);

  if (mailbox.error instanceof ApiError && mailbox.error.status === 404) {
    return (
      <PageLayout title="Dev mailbox">
        <p className="text-muted">The dev mailbox is disabled on this server (production without DEV_MAILBOX=true).</p>
      </PageLayout>
    );
  }
  return (
    <PageLayout title="Dev mailbox" subtitle="Every e-mail the app sends, as it left the outbox. Refreshes every 5 seconds.">
      {mailbox.isPending && <p className="text-muted">Loading messages…</p>}
      {mailbox.isError && (
        <p role="alert" className="text-loss">
          Error: {mailbox.error.message}
        </p>
      )}
      {mailbox.data && mailbox.data.messages.length === 0 && (
        <p className="text-muted">No e-mail yet. Request a sign-in link on the login page and it appears here.</p>
      )}
      {mailbox.data && mailbox.data.messages.length > 0 && (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <ul className="divide-y divide-border rounded-[var(--radius-card)] border border-border bg-surface">
            {mailbox.data.messages.map((m) => (
              <li key={m.id}>
                <button
                  type="button"
                  onClick={() => setSelected(m.id)}
                  aria-current={selected === m.id}
                  className="block min-h-11 w-full px-4 py-3 text-left hover:bg-surface-2 aria-[current=true]:bg-surface-2"
                >
                  <span className="block truncate font-medium">{m.subject}</span>
                  <span className="block truncate text-sm text-muted">
                    to {m.to} · {time.format(new Date(m.createdAt))} · {m.status.replace('_', ' ')}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          <section aria-label="Message" className="min-w-0 rounded-[var(--radius-card)] border border-border bg-surface p-4">
            {!selected && <p className="text-muted">Choose a message to read it.</p>}
            {message.data && (
              <>
                <h2 className="text-lg font-semibold">{message.data.subject}</h2>
                <p className="text-sm text-muted">
                  To {message.data.to}
                  {message.data.replyTo ? ` · Reply-To ${message.data.replyTo}` : ''}
                </p>
                {signInLink(message.data.text) && (
                  <a
                    href={signInLink(message.data.text)!}
                    className="mt-3 inline-flex min-h-11 items-center rounded-md bg-accent px-4 font-medium text-accent-fg"
                  >
                    Open the sign-in link
                  </a>
                )}
                <iframe
                  title={`E-mail: ${message.data.subject}`}
                  sandbox=""
                  srcDoc={message.data.html}
                  className="mt-4 h-[28rem] w-full rounded-md border border-border bg-white"
                />
                <details className="mt-4">
                  <summary className="min-h-11 cursor-pointer py-2">Plain text</summary>
                  <pre className="whitespace-pre-wrap break-words font-mono text-sm">{message.data.text}</pre>
                </details>
              </>
            )}
          </section>
        </div>
      )}
    </PageLayout>
  );
}
