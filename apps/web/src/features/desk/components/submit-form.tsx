import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';

/**
 * A form the desk checks itself (no browser validation bubbles): Enter in any field submits it.
 * When `errors` comes back with a message, the first field in error takes the focus, so it is in
 * view and a screen reader reads its message.
 */
export function SubmitForm({
  onSubmit,
  children,
  className,
  id,
  errors,
}: {
  onSubmit(): void;
  children: ReactNode;
  className?: string;
  id?: string;
  errors?: Readonly<Record<string, string | null | undefined>>;
}) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (errors && Object.values(errors).some(Boolean)) {
      form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    }
  }, [errors]);
  return (
    <form
      ref={form}
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
