import { useEffect, useId } from 'react';
import { X } from 'lucide-react';
import { ContactForm } from '@/features/contact-us';
import type { SupportAvailability } from './chat-hours';
import { Card } from '@/ui/card';

interface ChatPanelProps {
  availability: SupportAvailability;
  role: string;
  onClose(): void;
}

/** The built-in chat: the visitor's message goes to support through the contact form's endpoint. */
export default function ChatPanel({ availability, role, onClose }: ChatPanelProps) {
  const id = useId();

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <Card
      as="section"
      role="dialog"
      aria-modal="false"
      aria-labelledby={`${id}-title`}
      className="fixed inset-x-2 bottom-2 z-50 flex max-h-[calc(100vh-1rem)] flex-col sm:inset-x-auto sm:right-4 sm:bottom-4 sm:w-96"
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
        <ContactForm variant="chat" source={role === 'visitor' ? 'chat' : `chat:${role}`} />
      </div>
    </Card>
  );
}
