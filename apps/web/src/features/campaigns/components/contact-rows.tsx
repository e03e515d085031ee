import { useState } from 'react';
import { ListChecks, Trash2 } from 'lucide-react';
import type { Contact } from '@tp/shared';
import { formatCount } from '@/lib/format';
import { Button } from '@/ui/button';
import { LoadError } from '@/ui/load-error';
import { LoadingState } from '@/ui/query-state';
import { useDeleteContact } from '../api/delete-contact';
import { useContactLists } from '../api/get-contact-lists';
import { useContacts } from '../api/get-contacts';
import { ContactListsDialog } from './contact-lists-dialog';

/** The contacts, newest first, each with its lists and delete. */
export function ContactRows() {
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
