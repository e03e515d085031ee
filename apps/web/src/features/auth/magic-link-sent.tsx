import { useEffect, useRef } from 'react';
import { Mail } from 'lucide-react';
import { Button } from '@/ui/button';

interface MagicLinkSentProps {
  sentTo: string;
  waitText: string | null;
  /** Back to the form, with what was typed kept. */
  onResend: () => void;
}

/** "Check Your Email": the address the link went to, and the way back to ask for another. */
export function MagicLinkSent({ sentTo, waitText, onResend }: MagicLinkSentProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // the button that was pressed goes away: focus the new heading
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  return (
    <section className="mx-auto max-w-md px-4 py-16 text-center">
      <Mail aria-hidden="true" className="mx-auto size-10 text-accent" />
      <h1 ref={headingRef} tabIndex={-1} className="mt-4 text-2xl font-semibold focus:outline-none">
        Check Your Email
      </h1>
      <p className="mt-3 text-muted">
        We sent a sign-in link to <strong className="break-all text-fg">{sentTo}</strong>. Open it to continue. It works
        once and expires in 10 minutes.
      </p>
      <Button variant="outline" className="mt-8" onClick={onResend}>
        Resend Magic Link
      </Button>
      {waitText && <p className="tabular mt-3 text-sm text-muted">{waitText}</p>}
    </section>
  );
}
