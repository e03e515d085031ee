import { Check, Minus } from 'lucide-react';
import { Checkbox as RadixCheckbox } from 'radix-ui';
import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { useOptionalFormField } from './form-field';

export interface CheckboxProps {
  checked?: boolean | 'indeterminate';
  defaultChecked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
  disabled?: boolean;
  /** The visible label beside the box (or use a FormField label, or aria-label). */
  label?: ReactNode;
  'aria-label'?: string;
  name?: string;
  value?: string;
  className?: string;
}

export function Checkbox({ label, onCheckedChange, className, 'aria-label': ariaLabel, ...rest }: CheckboxProps) {
  const field = useOptionalFormField();
  const ownId = useId();
  const id = field?.controlId ?? ownId;
  const describedBy = field ? [field.descriptionId, field.errorId].filter(Boolean).join(' ') || undefined : undefined;
  return (
    // the whole row is the 44 px target
    <div className={cn('flex min-h-11 items-center gap-3', className)}>
      <RadixCheckbox.Root
        id={id}
        aria-label={ariaLabel}
        aria-describedby={describedBy}
        aria-invalid={field?.invalid || undefined}
        onCheckedChange={(state) => onCheckedChange?.(state === true)}
        className={cn(
          "relative flex size-5 shrink-0 items-center after:absolute after:-inset-3 after:content-['']",
          'justify-center rounded border border-muted bg-surface',
          'data-[state=checked]:border-accent data-[state=checked]:bg-accent data-[state=checked]:text-accent-fg',
          'data-[state=indeterminate]:border-accent data-[state=indeterminate]:bg-accent data-[state=indeterminate]:text-accent-fg',
          'aria-invalid:border-loss disabled:cursor-not-allowed disabled:opacity-50',
        )}
        {...rest}
      >
        <RadixCheckbox.Indicator>
          {rest.checked === 'indeterminate' ? (
            <Minus aria-hidden="true" className="size-4" />
          ) : (
            <Check aria-hidden="true" className="size-4" />
          )}
        </RadixCheckbox.Indicator>
      </RadixCheckbox.Root>
      {label && (
        <label htmlFor={id} className="cursor-pointer text-sm">
          {label}
        </label>
      )}
    </div>
  );
}
