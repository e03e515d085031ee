import { useEffect, useId, useState } from 'react';
import { Paperclip } from 'lucide-react';
import {
  CAMPAIGN_LIMITS,
  CAMPAIGN_MESSAGES,
  type CampaignDetail,
  type CampaignTemplateId,
  type ContactList,
} from '@tp/shared';
import { errorMessage } from '@/lib/api-client';
import { useNotifications } from '@/lib/notifications';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Checkbox } from '@/ui/checkbox';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { FormField } from '@/ui/form-field';
import { Input, Textarea } from '@/ui/input';
import { Select } from '@/ui/select';
import { LoadingState } from '@/ui/query-state';
import { useContactLists } from '../api/get-contact-lists';
import { useCreateCampaign } from '../api/create-campaign';
import { useRecipientCount } from '../api/get-recipient-count';
import { useTemplates } from '../api/get-templates';
import { composeProblem, toDraft, type ComposeForm } from '../compose-draft';
import { isEmptyDraft } from '../draft-storage';
import { useComposeDraft } from '../use-compose-draft';
import { formatCount } from '@/lib/format';
import { formatDateTime } from '@/lib/format-date';
import { FilePicker } from './file-picker';
import { ListLabel } from './list-label';
import { TemplatePreview } from './template-preview';
import { LoadError } from '@/ui/load-error';
import { useTimeZone } from '@/lib/time-zone';
import { useIdempotencyKey, useInFlight } from '@/lib/submit-once';

const inLists = (n: number) => `in ${n} list${n === 1 ? '' : 's'}`;

/**
 * The summary's recipients, counted by the server: each address once however many of the chosen
 * lists hold it, unsubscribed and bounced addresses left out. While another choice is counted the
 * last count stays, marked busy; should counting fail, the lists' sum is shown as what it is.
 */
function RecipientsSummary({ lists }: { lists: ContactList[] }) {
  const count = useRecipientCount(lists.map((l) => l.id));
  if (lists.length === 0) return <>No list selected</>;
  if (count.isError) {
    const upTo = lists.reduce((sum, l) => sum + l.count, 0);
    return <>{`up to ${formatCount(upTo)} ${inLists(lists.length)} (the exact count failed to load)`}</>;
  }
  if (count.isPending) return <LoadingState lines={1} label="Counting recipients" className="w-40" />;
  // the answer's own number of lists: a count kept while another choice loads says what it counted
  const { recipients, lists: counted } = count.data;
  return (
    <span aria-busy={count.isPlaceholderData} className={count.isPlaceholderData ? 'opacity-60' : undefined}>
      {`${formatCount(recipients)} recipient${recipients === 1 ? '' : 's'} ${inLists(counted)}`}
    </span>
  );
}

/** Compose (spec 02 §2): name, subject, template, message, lists, files, delivery, summary, send or schedule. */
export function ComposeTab({ onSent }: { onSent: (campaign: CampaignDetail) => void }) {
  const { draft, setForm, setFiles, discard } = useComposeDraft();
  const timeZone = useTimeZone();
  const { form, files } = draft;
  const [pickerOpen, setPickerOpen] = useState(false);
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  const lists = useContactLists();
  const templates = useTemplates();
  const create = useCreateCampaign();
  // a double click sends once, and a resend after a lost answer is the same campaign to the server
  const inFlight = useInFlight();
  const idempotencyKey = useIdempotencyKey();
  const notify = useNotifications();
  const hintId = useId();
  const set = <K extends keyof ComposeForm>(key: K, value: ComposeForm[K]) => setForm((f) => ({ ...f, [key]: value }));

  // a kept draft may name a list deleted since: it is dropped once the lists are known
  useEffect(() => {
    if (!lists.data) return;
    const known = new Set(lists.data.map((l) => l.id));
    if (form.selectedLists.some((id) => !known.has(id))) {
      setForm((f) => ({ ...f, selectedLists: f.selectedLists.filter((id) => known.has(id)) }));
    }
  }, [lists.data, form.selectedLists, setForm]);

  const problem = composeProblem(form);
  const chosenLists = (lists.data ?? []).filter((l) => form.selectedLists.includes(l.id));
  const template = templates.data?.find((t) => t.id === form.template);

  const submit = () => {
    if (problem || !inFlight.start()) return;
    const composed = toDraft(form);
    create.mutate(
      { draft: composed, idempotencyKey: idempotencyKey.for(composed) },
      {
        onSettled: (_data, error) => {
          inFlight.end();
          idempotencyKey.settle(error);
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

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="grid gap-4 md:grid-cols-2">
        <FormField name="name" label="Campaign Name" isRequired>
          <Input
            value={form.name}
            maxLength={CAMPAIGN_LIMITS.nameMax}
            onChange={(e) => set('name', e.target.value)}
            placeholder="Spring price list"
          />
        </FormField>
        <FormField name="subject" label="Subject" isRequired>
          <Input
            value={form.subject}
            maxLength={CAMPAIGN_LIMITS.subjectMax}
            onChange={(e) => set('subject', e.target.value)}
            placeholder="Our spring prices"
          />
        </FormField>
      </div>

      <FormField name="template" label="Template" description={template?.description}>
        {templates.isPending ? (
          <LoadingState lines={1} label="Loading templates" />
        ) : (
          <div className="flex flex-wrap items-center gap-2">
            <Select
              className="md:w-64"
              value={form.template}
              onValueChange={(value) => set('template', value as CampaignTemplateId)}
              options={(templates.data ?? [{ id: 'campaign', name: 'Custom Message' }]).map((t) => ({
                value: t.id,
                label: t.name,
              }))}
            />
            {template?.preview && <TemplatePreview name={template.name} preview={template.preview} />}
          </div>
        )}
      </FormField>
      {templates.isError && (
        <p className="text-sm text-muted">Failed to fetch email templates: Custom Message is used.</p>
      )}

      <FormField name="message" label="Message">
        <Textarea
          rows={6}
          value={form.message}
          maxLength={CAMPAIGN_LIMITS.messageMax}
          onChange={(e) => set('message', e.target.value)}
          placeholder="Write your message. Links are tracked; recipients can always unsubscribe."
        />
      </FormField>

      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-medium">
          Contact Lists{' '}
          <span aria-hidden="true" className="text-loss">
            *
          </span>
        </legend>
        {lists.isPending && <LoadingState lines={2} label="Loading contact lists" />}
        {lists.isError && <LoadError error={lists.error} onRetry={() => void lists.refetch()} />}
        {lists.data?.length === 0 && (
          <p className="text-sm text-muted">No contact lists yet. Create one and add contacts in the Contacts tab.</p>
        )}
        <div className="grid gap-x-4 sm:grid-cols-2">
          {lists.data?.map((list) => (
            <Checkbox
              key={list.id}
              checked={form.selectedLists.includes(list.id)}
              onCheckedChange={(checked) =>
                set(
                  'selectedLists',
                  checked ? [...form.selectedLists, list.id] : form.selectedLists.filter((id) => id !== list.id),
                )
              }
              label={<ListLabel list={list} />}
            />
          ))}
        </div>
      </fieldset>

      <div className="flex flex-col gap-2">
        <span className="text-sm font-medium">Attachments</span>
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="outline" onClick={() => setPickerOpen(true)}>
            <Paperclip aria-hidden="true" className="size-4" />
            Attach Files
          </Button>
          <span className="text-sm text-muted">Sent as links to your own files.</span>
        </div>
        {files.length > 0 && (
          <ul className="flex flex-col gap-1 text-sm" aria-label="Attached files">
            {files.map((file) => (
              <li key={file.id} className="flex items-center justify-between gap-2">
                <span className="truncate">{file.name}</span>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove ${file.name}`}
                  onClick={() => {
                    setFiles(files.filter((f) => f.id !== file.id));
                    set(
                      'attachedFiles',
                      form.attachedFiles.filter((id) => id !== file.id),
                    );
                  }}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
        <FilePicker
          open={pickerOpen}
          onOpenChange={setPickerOpen}
          selected={files}
          onDone={(picked) => {
            setFiles(picked);
            set(
              'attachedFiles',
              picked.map((f) => f.id),
            );
          }}
        />
      </div>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">Delivery</legend>
        <label className="flex min-h-11 items-center gap-3 text-sm">
          <input
            type="radio"
            name="delivery"
            className="size-4 accent-[var(--color-accent)]"
            checked={form.isImmediate}
            onChange={() => set('isImmediate', true)}
          />
          Send immediately
        </label>
        <label className="flex min-h-11 items-center gap-3 text-sm">
          <input
            type="radio"
            name="delivery"
            className="size-4 accent-[var(--color-accent)]"
            checked={!form.isImmediate}
            onChange={() => set('isImmediate', false)}
          />
          Schedule for later
        </label>
        {!form.isImmediate && (
          <FormField name="scheduledFor" label="Send at (your time)" className="md:w-72">
            <Input
              type="datetime-local"
              value={form.scheduledFor}
              onChange={(e) => set('scheduledFor', e.target.value)}
            />
          </FormField>
        )}
      </fieldset>

      <section aria-label="Summary" className="rounded-md border border-border bg-surface-2 p-3 text-sm">
        <h3 className="mb-1 font-semibold">Summary</h3>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="text-muted">Recipients</dt>
          <dd className="tabular">
            <RecipientsSummary lists={chosenLists} />
          </dd>
          <dt className="text-muted">Attachments</dt>
          <dd className="tabular">
            {files.length === 0 ? 'None' : `${files.length} file${files.length === 1 ? '' : 's'}`}
          </dd>
          <dt className="text-muted">Delivery</dt>
          <dd>
            {form.isImmediate
              ? 'Immediately'
              : form.scheduledFor
                ? formatDateTime(new Date(form.scheduledFor), timeZone)
                : 'Pick a date and time'}
          </dd>
        </dl>
      </section>

      {create.isError && <Alert variant="error">{errorMessage(create.error, CAMPAIGN_MESSAGES.campaignFailed)}</Alert>}

      <div className="flex flex-col items-stretch gap-2 sm:flex-row sm:items-center sm:justify-end">
        {problem && (
          <p id={hintId} className="text-sm text-muted sm:mr-auto">
            {problem}
          </p>
        )}
        {!isEmptyDraft(draft) && (
          <ConfirmDialog
            open={confirmingDiscard}
            onOpenChange={setConfirmingDiscard}
            title="Discard this draft?"
            description="The name, subject, message, template, lists, files and schedule you entered are cleared. This cannot be undone."
            trigger={<Button variant="ghost">Discard draft</Button>}
            cancelLabel="Keep draft"
            confirmLabel="Discard draft"
            onConfirm={() => {
              discard();
              create.reset();
              setConfirmingDiscard(false);
            }}
          />
        )}
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
    </form>
  );
}
