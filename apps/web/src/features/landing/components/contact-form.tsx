import { useId } from 'react';
import { CheckCircle2 } from 'lucide-react';
import { useHydrated } from '@/lib/client-only';
import { contactErrorMessage, useContactForm } from '../api/send-contact-message';

const fieldClass =
  'mt-1 block w-full rounded-md border border-border bg-bg px-3 py-2 text-base text-fg placeholder:text-muted focus-visible:border-accent';

/** Contact form (spec 01 §2): name, email, message required; idle → "Sending..." → success replaces the form, or error. */
export function ContactForm({ source = 'website' }: { source?: string }) {
  const id = useId();
  // a prerendered form can be filled in at once, and sent once the app has started
  const hydrated = useHydrated();
  const submission = useContactForm(source);

  if (submission.status === 'success') {
    return (
      <div
        role="status"
        className="flex min-h-[22rem] flex-col items-center justify-center gap-3 rounded-card border border-border bg-surface p-6 text-center"
      >
        <CheckCircle2 aria-hidden="true" className="size-10 text-gain" />
        <p className="text-lg font-semibold">Message sent</p>
        <p className="text-muted">{submission.data.message}</p>
      </div>
    );
  }

  const sending = submission.isPending;
  return (
    <form
      onSubmit={submission.onSubmit}
      aria-label="Contact form"
      className="space-y-4 rounded-card border border-border bg-surface p-6"
    >
      <div>
        <label htmlFor={`${id}-name`} className="text-sm font-medium">
          Name
        </label>
        <input
          id={`${id}-name`}
          name="name"
          type="text"
          required
          autoComplete="name"
          maxLength={200}
          className={fieldClass}
        />
      </div>
      <div>
        <label htmlFor={`${id}-email`} className="text-sm font-medium">
          Email
        </label>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          required
          autoComplete="email"
          maxLength={254}
          className={fieldClass}
        />
      </div>
      <div>
        <label htmlFor={`${id}-message`} className="text-sm font-medium">
          Message
        </label>
        <textarea id={`${id}-message`} name="message" required rows={5} maxLength={5000} className={fieldClass} />
      </div>
      {submission.status === 'error' && !submission.isPending && (
        <p role="alert" className="rounded-md border border-loss px-3 py-2 text-sm text-loss">
          {contactErrorMessage(submission.error)}
        </p>
      )}
      <button
        type="submit"
        disabled={sending || !hydrated}
        className="inline-flex min-h-11 w-full items-center justify-center rounded-md bg-accent px-5 font-semibold text-accent-fg hover:opacity-90 disabled:opacity-60 sm:w-auto"
      >
        {sending ? 'Sending...' : 'Send Message'}
      </button>
    </form>
  );
}
