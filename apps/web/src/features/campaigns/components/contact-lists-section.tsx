import { useRef, useState } from 'react';
import { Pencil, Trash2 } from 'lucide-react';
import { CAMPAIGN_LIMITS, type ContactList } from '@tp/shared';
import { errorMessage } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { useInFlight } from '@/lib/submit-once';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { Dialog, DialogClose } from '@/ui/dialog';
import { FormField } from '@/ui/form-field';
import { Input } from '@/ui/input';
import { LoadError } from '@/ui/load-error';
import { LoadingState } from '@/ui/query-state';
import { useCreateContactList } from '../api/create-contact-list';
import { useDeleteContactList } from '../api/delete-contact-list';
import { useContactLists } from '../api/get-contact-lists';
import { useRenameContactList } from '../api/rename-contact-list';

function NewListForm() {
  const [name, setName] = useState('');
  const create = useCreateContactList();
  // a double click creates the list once (the second POST would be refused: the name exists)
  const inFlight = useInFlight();
  return (
    <form
      className="flex flex-col gap-2 sm:flex-row sm:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        if (!name.trim() || !inFlight.start()) return;
        // typing on while the list is created keeps the new text
        create.mutate(
          { name },
          {
            onSettled: inFlight.end,
            onSuccess: (list) => setName((now) => (now.trim() === list.name ? '' : now)),
          },
        );
      }}
    >
      <FormField
        name="listName"
        label="New list"
        className="flex-1"
        error={create.isError ? errorMessage(create.error, 'Failed to create the list') : null}
      >
        <Input value={name} maxLength={CAMPAIGN_LIMITS.listNameMax} onChange={(e) => setName(e.target.value)} />
      </FormField>
      <Button type="submit" variant="outline" disabled={!name.trim()} loading={create.isPending}>
        Create List
      </Button>
    </form>
  );
}

/** A new name for one list, with the creation's length limit; the server's refusal (409, 404, 400) under the field. */
function RenameListDialog({ list, onClose }: { list: ContactList; onClose: () => void }) {
  const [name, setName] = useState(list.name);
  const rename = useRenameContactList();
  const inFlight = useInFlight();
  const submit = () => {
    if (!name.trim() || !inFlight.start()) return;
    if (name.trim() === list.name) {
      inFlight.end();
      onClose();
      return;
    }
    rename.mutate({ id: list.id, name }, { onSettled: inFlight.end, onSuccess: onClose });
  };
  return (
    <Dialog open size="sm" onOpenChange={(open) => !open && onClose()} title={`Rename “${list.name}”`}>
      <form
        noValidate
        aria-label={`Rename ${list.name}`}
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <FormField
          name="renameList"
          label="List name"
          error={rename.isError ? errorMessage(rename.error, 'Failed to rename the list') : null}
        >
          <Input
            autoFocus
            autoComplete="off"
            value={name}
            maxLength={CAMPAIGN_LIMITS.listNameMax}
            onChange={(e) => setName(e.target.value)}
          />
        </FormField>
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button type="submit" disabled={!name.trim()} loading={rename.isPending} loadingText="Saving...">
            Save
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** Deleting a list asks first, saying its contacts stay; a refusal shows in the confirmation. */
function DeleteListDialog({
  list,
  onClose,
  onDeleted,
}: {
  list: ContactList;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteContactList();
  const inFlight = useInFlight();
  // awaited: the lists are fetched again (this row gone) before focus moves on
  const confirm = async () => {
    if (!inFlight.start()) return;
    try {
      await remove.mutateAsync(list.id);
      onDeleted();
    } catch {
      // shown below from the mutation's error
    } finally {
      inFlight.end();
    }
  };
  const contacts = list.count === 1 ? '1 contact stays' : `${formatCount(list.count)} contacts stay`;
  const description =
    list.count === 0
      ? 'The list is deleted. It holds no contacts. A draft or scheduled campaign to it is marked “List deleted” and is not sent until you pick another list for it.'
      : `The list is deleted; its ${contacts} in your contacts and in any other lists. A draft or scheduled campaign to this list is marked “List deleted” and is not sent until you pick another list for it.`;
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Delete “${list.name}”?`}
      description={description}
      cancelLabel="Keep list"
      confirmLabel="Delete list"
      pending={remove.isPending}
      pendingLabel="Deleting..."
      onConfirm={() => void confirm()}
    >
      {remove.isError && (
        <p role="alert" className="text-sm text-loss">
          {errorMessage(remove.error, 'Failed to delete the list')}
        </p>
      )}
    </ConfirmDialog>
  );
}

/**
 * Contact lists with their counts (docs/product/campaigns.md#contact-lists), each renamed or deleted
 * in place, and a new one.
 */
export function ContactListsSection() {
  const lists = useContactLists();
  const [renaming, setRenaming] = useState<ContactList | null>(null);
  const [deleting, setDeleting] = useState<ContactList | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <section aria-labelledby="contact-lists-heading" className="flex flex-col gap-2">
      <h3 id="contact-lists-heading" ref={heading} tabIndex={-1} className="font-semibold outline-none">
        Contact lists
      </h3>
      {lists.isPending && <LoadingState lines={2} label="Loading contact lists" />}
      {lists.isError && <LoadError error={lists.error} onRetry={() => void lists.refetch()} />}
      {lists.data?.length === 0 && <p className="text-sm text-muted">No lists yet. Create your first list below.</p>}
      {lists.data && lists.data.length > 0 && (
        <ul aria-label="Contact lists" className="grid gap-1 sm:grid-cols-2">
          {lists.data.map((list) => (
            <li key={list.id} className="flex items-center gap-1 rounded-md bg-surface-2 py-0.5 pl-3 pr-1 text-sm">
              <span className="min-w-0 flex-1 truncate">{list.name}</span>
              <span className="tabular text-muted">{formatCount(list.count)}</span>
              <Button variant="ghost" size="icon" aria-label={`Rename ${list.name}`} onClick={() => setRenaming(list)}>
                <Pencil aria-hidden="true" className="size-4" />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Delete ${list.name}`}
                className="hover:text-loss"
                onClick={() => setDeleting(list)}
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      {renaming && <RenameListDialog key={renaming.id} list={renaming} onClose={() => setRenaming(null)} />}
      {deleting && (
        <DeleteListDialog
          key={deleting.id}
          list={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            setDeleting(null);
            heading.current?.focus();
          }}
        />
      )}
      <NewListForm />
    </section>
  );
}
