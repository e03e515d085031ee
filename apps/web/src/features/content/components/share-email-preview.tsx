import type { ContentFile } from '@tp/shared';
import { formatFileSize } from '@/lib/format';
import { formatDateTime } from '@/lib/format-date';
import { useTimeZone } from '@/lib/time-zone';

const DAY_MS = 86_400_000;

/** The e-mail as the recipients will get it, if sent now. */
export function EmailPreview({
  headingId,
  files,
  senderName,
  subject,
  message,
  expiresInDays,
  recipients,
}: {
  headingId: string;
  files: readonly ContentFile[];
  senderName: string;
  subject: string;
  message: string;
  expiresInDays: number;
  recipients: readonly string[];
}) {
  const timeZone = useTimeZone();
  // the links' end if sent now; the server fixes it when the e-mail goes
  const until = formatDateTime(new Date(Date.now() + expiresInDays * DAY_MS), timeZone);
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-1 rounded-md border border-border bg-surface-2 p-3 text-sm"
    >
      <h3 id={headingId} className="font-semibold">
        Email preview
      </h3>
      <p className="break-words">
        <span className="text-muted">To: </span>
        {recipients.length > 0 ? recipients.join(', ') : '—'}
      </p>
      <p className="break-words">
        <span className="text-muted">Subject: </span>
        {subject}
      </p>
      <p className="break-words">
        {senderName ? `${senderName} shared files with you.` : 'Files were shared with you.'}
      </p>
      {message.trim() && <p className="whitespace-pre-wrap break-words">{message}</p>}
      <ul className="list-inside list-disc">
        {files.map((file) => (
          <li key={file.id} className="break-words">
            {file.name} ({formatFileSize(file.size)})
          </li>
        ))}
      </ul>
      <p className="tabular text-muted">
        {files.length === 1 ? 'This link works' : 'These links work'} until {until}.
      </p>
    </section>
  );
}
