import { useEffect, useRef, useState } from 'react';
import { ListMinus } from 'lucide-react';
import type { Contact, ContactList } from '@tp/shared';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useInFlight } from '@/lib/submit-once';
import { Button } from '@/ui/button';
import { Checkbox } from '@/ui/checkbox';
import { Dialog, DialogClose } from '@/ui/dialog';
import { useAddListMembers } from '../api/add-list-members';
import { useRemoveListMember } from '../api/remove-list-member';

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

type InFlight = ReturnType<typeof useInFlight>;

/**
 * Taking the contact out of a list, one request at a time (shared with adding), with the refusal
 * shown under its list and focus moved to the list's control once the refreshed row is there.
 */
function useTakeOutOfList(contact: Contact, inFlight: InFlight, onRemoved: (listId: string) => void) {
  const [refused, setRefused] = useState<{ list: string; message: string } | null>(null);
  const [refocus, setRefocus] = useState<{ list: string; removed: boolean } | null>(null);
  const rows = useRef<HTMLFieldSetElement>(null);
  const remove = useRemoveListMember();

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
          onRemoved(list.id);
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

  const removingList = remove.isPending ? remove.variables?.id : undefined;
  return { rows, refused, takeOut, removingList };
}

type ListRemoval = ReturnType<typeof useTakeOutOfList>;

interface ListRowProps {
  list: ContactList;
  contact: Contact;
  /** The contact is in this list already: it can be taken out, not ticked. */
  isIn: boolean;
  checked: boolean;
  onCheck: (on: boolean) => void;
  removal: ListRemoval;
}

/** One list in the dialog: a checkbox to add the contact to it, or Remove when it is in it. */
function ListRow({ list, contact, isIn, checked, onCheck, removal }: ListRowProps) {
  return (
    <div data-list={list.id}>
      {isIn ? (
        <div className="flex items-center gap-2">
          <Checkbox checked disabled label={`${list.name} (in it)`} className="min-w-0 flex-1" />
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Remove ${contact.email} from ${list.name}`}
            loading={removal.removingList === list.id}
            loadingText="Removing..."
            onClick={() => removal.takeOut(list)}
          >
            <ListMinus aria-hidden="true" className="size-4" />
            Remove
          </Button>
        </div>
      ) : (
        <Checkbox checked={checked} onCheckedChange={onCheck} label={list.name} />
      )}
      {removal.refused?.list === list.id && (
        <p role="alert" className="text-sm text-loss">
          {removal.refused.message}
        </p>
      )}
    </div>
  );
}

/**
 * A contact's lists: tick more to add it to (a request that only links the existing contact —
 * one deleted meanwhile is not made again), or take it out of one it is in. `contact` is the
 * live row, so a removal shows as soon as the contacts are refreshed (or its last state, once
 * the contacts no longer hold it).
 */
export function ContactListsDialog({
  contact,
  lists,
  onClose,
}: {
  contact: Contact;
  lists: ContactList[];
  onClose: () => void;
}) {
  const [chosen, setChosen] = useState<string[]>([]);
  const [addRefused, setAddRefused] = useState<{ message: string; contactGone: boolean } | null>(null);
  const add = useAddListMembers();
  const inFlight = useInFlight();
  const removal = useTakeOutOfList(contact, inFlight, (listId) =>
    setChosen((now) => now.filter((id) => id !== listId)),
  );
  const within = new Set(contact.lists);
  const open = addRefused?.contactGone ? [] : lists.filter((list) => !within.has(list.id));
  // ticked lists still there (one deleted since is refreshed away) that it is not yet in
  const wanted = open.filter((list) => chosen.includes(list.id));

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
        <fieldset ref={removal.rows} hidden={addRefused?.contactGone} className="flex flex-col">
          <legend className="sr-only">Lists</legend>
          {lists.map((list) => (
            <ListRow
              key={list.id}
              list={list}
              contact={contact}
              isIn={within.has(list.id)}
              checked={chosen.includes(list.id)}
              onCheck={(on) => setChosen((now) => (on ? [...now, list.id] : now.filter((id) => id !== list.id)))}
              removal={removal}
            />
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
