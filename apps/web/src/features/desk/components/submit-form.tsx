import type { FormEvent, ReactNode } from 'react';

/** A form the desk checks itself (no browser validation bubbles): Enter in any field submits it. */
export function SubmitForm({
  onSubmit,
  children,
  className,
  id,
}: {
  onSubmit(): void;
  children: ReactNode;
  className?: string;
  id?: string;
}) {
  return (
    <form
      id={id}
      noValidate
      className={className}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}
