import { useState } from 'react';
import { Paperclip } from 'lucide-react';
import { CAMPAIGN_LIMITS, type CampaignTemplateId, type ContactList } from '@tp/shared';
import { formatCount } from '@/lib/format';
import { formatDateTime } from '@/lib/format-date';
import { useTimeZone } from '@/lib/time-zone';
import { Button } from '@/ui/button';
import { Checkbox } from '@/ui/checkbox';
import { FormField } from '@/ui/form-field';
import { Input, Textarea } from '@/ui/input';
import { LoadError } from '@/ui/load-error';
import { LoadingState } from '@/ui/query-state';
import { Select } from '@/ui/select';
import { useContactLists } from '../api/get-contact-lists';
import { useRecipientCount } from '../api/get-recipient-count';
import { useTemplates } from '../api/get-templates';
import type { ComposeForm } from '../compose-draft';
import type { DraftFile } from '../draft-storage';
import { FilePicker } from './file-picker';
import { ListLabel } from './list-label';

/** Changes one field of the composer's form. */
export type SetField = <K extends keyof ComposeForm>(key: K, value: ComposeForm[K]) => void;

const PERSONALISE_HINT =
  'Personalise with {{name}} and {{email}}; {{name|there}} stands in for a contact without a name.';

/** Name, subject, template and message; a personalisation problem shows at its field. */
export function ContentFields({
  form,
  set,
  errors,
}: {
  form: ComposeForm;
  set: SetField;
  errors: { subject?: string; message?: string };
}) {
  const templates = useTemplates();
  const template = templates.data?.find((t) => t.id === form.template);
  return (
    <>
      <div className="grid gap-4 md:grid-cols-2">
        <FormField name="name" label="Campaign Name" isRequired>
          <Input
            value={form.name}
            maxLength={CAMPAIGN_LIMITS.nameMax}
            onChange={(e) => set('name', e.target.value)}
            placeholder="Spring price list"
          />
        </FormField>
        <FormField name="subject" label="Subject" isRequired error={errors.subject}>
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
          <Select
            className="md:w-64"
            value={form.template}
            onValueChange={(value) => set('template', value as CampaignTemplateId)}
            options={(templates.data ?? [{ id: 'campaign', name: 'Custom Message' }]).map((t) => ({
              value: t.id,
              label: t.name,
            }))}
          />
        )}
      </FormField>
      {templates.isError && (
        <p className="text-sm text-muted">Failed to fetch email templates: Custom Message is used.</p>
      )}

      <FormField name="message" label="Message" description={PERSONALISE_HINT} error={errors.message}>
        <Textarea
          rows={6}
          value={form.message}
          maxLength={CAMPAIGN_LIMITS.messageMax}
          onChange={(e) => set('message', e.target.value)}
          placeholder="Dear {{name|partner}}, … Links are tracked; recipients can always unsubscribe."
        />
      </FormField>
    </>
  );
}

/** The contact lists to send to, with their counts. */
export function ListsFieldset({ form, set }: { form: ComposeForm; set: SetField }) {
  const lists = useContactLists();
  return (
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
  );
}

/** The user's own files, sent as links; picked in the file picker. */
export function AttachmentsField({
  files,
  set,
  setFiles,
}: {
  files: DraftFile[];
  set: SetField;
  setFiles: (files: DraftFile[]) => void;
}) {
  const [pickerOpen, setPickerOpen] = useState(false);
  const attach = (picked: DraftFile[]) => {
    setFiles(picked);
    set(
      'attachedFiles',
      picked.map((f) => f.id),
    );
  };
  return (
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
                onClick={() => attach(files.filter((f) => f.id !== file.id))}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <FilePicker open={pickerOpen} onOpenChange={setPickerOpen} selected={files} onDone={attach} />
    </div>
  );
}

/** Send immediately, or at a date and time (the user's). */
export function DeliveryFieldset({ form, set }: { form: ComposeForm; set: SetField }) {
  return (
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
  );
}

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

/** Recipients, attachments and delivery, as they stand. */
export function ComposeSummary({ form, files }: { form: ComposeForm; files: DraftFile[] }) {
  const timeZone = useTimeZone();
  const lists = useContactLists();
  const chosenLists = (lists.data ?? []).filter((l) => form.selectedLists.includes(l.id));
  return (
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
  );
}
