import { useId, useRef, useState } from 'react';
import { SHARED_LINK_DAYS, type ContentFile } from '@tp/shared';
import { errorMessage } from '@/lib/api-client';
import { Button } from '@/ui/button';
import { Dialog, DialogClose } from '@/ui/dialog';
import { ShareError, shareResultMessage, useShareFiles, type ShareOutcome } from '../api/share-files';
import {
  defaultShareSubject,
  invalidRecipientRows,
  shareValidationError,
  validRecipients,
  withOneEmptyRow,
} from '../share-form';
import { RecipientRows } from './recipient-rows';
import { ShareAlerts } from './share-alerts';
import { EmailPreview } from './share-email-preview';
import { ShareLinkOptions } from './share-link-options';
import { ShareMessageFields } from './share-message-fields';
import { SharedFiles } from './shared-files-list';

interface ShareFilesDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  files: readonly ContentFile[];
  senderName: string;
  /** The e-mails went out to every recipient. */
  onShared(outcome: ShareOutcome, message: string): void;
}

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
      <ShareLinkOptions
        makePublic={makePublic}
        onMakePublicChange={setMakePublic}
        expiresInDays={expiresInDays}
        onExpiresInDaysChange={setExpiresInDays}
      />
      <RecipientRows recipients={recipients} onChange={setRecipients} errors={rowErrors} rowsRef={rowsRef} />
      <ShareMessageFields
        subject={subject}
        onSubjectChange={setSubject}
        message={message}
        onMessageChange={setMessage}
      />
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
