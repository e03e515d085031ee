import { Globe, Lock, Plus, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import {
  SHARE_MESSAGE_MAX,
  SHARE_SUBJECT_MAX,
  SHARED_LINK_DAY_CHOICES,
  SHARED_LINK_DAYS,
  type ContentFile,
} from '@tp/shared';
import { formatFileSize } from '@/lib/format';
import { formatDateTime } from '@/lib/format-date';
import { useTimeZone } from '@/lib/time-zone';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Checkbox } from '@/ui/checkbox';
import { Dialog, DialogClose } from '@/ui/dialog';
import { FileName } from '@/ui/file-name';
import { Input, Textarea } from '@/ui/input';
import { NativeSelect } from '@/ui/native-select';
import { ShareError, shareResultMessage, useShareFiles, type ShareOutcome } from '../api/share-files';
import { errorMessage } from '@/lib/api-client';
import {
  defaultShareSubject,
  invalidRecipientRows,
  shareValidationError,
  validRecipients,
  withOneEmptyRow,
} from '../share-form';

interface ShareFilesDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  files: readonly ContentFile[];
  senderName: string;
  /** The e-mails went out to every recipient. */
  onShared(outcome: ShareOutcome, message: string): void;
}

const DAY_OPTIONS = SHARED_LINK_DAY_CHOICES.map((days) => ({
  value: String(days),
  label: days === 1 ? '1 day' : `${days} days`,
}));
const DAY_MS = 86_400_000;

/**
 * Share Files via Email (docs/product/content-hub.md#share-files-via-email). Mounted while open, so
 * each opening starts afresh.
 */
export function ShareFilesDialog({ open, onOpenChange, ...rest }: ShareFilesDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} size="lg" title="Share Files via Email">
      {open && <ShareForm {...rest} onCancelled={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function ShareForm({
  files,
  senderName,
  onShared,
  onCancelled,
}: Omit<ShareFilesDialogProps, 'open' | 'onOpenChange'> & { onCancelled(): void }) {
  const id = useId();
  const share = useShareFiles();
  const [makePublic, setMakePublic] = useState(true);
  const [expiresInDays, setExpiresInDays] = useState<number>(SHARED_LINK_DAYS.default);
  const [recipients, setRecipients] = useState<string[]>(['']);
  const [subject, setSubject] = useState(() => defaultShareSubject(files.map((file) => file.name)));
  const [message, setMessage] = useState('');
  const [error, setError] = useState<{ title: string; reason?: string } | null>(null);
  // some e-mails went out, some did not: the dialog stays with the recipients they did not reach
  const [partial, setPartial] = useState<{ title: string; failures: ShareOutcome['failures'] } | null>(null);
  // after a send was refused for them, the rows that hold no e-mail address say so while they are corrected
  const [checkRows, setCheckRows] = useState(false);
  const rowsRef = useRef<HTMLFieldSetElement>(null);
  const valid = validRecipients(recipients);
  const rowErrors = checkRows ? invalidRecipientRows(recipients) : new Map<number, string>();

  function send() {
    const badRows = invalidRecipientRows(recipients);
    if (badRows.size > 0) {
      setCheckRows(true);
      rowsRef.current?.querySelectorAll('input')[[...badRows.keys()][0]!]?.focus();
      return;
    }
    const invalid = shareValidationError({ fileCount: files.length, recipients, subject, expiresInDays });
    if (invalid) return setError({ title: invalid });
    setError(null);
    setPartial(null);
    share.mutate(
      { files, recipients: valid, subject: subject.trim(), message, makePublic, expiresInDays, senderName },
      {
        onSuccess: (outcome) => {
          if (outcome.failed === 0) return onShared(outcome, shareResultMessage(outcome));
          setRecipients(withOneEmptyRow(outcome.failures.map((failure) => failure.to)));
          setPartial({ title: shareResultMessage(outcome), failures: outcome.failures });
        },
        onError: (failure) =>
          setError(
            failure instanceof ShareError
              ? { title: failure.message, reason: failure.reason }
              : { title: errorMessage(failure, 'Failed to share files') },
          ),
      },
    );
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
      className="flex flex-col gap-4"
    >
      <SharedFiles files={files} headingId={`${id}-files`} />
      <div className="flex flex-col gap-1">
        <Checkbox
          checked={makePublic}
          onCheckedChange={setMakePublic}
          label="Make files publicly accessible (recommended for email sharing)"
        />
        <p className="text-xs text-muted">
          The e-mail’s links work for the time you choose either way. Public also lets anyone who has a file’s own link
          open it; it is never listed or searchable by other users.
        </p>
      </div>
      <label className="flex flex-col gap-1 text-sm font-semibold sm:max-w-60">
        Links work for
        <NativeSelect
          className="font-normal"
          value={String(expiresInDays)}
          options={DAY_OPTIONS}
          onChange={(value) => setExpiresInDays(Number(value))}
        />
      </label>
      <RecipientRows recipients={recipients} onChange={setRecipients} errors={rowErrors} rowsRef={rowsRef} />
      <label className="flex flex-col gap-1 text-sm font-semibold">
        Subject
        <Input
          className="font-normal"
          value={subject}
          maxLength={SHARE_SUBJECT_MAX}
          onChange={(e) => setSubject(e.target.value)}
        />
      </label>
      <label className="flex flex-col gap-1 text-sm font-semibold">
        Message (optional)
        <Textarea
          className="font-normal"
          rows={3}
          value={message}
          maxLength={SHARE_MESSAGE_MAX}
          onChange={(e) => setMessage(e.target.value)}
        />
      </label>
      <EmailPreview
        headingId={`${id}-preview`}
        {...{ files, senderName, subject, message, expiresInDays, recipients: valid }}
      />
      <ShareAlerts error={error} partial={partial} />
      <div className="flex flex-wrap justify-end gap-2">
        <DialogClose asChild>
          <Button variant="outline" onClick={onCancelled}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={share.isPending || !recipients.some((row) => row.trim() !== '')}>
          {share.isPending ? 'Sending...' : `Send to ${valid.length} recipient(s)`}
        </Button>
      </div>
    </form>
  );
}

function SharedFiles({ files, headingId }: { files: readonly ContentFile[]; headingId: string }) {
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="text-sm font-semibold">
        Files ({files.length})
      </h3>
      <ul className="flex max-h-40 flex-col divide-y divide-border overflow-y-auto rounded-md border border-border">
        {files.map((file) => (
          <li key={file.id} className="flex items-center gap-2 px-3 py-2 text-sm">
            <FileName name={file.name} className="min-w-0 flex-1" />
            <span className="tabular text-muted">{formatFileSize(file.size)}</span>
            <span className="flex items-center gap-1 text-xs text-muted">
              {file.isPublic ? (
                <>
                  <Globe aria-hidden="true" className="size-3" /> Public
                </>
              ) : (
                <>
                  <Lock aria-hidden="true" className="size-3" /> Private
                </>
              )}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The recipient rows: always one empty row to type into
 * (docs/product/content-hub.md#share-files-via-email), each filled row removable.
 */
function RecipientRows({
  recipients,
  onChange,
  errors,
  rowsRef,
}: {
  recipients: string[];
  onChange(rows: string[]): void;
  /** what is wrong with a row, by its index, said at the row */
  errors: ReadonlyMap<number, string>;
  rowsRef: React.RefObject<HTMLFieldSetElement | null>;
}) {
  const id = useId();
  const setRow = (index: number, value: string) =>
    onChange(withOneEmptyRow(recipients.map((row, i) => (i === index ? value : row))));
  const removeRow = (index: number) => onChange(withOneEmptyRow(recipients.filter((_, i) => i !== index)));
  return (
    <fieldset ref={rowsRef} className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-semibold">Recipients</legend>
      {recipients.map((row, index) => {
        const rowError = errors.get(index);
        const errorId = `${id}-recipient-${index}-error`;
        return (
          <div key={index} className="flex flex-col gap-1">
            <div className="flex items-center gap-2">
              <Input
                type="email"
                inputMode="email"
                autoComplete="email"
                aria-label={`Recipient ${index + 1}`}
                aria-invalid={rowError ? true : undefined}
                aria-describedby={rowError ? errorId : undefined}
                placeholder="buyer@example.com"
                value={row}
                onChange={(e) => setRow(index, e.target.value)}
              />
              {row.trim() !== '' && (
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove recipient ${index + 1}`}
                  onClick={() => removeRow(index)}
                >
                  <X aria-hidden="true" className="size-4" />
                </Button>
              )}
            </div>
            {rowError && (
              <p id={errorId} className="break-words text-sm font-medium text-loss">
                {rowError}
              </p>
            )}
          </div>
        );
      })}
      <Button
        variant="ghost"
        size="sm"
        className="self-start"
        // there is always an empty row: adding one means typing into it
        onClick={() =>
          [...(rowsRef.current?.querySelectorAll('input') ?? [])].find((input) => input.value.trim() === '')?.focus()
        }
      >
        <Plus aria-hidden="true" className="size-4" /> Add recipient
      </Button>
    </fieldset>
  );
}

function EmailPreview({
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

function ShareAlerts({
  error,
  partial,
}: {
  error: { title: string; reason?: string } | null;
  partial: { title: string; failures: ShareOutcome['failures'] } | null;
}) {
  return (
    <>
      {error && (
        <Alert variant="error" title={error.title}>
          {error.reason}
        </Alert>
      )}
      {partial && (
        <Alert variant="warning" title={partial.title}>
          <p>Not sent to these (left above to correct or send again):</p>
          <ul className="list-inside list-disc">
            {partial.failures.map((failure) => (
              <li key={failure.to} className="break-words">
                {failure.to}
                {failure.reason && `: ${failure.reason}`}
              </li>
            ))}
          </ul>
        </Alert>
      )}
    </>
  );
}
