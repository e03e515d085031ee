import { useEffect, useId, useRef } from 'react';
import { X } from 'lucide-react';
import { contactErrorMessage, useContactForm } from '@/features/landing/api/send-contact-message';
import type { SupportAvailability } from './chat-hours';

interface ChatPanelProps {
  availability: SupportAvailability;
  role: string;
  onClose(): void;
}

const fieldClass = 'mt-1 block w-full rounded-md border border-border bg-bg px-3 py-2 text-base text-fg';

/** The built-in chat: the visitor's message goes to support through the contact endpoint. */
export default function ChatPanel({ availability, role, onClose }: ChatPanelProps) {
  const id = useId();
  const submission = useContactForm(role === 'visitor' ? 'chat' : `chat:${role}`);
  const firstField = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    firstField.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);


  return (
    <section
      role="dialog"
      aria-modal="false"
      aria-labelledby={`${id}-title`}
      className="fixed inset-x-2 bottom-2 z-50 flex max-h-[calc(100vh-1rem)] flex-col rounded-card border border-border bg-surface shadow-card sm:inset-x-auto sm:right-4 sm:bottom-4 sm:w-96"
    >
      <header className="flex items-start justify-between gap-2 border-b border-border p-4">
        <div>
          <h2 id={`${id}-title`} className="font-semibold">
            Support chat
          </h2>
          <p className="mt-1 flex items-start gap-2 text-sm text-muted">
            <span
              aria-hidden="true"
              className={`mt-1.5 size-2 shrink-0 rounded-full ${availability.open ? 'bg-gain' : 'bg-muted'}`}
            />
            <span>{availability.message}</span>
          </p>
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close chat"
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-md hover:bg-surface-2"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </header>
      <div className="overflow-y-auto p-4">
        {submission.status === 'success' ? (
          <p role="status" className="text-sm">
            {submission.data.message}
          </p>
        ) : (
          <form onSubmit={submission.onSubmit} aria-label="Chat message" className="space-y-3 text-sm">
            <div>
              <label htmlFor={`${id}-message`} className="font-medium">
                Your message
              </label>
              <textarea
                ref={firstField}
                id={`${id}-message`}
                name="message"
                required
                rows={4}
                maxLength={5000}
                className={fieldClass}
              />
            </div>
            <div>
              <label htmlFor={`${id}-name`} className="font-medium">
                Name
              </label>
              <input
                id={`${id}-name`}
                name="name"
                required
                autoComplete="name"
                maxLength={200}
                className={fieldClass}
              />
            </div>
            <div>
              <label htmlFor={`${id}-email`} className="font-medium">
                Email (for our reply)
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
            {submission.status === 'error' && !submission.isPending && (
              <p role="alert" className="text-loss">
                {contactErrorMessage(submission.error)}
              </p>
            )}
            <button
              type="submit"
              disabled={submission.isPending}
              className="inline-flex min-h-11 w-full items-center justify-center rounded-md bg-accent px-4 font-semibold text-accent-fg disabled:opacity-60"
            >
              {submission.isPending ? 'Sending...' : 'Send'}
            </button>
          </form>
        )}
      </div>
    </section>
  );
}
