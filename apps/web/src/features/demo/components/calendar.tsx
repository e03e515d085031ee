import { ChevronLeft, ChevronRight } from 'lucide-react';
import { DayPicker, type DayPickerProps, type Modifiers, type RootProps } from 'react-day-picker';
import { cn } from '@/lib/cn';
import { Card } from '@/ui/card';

/**
 * A month calendar that fills its box up to 21 rem (react-day-picker: arrow keys move by day, Page Up/Down by month, Home/End to
 * the week's ends). Import it only from lazily loaded pages.
 */
export type CalendarProps = DayPickerProps;

const dayParts = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

/** "Today, Sunday 1 November 2026, selected": the visible day number is a word of the name (WCAG 2.5.3). */
export function dayButtonLabel(date: Date, modifiers?: Modifiers): string {
  const part = (type: Intl.DateTimeFormatPartTypes) => dayParts.formatToParts(date).find((p) => p.type === type)?.value;
  const label = `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}`;
  return `${modifiers?.today ? 'Today, ' : ''}${label}${modifiers?.selected ? ', selected' : ''}`;
}

/** The calendar's box is a card. */
function CalendarRoot({ rootRef, ...rest }: RootProps) {
  return <Card elevation="flat" ref={rootRef} {...rest} />;
}

export function Calendar({ className, classNames, showOutsideDays = true, ...props }: CalendarProps) {
  return (
    <DayPicker
      showOutsideDays={showOutsideDays}
      labels={{ labelDayButton: dayButtonLabel }}
      className={cn('tabular w-full max-w-[21rem] p-3 text-sm', className)}
      classNames={{
        months: 'relative flex flex-col gap-4',
        month: 'flex w-full flex-col gap-3',
        month_caption: 'flex h-11 items-center justify-center font-semibold dense:h-9',
        caption_label: 'text-sm font-semibold',
        nav: 'absolute inset-x-0 top-0 flex justify-between',
        button_previous:
          'inline-flex size-11 items-center justify-center rounded-md text-muted hover:bg-surface-2 disabled:opacity-40 dense:size-9',
        button_next:
          'inline-flex size-11 items-center justify-center rounded-md text-muted hover:bg-surface-2 disabled:opacity-40 dense:size-9',
        month_grid: 'w-full border-collapse',
        weekdays: 'flex',
        weekday: 'min-w-0 flex-1 text-center text-xs font-medium text-muted',
        week: 'mt-1 flex',
        day: 'min-w-0 flex-1 p-0 text-center',
        day_button:
          'inline-flex h-11 w-full items-center justify-center rounded-md hover:bg-surface-2 disabled:cursor-not-allowed md:h-10',
        selected: '[&>button]:bg-accent [&>button]:text-accent-fg [&>button]:hover:bg-accent',
        today: '[&>button]:font-bold [&>button]:underline [&>button]:underline-offset-4',
        outside: 'text-muted opacity-60',
        disabled: 'opacity-40',
        range_middle: '[&>button]:rounded-none [&>button]:bg-surface-2 [&>button]:text-fg',
        hidden: 'invisible',
        ...classNames,
      }}
      components={{
        Root: CalendarRoot,
        Chevron: ({ orientation }) =>
          orientation === 'left' ? (
            <ChevronLeft aria-hidden="true" className="size-4" />
          ) : (
            <ChevronRight aria-hidden="true" className="size-4" />
          ),
      }}
      {...props}
    />
  );
}
