import { Slot } from 'radix-ui';
import { useContext, type ButtonHTMLAttributes, type Ref } from 'react';
import { cn } from '@/lib/cn';
import { ControlsDisabledContext } from './controls-disabled';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-accent text-accent-fg hover:opacity-90',
  secondary: 'bg-surface-2 text-fg hover:bg-border',
  outline: 'border border-border bg-transparent text-fg hover:bg-surface-2',
  ghost: 'bg-transparent text-fg hover:bg-surface-2',
  danger: 'bg-loss text-bg hover:opacity-90',
};

// 44 px targets on touch screens; denser with a mouse from md up (`dense`, index.css)
const SIZES: Record<ButtonSize, string> = {
  sm: 'min-h-11 px-3 text-sm dense:min-h-8',
  md: 'min-h-11 px-4 text-sm dense:min-h-10',
  lg: 'min-h-12 px-6 text-base',
  icon: 'size-11 dense:size-10',
};

export const buttonClasses = (variant: ButtonVariant = 'primary', size: ButtonSize = 'md', className?: string) =>
  cn(
    'inline-flex items-center justify-center gap-2 rounded-md font-medium transition-colors',
    'disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-50',
    VARIANTS[variant],
    SIZES[size],
    className,
  );

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, marks the button busy and disables it. */
  loading?: boolean;
  /** Text read while loading (default "Loading"). */
  loadingText?: string;
  /** Renders the child element (e.g. a link) with the button's look. */
  asChild?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/** Disabled while loading or while the app disables every control (docs/product/ui-layer.md#global-loading-flag). */
export function Button({
  variant,
  size,
  loading = false,
  loadingText,
  asChild = false,
  disabled,
  className,
  children,
  type,
  ...rest
}: ButtonProps) {
  const allDisabled = useContext(ControlsDisabledContext);
  const isDisabled = Boolean(disabled) || loading || allDisabled;
  if (asChild) {
    return (
      <Slot.Root className={buttonClasses(variant, size, className)} aria-disabled={isDisabled || undefined} {...rest}>
        {children}
      </Slot.Root>
    );
  }
  return (
    <button
      type={type ?? 'button'}
      disabled={isDisabled}
      aria-busy={loading || undefined}
      className={buttonClasses(variant, size, className)}
      {...rest}
    >
      {loading && (
        <span
          aria-hidden="true"
          data-testid="button-spinner"
          className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent"
        />
      )}
      {loading && loadingText ? loadingText : children}
    </button>
  );
}
