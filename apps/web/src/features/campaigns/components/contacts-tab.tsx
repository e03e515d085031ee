import { useState } from 'react';
import { useContactLists } from '../api/get-contact-lists';
import { AddContactForm } from './add-contact-form';
import { ContactListsSection } from './contact-lists-section';
import { ContactRows } from './contact-rows';
import { ImportContactsForm } from './import-contacts-form';
import { ListChoice } from './list-choice';

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
