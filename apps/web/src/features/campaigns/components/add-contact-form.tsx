import { useState } from 'react';
import { CAMPAIGN_LIMITS, CAMPAIGN_MESSAGES, EMAIL_MAX_LENGTH } from '@tp/shared';
import { errorMessage } from '@/lib/api-client';
import { fieldErrors } from '@/lib/form-errors';
import { Button } from '@/ui/button';
import { FormField } from '@/ui/form-field';
import { Input } from '@/ui/input';
import { useCreateContact } from '../api/create-contact';

/** One contact by address (and name), joining the lists chosen. */
export function AddContactForm({ lists }: { lists: string[] }) {
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
