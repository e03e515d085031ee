import { Switch as RadixSwitch } from 'radix-ui';
import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface SwitchProps {
  checked?: boolean;
  defaultChecked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
  disabled?: boolean;
  label?: ReactNode;
  description?: ReactNode;
  'aria-label'?: string;
  name?: string;
  className?: string;
}

export function Switch({ label, description, className, 'aria-label': ariaLabel, ...rest }: SwitchProps) {
  const id = useId();
  return (
    <div className={cn('flex min-h-11 items-center justify-between gap-4', className)}>
      {(label || description) && (
        <div className="flex min-w-0 flex-col">
          {label && (
            <label htmlFor={id} className="cursor-pointer text-sm font-medium">
              {label}
            </label>
          )}
          {description && (
            <p id={`${id}-description`} className="text-sm text-muted">
              {description}
            </p>
          )}
        </div>
      )}
      <RadixSwitch.Root
        id={id}
        aria-label={ariaLabel}
        aria-describedby={description ? `${id}-description` : undefined}
        className={cn(
          // the ::after extends the hit area to 44 px
          "relative inline-flex h-6 w-11 after:absolute after:-inset-y-2.5 after:inset-x-0 after:content-['']",
          'inline-flex shrink-0 items-center rounded-full border border-border bg-surface-2 transition-colors',
          'data-[state=checked]:border-accent data-[state=checked]:bg-accent disabled:cursor-not-allowed disabled:opacity-50',
        )}
        {...rest}
      >
        <RadixSwitch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-fg shadow transition-transform data-[state=checked]:translate-x-[1.3rem] data-[state=checked]:bg-accent-fg" />
      </RadixSwitch.Root>
    </div>
  );
}
