import { Label, Slot } from 'radix-ui';
import { createContext, useContext, useId, type ComponentProps, type HTMLAttributes, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** A form field (docs/product/ui-layer.md#design-system): name, label, description, error, isRequired. */
interface FormFieldContextValue {
  name: string;
  controlId: string;
  labelId: string;
  descriptionId: string | undefined;
  errorId: string | undefined;
  invalid: boolean;
  required: boolean;
}

const FormFieldContext = createContext<FormFieldContextValue | null>(null);

/** Throws outside <FormField>. */
export function useFormField(): FormFieldContextValue {
  const value = useContext(FormFieldContext);
  if (!value) throw new Error('useFormField should be used within <FormField>');
  return value;
}

/** For controls that also work alone: the field's wiring when inside one, else null. */
export function useOptionalFormField(): FormFieldContextValue | null {
  return useContext(FormFieldContext);
}

/** The attributes a control needs inside a field (id, described-by, invalid, required). */
export function fieldControlProps(field: FormFieldContextValue | null) {
  if (!field) return {};
  const describedBy = [field.descriptionId, field.errorId].filter(Boolean).join(' ') || undefined;
  return {
    id: field.controlId,
    name: field.name,
    'aria-describedby': describedBy,
    'aria-invalid': field.invalid || undefined,
    'aria-required': field.required || undefined,
  } as const;
}

export interface FormFieldProps {
  name: string;
  label?: ReactNode;
  description?: ReactNode;
  error?: string | null;
  isRequired?: boolean;
  className?: string;
  /** The control (Input, Select, Checkbox ... pick the wiring up themselves; others: use FormControl). */
  children: ReactNode;
}

/** Label above, the control, then the description and the error below it; asterisk when required. */
export function FormField({
  name,
  label,
  description,
  error,
  isRequired = false,
  className,
  children,
}: FormFieldProps) {
  const id = useId();
  const value: FormFieldContextValue = {
    name,
    controlId: `${id}-control`,
    labelId: `${id}-label`,
    descriptionId: description ? `${id}-description` : undefined,
    errorId: error ? `${id}-error` : undefined,
    invalid: Boolean(error),
    required: isRequired,
  };
  return (
    <FormFieldContext.Provider value={value}>
      <div className={cn('flex flex-col gap-1.5', className)} data-invalid={value.invalid || undefined}>
        {label && <FormLabel>{label}</FormLabel>}
        {children}
        {description && <FormDescription>{description}</FormDescription>}
        {error && <FormMessage>{error}</FormMessage>}
      </div>
    </FormFieldContext.Provider>
  );
}

export function FormLabel({ className, children, ...rest }: ComponentProps<typeof Label.Root>) {
  const field = useFormField();
  return (
    <Label.Root
      id={field.labelId}
      htmlFor={field.controlId}
      className={cn('text-sm font-medium', field.invalid && 'text-loss', className)}
      {...rest}
    >
      {children}
      {field.required && (
        <span aria-hidden="true" className="ml-0.5 text-loss">
          *
        </span>
      )}
    </Label.Root>
  );
}

/** Gives any single child element the field's wiring. */
export function FormControl(props: ComponentProps<typeof Slot.Root>) {
  const field = useFormField();
  return <Slot.Root {...fieldControlProps(field)} {...props} />;
}

export function FormDescription({ className, ...rest }: HTMLAttributes<HTMLParagraphElement>) {
  const field = useFormField();
  return <p id={field.descriptionId} className={cn('text-sm text-muted', className)} {...rest} />;
}

export function FormMessage({ className, ...rest }: HTMLAttributes<HTMLParagraphElement>) {
  const field = useFormField();
  return <p id={field.errorId} className={cn('text-sm font-medium text-loss', className)} {...rest} />;
}
