import { useEffect, useId, useState } from 'react';
import { CAMPAIGN_MESSAGES, type CampaignDetail } from '@tp/shared';
import { errorMessage } from '@/lib/api-client';
import { fieldErrors } from '@/lib/form-errors';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { useContactLists } from '../api/get-contact-lists';
import { useRecipientCount } from '../api/get-recipient-count';
import { composeProblem, mergeProblems } from '../compose-draft';
import { isEmptyDraft } from '../draft-storage';
import { useComposeDraft } from '../use-compose-draft';
import { useSendCampaign } from '../use-send-campaign';
import {
  AttachmentsField,
  ComposeSummary,
  ContentFields,
  DeliveryFieldset,
  ListsFieldset,
  type SetField,
} from './compose-fields';
import { ComposePreview } from './compose-preview';
import { SendConfirmation } from './send-confirmation';

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
