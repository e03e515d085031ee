import { Slider as RadixSlider } from 'radix-ui';
import { useId, useState } from 'react';
import { cn } from '@/lib/cn';

export interface SliderProps {
  label: string;
  value?: number;
  defaultValue?: number;
  min?: number;
  max?: number;
  step?: number;
  onValueChange?: (value: number) => void;
  disabled?: boolean;
  /** How the value is shown beside the label (default: the number). */
  formatValue?: (value: number) => string;
  className?: string;
}

/** One-thumb slider with a visible label and value; arrows, Page Up/Down, Home/End move it. */
export function Slider({
  label,
  value,
  defaultValue,
  min = 0,
  max = 100,
  step = 1,
  onValueChange,
  disabled,
  formatValue = String,
  className,
}: SliderProps) {
  const id = useId();
  const [own, setOwn] = useState(defaultValue ?? min);
  const current = value ?? own;
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <div className="flex items-center justify-between text-sm">
        <span id={`${id}-label`} className="font-medium">
          {label}
        </span>
        <output htmlFor={id} className="tabular text-muted">
          {formatValue(current)}
        </output>
      </div>
      <RadixSlider.Root
        id={id}
        value={[current]}
        min={min}
        max={max}
        step={step}
        disabled={disabled}
        onValueChange={([next]) => {
          if (next === undefined) return;
          setOwn(next);
          onValueChange?.(next);
        }}
        className="relative flex h-11 w-full touch-none select-none items-center data-[disabled]:opacity-50"
      >
        <RadixSlider.Track className="relative h-1.5 grow overflow-hidden rounded-full bg-surface-2">
          <RadixSlider.Range className="absolute h-full bg-accent" />
        </RadixSlider.Track>
        <RadixSlider.Thumb
          aria-labelledby={`${id}-label`}
          aria-valuetext={formatValue(current)}
          className="block size-5 rounded-full border-2 border-accent bg-surface shadow"
        />
      </RadixSlider.Root>
    </div>
  );
}
