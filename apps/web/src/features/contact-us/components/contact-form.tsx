import { useEffect, useId, useRef, type ComponentProps, type FormEvent } from 'react';
import { CheckCircle2 } from 'lucide-react';
import { CONTACT_LIMITS, EMAIL_MAX_LENGTH } from '@tp/shared';
import { useHydrated } from '@/lib/client-only';
import { failedFields, sendWithModule, useSubmission } from '@/lib/use-submission';
import type { ContactInput } from '../api/send-contact-message';
import { Card } from '@/ui/card';

// loaded when the form is first focused or sent, not with the page that shows it
const loadContactApi = () => import('../api/send-contact-message');
const sendContactForm = sendWithModule(
  loadContactApi,
  (api, input: ContactInput) => api.sendContactMessage(input),
  (api, error) => api.contactErrorMessage(error),
  (api, error) => api.contactFieldErrors(error),
);

/** A form with name, email and message fields that sends through the contact endpoint. */
function useContactForm(source: string) {
  const submission = useSubmission(sendContactForm);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const field = (name: string) => String(data.get(name) ?? '');
    submission.submit({ name: field('name'), email: field('email'), message: field('message'), source });
  }
  return { ...submission, onSubmit };
}

type Field = 'name' | 'email' | 'message';

const FIELD_ATTRIBUTES = {
  name: { type: 'text', autoComplete: 'name', maxLength: CONTACT_LIMITS.nameMax },
  email: { type: 'email', autoComplete: 'email', maxLength: EMAIL_MAX_LENGTH },
} as const;

/** The two places the form appears: a page section, and the built-in support chat. */
const VARIANTS = {
  page: {
    formName: 'Contact form',
    fields: ['name', 'email', 'message'],
    labels: { name: 'Name', email: 'Email', message: 'Message' },
    messageRows: 5,
    submit: 'Send Message',
    card: true,
    formClass: 'space-y-4 p-6',
    labelClass: 'text-sm font-medium',
    fieldErrorClass: 'mt-1 text-sm text-loss',
    errorClass: 'rounded-md border border-loss px-3 py-2 text-sm text-loss',
    buttonClass: 'px-5 hover:opacity-90 sm:w-auto',
  },
  // the message comes first and has the focus when the chat opens
  chat: {
    formName: 'Chat message',
    fields: ['message', 'name', 'email'],
    labels: { name: 'Name', email: 'Email (for our reply)', message: 'Your message' },
    messageRows: 4,
    submit: 'Send',
    card: false,
    formClass: 'space-y-3 text-sm',
    labelClass: 'font-medium',
    fieldErrorClass: 'mt-1 text-loss',
    errorClass: 'text-loss',
    buttonClass: 'px-4',
  },
} as const satisfies Record<
  string,
  { fields: readonly Field[]; labels: Record<Field, string> } & Record<string, unknown>
>;

const fieldClass =
  'mt-1 block w-full rounded-md border border-border bg-bg px-3 py-2 text-base text-fg placeholder:text-muted focus-visible:border-accent aria-invalid:border-loss';

/**
 * Contact form (docs/product/public-site.md#contact-form-rules): name, email and message required;
 * idle → "Sending..." → the answer
 * replaces the form, or the error shows above the button. Sends through the contact endpoint with
 * `source` telling where it was sent from.
 */
export function ContactForm({
  source = 'website',
  variant = 'page',
}: {
  source?: string;
  variant?: keyof typeof VARIANTS;
}) {
  const id = useId();
  const look = VARIANTS[variant];
  // a prerendered form can be filled in at once, and sent once the app has started
  const hydrated = useHydrated();
  const submission = useContactForm(source);
  const firstField = useRef<HTMLInputElement & HTMLTextAreaElement>(null);

  useEffect(() => {
    if (variant === 'chat') firstField.current?.focus();
  }, [variant]);

  const sending = submission.isPending;
  const failed = submission.status === 'error' && !sending;
  // a 400 names the fields it refused: each message goes under its field
  const fieldError: Partial<Record<Field, string>> = failed ? failedFields(submission.error) : {};
  const firstRefused = look.fields.find((field) => fieldError[field]);
  useEffect(() => {
    // the keyboard goes to the first refused field, whose message is read with it
    if (firstRefused) document.getElementById(`${id}-${firstRefused}`)?.focus();
  }, [firstRefused, id, submission.error]);

  if (submission.status === 'success') {
    return variant === 'chat' ? (
      <p role="status" className="text-sm">
        {submission.data.message}
      </p>
    ) : (
      <Card
        elevation="flat"
        role="status"
        className="flex min-h-[22rem] flex-col items-center justify-center gap-3 p-6 text-center"
      >
        <CheckCircle2 aria-hidden="true" className="size-10 text-gain" />
        <p className="text-lg font-semibold">Message sent</p>
        <p className="text-muted">{submission.data.message}</p>
      </Card>
    );
  }

  const fieldProps = (field: Field) =>
    fieldError[field]
      ? { 'aria-invalid': true, 'aria-describedby': `${id}-${field}-error` }
      : { 'aria-invalid': undefined, 'aria-describedby': undefined };
  // on a page the form is a card; in the chat it sits in the chat's own card
  const Form = look.card ? CardForm : 'form';
  return (
    <Form
      onSubmit={submission.onSubmit}
      onFocus={() => void loadContactApi()}
      aria-label={look.formName}
      className={look.formClass}
    >
      {look.fields.map((field, index) => (
        <div key={field}>
          <label htmlFor={`${id}-${field}`} className={look.labelClass}>
            {look.labels[field]}
          </label>
          {field === 'message' ? (
            <textarea
              ref={index === 0 ? firstField : undefined}
              id={`${id}-message`}
              name="message"
              required
              rows={look.messageRows}
              maxLength={CONTACT_LIMITS.messageMax}
              className={fieldClass}
              {...fieldProps('message')}
            />
          ) : (
            <input
              ref={index === 0 ? firstField : undefined}
              id={`${id}-${field}`}
              name={field}
              required
              {...FIELD_ATTRIBUTES[field]}
              className={fieldClass}
              {...fieldProps(field)}
            />
          )}
          {fieldError[field] && (
            <p id={`${id}-${field}-error`} className={look.fieldErrorClass}>
              {fieldError[field]}
            </p>
          )}
        </div>
      ))}
      {failed && Object.keys(fieldError).length === 0 && (
        <p role="alert" className={look.errorClass}>
          {(submission.error as Error).message}
        </p>
      )}
      <button
        type="submit"
        disabled={sending || !hydrated}
        className={`inline-flex min-h-11 w-full items-center justify-center rounded-md bg-accent font-semibold text-accent-fg disabled:opacity-60 ${look.buttonClass}`}
      >
        {sending ? 'Sending...' : look.submit}
      </button>
    </Form>
  );
}

function CardForm(props: ComponentProps<'form'>) {
  return <Card as="form" elevation="flat" {...props} />;
}
