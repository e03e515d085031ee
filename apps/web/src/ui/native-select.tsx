import { cn } from '@/lib/cn';
import { fieldControlProps, useOptionalFormField } from './form-field';
import { controlClasses } from './input';

/**
 * The browser's own select, styled like the other controls: typed into and opened by keyboard,
 * and filled by Playwright and Testing Library like any form control.
 */
export function NativeSelect({
  value,
  onChange,
  options,
  'aria-label': ariaLabel,
  className,
}: {
  value: string;
  onChange(value: string): void;
  options: ReadonlyArray<{ value: string; label: string }>;
  'aria-label'?: string;
  className?: string;
}) {
  const field = useOptionalFormField();
  return (
    <select
      {...fieldControlProps(field)}
      aria-label={ariaLabel}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      className={controlClasses(cn('min-h-11 dense:min-h-10', className))}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
