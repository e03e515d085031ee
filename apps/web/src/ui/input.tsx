import type { InputHTMLAttributes, Ref, TextareaHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';
import { fieldControlProps, useOptionalFormField } from './form-field';

export const controlClasses = (className?: string) =>
  cn(
    'w-full min-w-0 rounded-md border border-border bg-surface px-3 text-base text-fg placeholder:text-muted md:text-sm',
    'aria-invalid:border-loss disabled:cursor-not-allowed disabled:opacity-50',
    className,
  );

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  ref?: Ref<HTMLInputElement>;
}

/** A text input; inside a FormField it takes the field's id, description, error and required state. */
export function Input({ className, type = 'text', ...rest }: InputProps) {
  const field = useOptionalFormField();
  return (
    <input
      type={type}
      {...fieldControlProps(field)}
      className={controlClasses(cn('min-h-11 dense:min-h-10', className))}
      {...rest}
    />
  );
}

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  ref?: Ref<HTMLTextAreaElement>;
}

export function Textarea({ className, rows = 4, ...rest }: TextareaProps) {
  const field = useOptionalFormField();
  return (
    <textarea rows={rows} {...fieldControlProps(field)} className={controlClasses(cn('py-2', className))} {...rest} />
  );
}
