import type { ComposeForm } from '../compose-draft';
import { formatCount } from '@/lib/format';
import { ConfirmDialog } from '@/ui/confirm-dialog';

/** "Send to 272 recipients now?": the server's count of the chosen lists, when it is known. */
export function sendNowQuestion(recipients: number | undefined): string {
  if (recipients === undefined) return 'Send this campaign now?';
  return `Send to ${formatCount(recipients)} recipient${recipients === 1 ? '' : 's'} now?`;
}

/** "Send to N recipients now?", before a campaign goes out at once. */
export function SendConfirmation({
  form,
  open,
  recipients,
  pending,
  onOpenChange,
  onConfirm,
}: {
  form: ComposeForm;
  open: boolean;
  recipients: number | undefined;
  pending: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      tone="primary"
      title={sendNowQuestion(recipients)}
      description={`“${form.name.trim()}” goes out at once to the contacts of the chosen lists who can receive e-mail, each once. You can pause it while it sends.`}
      cancelLabel="Not yet"
      confirmLabel="Send now"
      pending={pending}
      pendingLabel="Sending..."
      onConfirm={onConfirm}
    />
  );
}
