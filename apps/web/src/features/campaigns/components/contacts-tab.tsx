import { useEffect, useRef, useState } from 'react';
import { ListChecks, ListMinus, Trash2, Upload } from 'lucide-react';
import {
  CAMPAIGN_LIMITS,
  CAMPAIGN_MESSAGES,
  EMAIL_MAX_LENGTH,
  type Contact,
  type ContactList,
  type ImportResult,
} from '@tp/shared';
import { ApiError, errorMessage } from '@/lib/api-client';
import { fieldErrors } from '@/lib/form-errors';
import { useInFlight } from '@/lib/submit-once';
import { Button } from '@/ui/button';
import { Dialog, DialogClose } from '@/ui/dialog';
import { Checkbox } from '@/ui/checkbox';
import { FormField } from '@/ui/form-field';
import { Input, Textarea } from '@/ui/input';
import { Progress } from '@/ui/progress';
import { LoadingState } from '@/ui/query-state';
import { useAddListMembers } from '../api/add-list-members';
import { useCreateContact } from '../api/create-contact';
import { useDeleteContact } from '../api/delete-contact';
import { useContactLists } from '../api/get-contact-lists';
import { useContacts } from '../api/get-contacts';
import { useImportContacts, type ImportProgress } from '../api/import-contacts';
import { useRemoveListMember } from '../api/remove-list-member';
import { formatCount } from '@/lib/format';
import { LoadError } from '@/ui/load-error';
import { ContactListsSection } from './contact-lists-section';

/** The lists new and imported contacts join. */
function ListChoice({
  lists,
  chosen,
  onChange,
}: {
  lists: ContactList[];
  chosen: string[];
  onChange: (ids: string[]) => void;
}) {
  if (lists.length === 0) return null;
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium">Add to lists</legend>
      <div className="grid gap-x-4 sm:grid-cols-2">
        {lists.map((list) => (
          <Checkbox
            key={list.id}
            checked={chosen.includes(list.id)}
            onCheckedChange={(on) => onChange(on ? [...chosen, list.id] : chosen.filter((id) => id !== list.id))}
            label={list.name}
          />
        ))}
      </div>
    </fieldset>
  );
}

function AddContactForm({ lists }: { lists: string[] }) {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const create = useCreateContact();
  return (
    <form
      noValidate
      aria-label="Add a contact"
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        setAdded(null);
        if (!email.trim()) {
          setError(CAMPAIGN_MESSAGES.contactEmailRequired);
          return;
        }
        setError(null);
        setNameError(null);
        create.mutate(
          { email, name, lists },
          {
            onSuccess: (contact) => {
              setAdded(contact.email);
              setEmail('');
              setName('');
            },
            onError: (e) => {
              // a 400 names the field it refused: its own message goes under that field
              const refused = fieldErrors(e, ['email', 'name'] as const);
              setNameError(refused.name ?? null);
              setError(refused.email ?? (refused.name ? null : errorMessage(e, 'Failed to add the contact')));
            },
          },
        );
      }}
    >
      <div className="grid gap-2 sm:grid-cols-2">
        <FormField name="contactEmail" label="Email" isRequired error={error}>
          <Input
            type="email"
            autoComplete="off"
            value={email}
            maxLength={EMAIL_MAX_LENGTH}
            onChange={(e) => setEmail(e.target.value)}
          />
        </FormField>
        <FormField name="contactName" label="Name (optional)" error={nameError}>
          <Input
            autoComplete="off"
            value={name}
            maxLength={CAMPAIGN_LIMITS.contactNameMax}
            onChange={(e) => setName(e.target.value)}
          />
        </FormField>
      </div>
      <div className="flex flex-wrap items-center justify-end gap-2">
        {added && (
          <p role="status" className="mr-auto text-sm text-gain">
            Added {added}
          </p>
        )}
        <Button type="submit" loading={create.isPending}>
          Add Contact
        </Button>
      </div>
    </form>
  );
}

const hasAddress = (text: string) => text.split(/\r?\n/).some((line) => line.includes('@'));

function progressText(progress: ImportProgress): string {
  if (progress.phase === 'reading') {
    return `Reading: ${formatCount(progress.lines)} lines, ${formatCount(progress.valid)} valid`;
  }
  return `Saving: ${formatCount(progress.saved)} of ${formatCount(progress.valid)}`;
}

function progressPercent(progress: ImportProgress, totalBytes: number): number {
  if (progress.phase === 'reading') return totalBytes > 0 ? (progress.bytes / totalBytes) * 90 : 0;
  return 90 + (progress.valid > 0 ? (progress.saved / progress.valid) * 10 : 10);
}

export function ImportContactsForm({ lists }: { lists: string[] }) {
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<{ line: ImportProgress; total: number } | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const run = useImportContacts();

  const start = () => {
    setResult(null);
    setProgress(null);
    if (!file && !hasAddress(text)) {
      setProblem(CAMPAIGN_MESSAGES.noValidEmails);
      return;
    }
    setProblem(null);
    run.mutate(
      { source: file ?? text, lists, onProgress: (line, total) => setProgress({ line, total }) },
      {
        onSuccess: (data) => {
          setResult(data);
          setText('');
          setFile(null);
          if (fileInput.current) fileInput.current.value = '';
        },
        onError: (e) => setProblem(errorMessage(e, 'Failed to import contacts')),
      },
    );
  };

  return (
    <form
      noValidate
      aria-label="Import contacts"
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        start();
      }}
    >
      <FormField
        name="importText"
        label="Import addresses"
        description="One address per line, or CSV with an email column."
        error={problem}
      >
        <Textarea
          rows={5}
          value={text}
          disabled={file !== null}
          onChange={(e) => setText(e.target.value)}
          placeholder={'ada@example.com\nbob@example.com'}
        />
      </FormField>
      <div className="flex flex-wrap items-center gap-2">
        <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-border px-3 text-sm hover:bg-surface-2 dense:min-h-10 has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent">
          <Upload aria-hidden="true" className="size-4" />
          {file ? file.name : 'Choose a CSV file'}
          <input
            ref={fileInput}
            type="file"
            accept=".csv,.txt,text/csv,text/plain"
            className="sr-only"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </label>
        {file && (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              setFile(null);
              if (fileInput.current) fileInput.current.value = '';
            }}
          >
            Clear file
          </Button>
        )}
        <Button type="submit" className="ml-auto" loading={run.isPending} loadingText="Importing...">
          Import
        </Button>
      </div>
      {run.isPending && progress && (
        <Progress
          showLabel
          label={progressText(progress.line)}
          value={progressPercent(progress.line, progress.total)}
        />
      )}
      {run.isPending && !progress && <p className="text-sm text-muted">Sending the addresses...</p>}
      {result && (
        <p role="status" className="tabular text-sm">
          Imported {formatCount(result.imported)}, skipped {formatCount(result.skipped)}, invalid{' '}
          {formatCount(result.invalid)}
        </p>
      )}
    </form>
  );
}

/**
 * Why adding to lists was refused, in words: a 404 names each contact (`contacts.0`) or list
 * (`lists.1`) deleted meanwhile, by its place in the request; nothing was added.
 */
function addRefusal(error: unknown, email: string, sent: ContactList[]): string {
  const fallback = errorMessage(error, 'Failed to add the contact to the lists');
  if (!(error instanceof ApiError) || error.status !== 404 || !error.details?.length) return fallback;
  const gone = error.details.map(({ field }) => {
    if (field.startsWith('contacts.')) return `${email} has been deleted`;
    const list = sent[Number(field.slice('lists.'.length))];
    return list ? `the list “${list.name}” has been deleted` : error.message;
  });
  return `Nothing was added: ${gone.join(', ')}.`;
}

/**
 * A contact's lists: tick more to add it to (a request that only links the existing contact —
 * one deleted meanwhile is not made again), or take it out of one it is in. `contact` is the
 * live row, so a removal shows as soon as the contacts are refreshed (or its last state, once
 * the contacts no longer hold it).
 */
function ContactListsDialog({
  contact,
  lists,
  onClose,
}: {
  contact: Contact;
  lists: ContactList[];
  onClose: () => void;
}) {
  const [chosen, setChosen] = useState<string[]>([]);
  const [refused, setRefused] = useState<{ list: string; message: string } | null>(null);
  const [addRefused, setAddRefused] = useState<{ message: string; contactGone: boolean } | null>(null);
  const [refocus, setRefocus] = useState<{ list: string; removed: boolean } | null>(null);
  const rows = useRef<HTMLFieldSetElement>(null);
  const add = useAddListMembers();
  const remove = useRemoveListMember();
  const inFlight = useInFlight();
  const within = new Set(contact.lists);
  const open = addRefused?.contactGone ? [] : lists.filter((list) => !within.has(list.id));
  // ticked lists still there (one deleted since is refreshed away) that it is not yet in
  const wanted = open.filter((list) => chosen.includes(list.id));

  // the Remove button goes with the membership (or is enabled again after a failure): once the
  // refreshed row is there, focus goes to the list's control in its place
  useEffect(() => {
    if (!refocus) return;
    const row = `[data-list="${refocus.list}"]`;
    const target = rows.current?.querySelector<HTMLElement>(
      refocus.removed ? `${row} [role="checkbox"]:not([disabled])` : `${row} button:not([disabled])`,
    );
    if (!target) return;
    target.focus();
    setRefocus(null);
  }, [refocus, contact.lists, remove.isPending]);

  const takeOut = (list: ContactList) => {
    if (!inFlight.start()) return;
    setRefused(null);
    remove.mutate(
      { id: list.id, contactId: contact.id },
      {
        onSettled: inFlight.end,
        onSuccess: () => {
          setChosen((now) => now.filter((id) => id !== list.id));
          setRefocus({ list: list.id, removed: true });
        },
        onError: (e) => {
          setRefused({ list: list.id, message: errorMessage(e, `Failed to remove ${contact.email} from the list`) });
          // a 404: the membership is gone all the same (taken out elsewhere), the checkbox replaces the button
          setRefocus({ list: list.id, removed: e instanceof ApiError && e.status === 404 });
        },
      },
    );
  };

  return (
    <Dialog
      open
      size="sm"
      onOpenChange={(isOpen) => !isOpen && onClose()}
      title={`Lists of ${contact.email}`}
      description={
        addRefused?.contactGone
          ? 'It is no longer in your contacts.'
          : open.length === 0
            ? 'It is in every list. Remove takes it out of one.'
            : 'Tick lists to add it to.'
      }
    >
      <form
        noValidate
        aria-label={`Lists of ${contact.email}`}
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (wanted.length === 0 || !inFlight.start()) return;
          setAddRefused(null);
          add.mutate(
            { contacts: [contact.id], lists: wanted.map((list) => list.id) },
            {
              onSettled: inFlight.end,
              onSuccess: onClose,
              onError: (e) =>
                setAddRefused({
                  message: addRefusal(e, contact.email, wanted),
                  contactGone:
                    e instanceof ApiError && e.details?.some((d) => d.field.startsWith('contacts.')) === true,
                }),
            },
          );
        }}
      >
        <fieldset ref={rows} hidden={addRefused?.contactGone} className="flex flex-col">
          <legend className="sr-only">Lists</legend>
          {lists.map((list) => (
            <div key={list.id} data-list={list.id}>
              {within.has(list.id) ? (
                <div className="flex items-center gap-2">
                  <Checkbox checked disabled label={`${list.name} (in it)`} className="min-w-0 flex-1" />
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Remove ${contact.email} from ${list.name}`}
                    loading={remove.isPending && remove.variables?.id === list.id}
                    loadingText="Removing..."
                    onClick={() => takeOut(list)}
                  >
                    <ListMinus aria-hidden="true" className="size-4" />
                    Remove
                  </Button>
                </div>
              ) : (
                <Checkbox
                  checked={chosen.includes(list.id)}
                  onCheckedChange={(on) =>
                    setChosen((now) => (on ? [...now, list.id] : now.filter((id) => id !== list.id)))
                  }
                  label={list.name}
                />
              )}
              {refused?.list === list.id && (
                <p role="alert" className="text-sm text-loss">
                  {refused.message}
                </p>
              )}
            </div>
          ))}
        </fieldset>
        {addRefused && (
          <p role="alert" className="text-sm text-loss">
            {addRefused.message}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="outline">{open.length > 0 ? 'Cancel' : 'Close'}</Button>
          </DialogClose>
          {open.length > 0 && (
            <Button type="submit" disabled={wanted.length === 0} loading={add.isPending} loadingText="Adding...">
              Add to lists
            </Button>
          )}
        </div>
      </form>
    </Dialog>
  );
}

function ContactRows() {
  const contacts = useContacts();
  const lists = useContactLists();
  const remove = useDeleteContact();
  const [showing, setShowing] = useState<Contact | null>(null);
  if (contacts.isPending) return <LoadingState lines={3} label="Loading contacts" />;
  if (contacts.isError) {
    return <LoadError error={contacts.error} onRetry={() => void contacts.refetch()} />;
  }
  const { data, pagination } = contacts.data;
  // the live row: its lists change as they are added to or taken out of; once the contacts no
  // longer hold it (deleted elsewhere), its last state, so the dialog can say what happened
  const shown = data.find((contact) => contact.id === showing?.id) ?? showing;
  const dialog = shown && lists.data && (
    <ContactListsDialog key={shown.id} contact={shown} lists={lists.data} onClose={() => setShowing(null)} />
  );
  if (data.length === 0) {
    return (
      <>
        <p className="text-sm text-muted">No contacts yet. Add one or import a list above.</p>
        {dialog}
      </>
    );
  }
  return (
    <>
      <p className="tabular text-sm text-muted">
        {pagination.total > data.length
          ? `The newest ${formatCount(data.length)} of ${formatCount(pagination.total)} contacts`
          : `${formatCount(pagination.total)} contact${pagination.total === 1 ? '' : 's'}`}
      </p>
      <ul className="flex max-h-64 flex-col divide-y divide-border overflow-y-auto rounded-md border border-border">
        {data.map((contact) => (
          <li key={contact.id} className="flex items-center gap-2 px-3 py-1 text-sm">
            <span className="min-w-0 flex-1 truncate">
              {contact.email}
              {contact.name && <span className="text-muted"> · {contact.name}</span>}
            </span>
            {contact.status !== 'active' && <span className="text-xs text-warning">{contact.status}</span>}
            {lists.data && lists.data.length > 0 && (
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Lists of ${contact.email}`}
                title="Lists: add to or remove from"
                onClick={() => setShowing(contact)}
              >
                <ListChecks aria-hidden="true" className="size-4" />
              </Button>
            )}
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Delete ${contact.email}`}
              disabled={remove.isPending && remove.variables === contact.id}
              onClick={() => remove.mutate(contact.id)}
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </Button>
          </li>
        ))}
      </ul>
      {dialog}
    </>
  );
}

/**
 * Contacts (docs/product/campaigns.md#contacts): add one, import many, lists with counts, and the
 * contacts with delete.
 */
export function ContactsTab() {
  const lists = useContactLists();
  const [picked, setPicked] = useState<string[]>([]);
  // a list deleted since it was ticked is no longer one to add to
  const chosen = picked.filter((id) => lists.data?.some((list) => list.id === id));
  return (
    <div className="flex flex-col gap-6">
      <ContactListsSection />
      <section aria-labelledby="add-contacts-heading" className="flex flex-col gap-3">
        <h3 id="add-contacts-heading" className="font-semibold">
          Add contacts
        </h3>
        <ListChoice lists={lists.data ?? []} chosen={chosen} onChange={setPicked} />
        <AddContactForm lists={chosen} />
        <ImportContactsForm lists={chosen} />
      </section>
      <section aria-labelledby="contacts-heading" className="flex flex-col gap-2">
        <h3 id="contacts-heading" className="font-semibold">
          Contacts
        </h3>
        <ContactRows />
      </section>
    </div>
  );
}
