import { useEffect, useId, useState } from 'react';
import { CAMPAIGN_MESSAGES, type CampaignDetail } from '@tp/shared';
import { errorMessage } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { formatDateTime } from '@/lib/format-date';
import { fieldErrors } from '@/lib/form-errors';
import { useNotifications } from '@/lib/notifications';
import { useIdempotencyKey, useInFlight } from '@/lib/submit-once';
import { useTimeZone } from '@/lib/time-zone';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { useContactLists } from '../api/get-contact-lists';
import { useCreateCampaign } from '../api/create-campaign';
import { useRecipientCount } from '../api/get-recipient-count';
import { composeProblem, mergeProblems, toDraft, type ComposeForm } from '../compose-draft';
import { isEmptyDraft } from '../draft-storage';
import { useComposeDraft } from '../use-compose-draft';
import {
  AttachmentsField,
  ComposeSummary,
  ContentFields,
  DeliveryFieldset,
  ListsFieldset,
  type SetField,
} from './compose-fields';
import { ComposePreview } from './compose-preview';

/** "Send to 272 recipients now?": the server's count of the chosen lists, when it is known. */
export function sendNowQuestion(recipients: number | undefined): string {
  if (recipients === undefined) return 'Send this campaign now?';
  return `Send to ${formatCount(recipients)} recipient${recipients === 1 ? '' : 's'} now?`;
}

/**
 * Sends or schedules the composed campaign: once however often it is clicked, and a resend after
 * a lost answer is the same campaign to the server (one Idempotency-Key per composed draft).
 */
function useSendCampaign(onSent: (campaign: CampaignDetail) => void, discard: () => void, onSettled: () => void) {
  const timeZone = useTimeZone();
  const create = useCreateCampaign();
  const inFlight = useInFlight();
  const idempotencyKey = useIdempotencyKey();
  const notify = useNotifications();
  const send = (form: ComposeForm) => {
    if (composeProblem(form) || !inFlight.start()) return;
    const composed = toDraft(form);
    create.mutate(
      { draft: composed, idempotencyKey: idempotencyKey.for(composed) },
      {
        onSettled: (_data, error) => {
          inFlight.end();
          idempotencyKey.settle(error);
          onSettled();
        },
        onSuccess: (campaign) => {
          if (campaign.status === 'scheduled') {
            notify.success(
              'Campaign scheduled',
              `${campaign.name} goes out ${formatDateTime(campaign.scheduledFor, timeZone)}`,
            );
          } else notify.success(CAMPAIGN_MESSAGES.campaignSent);
          discard();
          onSent(campaign);
        },
      },
    );
  };
  return { create, send };
}

/**
 * Compose (docs/product/campaigns.md#compose): name, subject, template, message, lists, files,
 * delivery, summary, send or schedule.
 */
export function ComposeTab({ onSent }: { onSent: (campaign: CampaignDetail) => void }) {
  const { draft, setForm, setFiles, discard } = useComposeDraft();
  const { form, files } = draft;
  const [confirming, setConfirming] = useState<'discard' | 'send' | null>(null);
  const lists = useContactLists();
  const recipients = useRecipientCount(form.selectedLists);
  const { create, send } = useSendCampaign(onSent, discard, () => setConfirming(null));
  const hintId = useId();
  const set: SetField = (key, value) => setForm((f) => ({ ...f, [key]: value }));

  // a kept draft may name a list deleted since: it is dropped once the lists are known
  useEffect(() => {
    if (!lists.data) return;
    const known = new Set(lists.data.map((l) => l.id));
    if (form.selectedLists.some((id) => !known.has(id))) {
      setForm((f) => ({ ...f, selectedLists: f.selectedLists.filter((id) => known.has(id)) }));
    }
  }, [lists.data, form.selectedLists, setForm]);

  const problem = composeProblem(form);
  // typed: the shared grammar at once; sent: what the server named, should it know better
  const errors = { ...fieldErrors(create.error, ['subject', 'message'] as const), ...mergeProblems(form) };

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (problem) return;
        // an immediate send is asked first, naming how many people it reaches
        if (form.isImmediate) setConfirming('send');
        else send(form);
      }}
    >
      <ContentFields form={form} set={set} errors={errors} />
      <ListsFieldset form={form} set={set} />
      <AttachmentsField files={files} set={set} setFiles={setFiles} />
      <DeliveryFieldset form={form} set={set} />
      <ComposeSummary form={form} files={files} />

      {create.isError && <Alert variant="error">{errorMessage(create.error, CAMPAIGN_MESSAGES.campaignFailed)}</Alert>}

      <div className="flex flex-col items-stretch gap-2 sm:flex-row sm:items-center sm:justify-end">
        {problem && (
          <p id={hintId} className="text-sm text-muted sm:mr-auto">
            {problem}
          </p>
        )}
        {!isEmptyDraft(draft) && (
          <ConfirmDialog
            open={confirming === 'discard'}
            onOpenChange={(open) => setConfirming(open ? 'discard' : null)}
            title="Discard this draft?"
            description="The name, subject, message, template, lists, files and schedule you entered are cleared. This cannot be undone."
            trigger={<Button variant="ghost">Discard draft</Button>}
            cancelLabel="Keep draft"
            confirmLabel="Discard draft"
            onConfirm={() => {
              discard();
              create.reset();
              setConfirming(null);
            }}
          />
        )}
        <ComposePreview form={form} />
        <Button
          type="submit"
          disabled={problem !== null}
          aria-describedby={problem ? hintId : undefined}
          loading={create.isPending}
          loadingText={form.isImmediate ? 'Sending...' : 'Scheduling...'}
        >
          {form.isImmediate ? 'Send Campaign' : 'Schedule Campaign'}
        </Button>
      </div>
      <SendConfirmation
        form={form}
        open={confirming === 'send'}
        recipients={recipients.isPlaceholderData ? undefined : recipients.data?.recipients}
        pending={create.isPending}
        onOpenChange={(open) => setConfirming(open ? 'send' : null)}
        onConfirm={() => send(form)}
      />
    </form>
  );
}

/** "Send to N recipients now?", before a campaign goes out at once. */
function SendConfirmation({
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
