import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Check, ChevronDown } from 'lucide-react';
import { cn } from '@/lib/cn';
import { fieldControlProps, useOptionalFormField } from './form-field';
import { controlClasses } from './input';
import type { SelectOption } from './select';

export interface ComboboxOption extends SelectOption {
  /** More words that find the option (other names, other spellings), not shown. */
  keywords?: string;
  /** A short muted line under the label (e.g. why a search found it). */
  hint?: string;
}

export interface ComboboxProps {
  options: readonly ComboboxOption[];
  value: string;
  onValueChange: (value: string) => void;
  /** Needed when the combobox is not inside a FormField with a label. */
  'aria-label'?: string;
  placeholder?: string;
  /** How many matches the list shows at once; typing narrows it (long lists stay quick). */
  maxShown?: number;
  className?: string;
}

const normalise = (text: string) => text.toLowerCase().replaceAll('_', ' ');

/** The combobox's state: the query, whether the list is open, the active option and the keys. */
function useCombobox({
  options,
  value,
  onValueChange,
  maxShown,
}: Pick<ComboboxProps, 'options' | 'value' | 'onValueChange'> & { maxShown: number }) {
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;
  // null: not searching (the input shows the chosen option)
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const list = useRef<HTMLUListElement>(null);

  const matches = useMemo(() => {
    const words = normalise(query ?? '')
      .split(/\s+/)
      .filter(Boolean);
    return options.filter((o) =>
      words.every((w) => normalise(`${o.label} ${o.value} ${o.keywords ?? ''}`).includes(w)),
    );
  }, [options, query]);
  const shown = matches.slice(0, maxShown);

  useEffect(() => {
    if (open) list.current?.querySelector(`#${CSS.escape(optionId(active))}`)?.scrollIntoView({ block: 'nearest' });
    // optionId is derived from listId, which never changes
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active, open]);

  const openList = (from: string | null) => {
    setOpen(true);
    const index = from === null ? options.findIndex((o) => o.value === value) : 0;
    setActive(Math.max(0, Math.min(index, maxShown - 1)));
  };
  const close = () => {
    setOpen(false);
    setQuery(null);
  };
  const choose = (option: ComboboxOption | undefined) => {
    if (!option || option.disabled) return;
    close();
    if (option.value !== value) onValueChange(option.value);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = shown.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) openList(query);
        else setActive((i) => Math.min(i + 1, last));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) openList(query);
        else setActive((i) => Math.max(i - 1, 0));
        break;
      case 'Home':
      case 'End':
        if (open) {
          event.preventDefault();
          setActive(event.key === 'Home' ? 0 : last);
        }
        break;
      case 'Enter':
        if (open) {
          event.preventDefault();
          choose(shown[active]);
        }
        break;
      case 'Escape':
        if (open || query !== null) {
          event.preventDefault();
          close();
        }
        break;
      case 'Tab':
        close();
        break;
    }
  };

  return {
    listId,
    optionId,
    query,
    setQuery,
    open,
    setOpen,
    active,
    setActive,
    list,
    matches,
    shown,
    openList,
    close,
    choose,
    onKeyDown,
  };
}

/**
 * A select with search for long lists (the WAI-ARIA combobox pattern): type to filter, arrows to
 * move, Enter to choose, Escape to close and keep the current value.
 */
export function Combobox({
  options,
  value,
  onValueChange,
  'aria-label': ariaLabel,
  placeholder = 'Type to search…',
  maxShown = 100,
  className,
}: ComboboxProps) {
  const field = useOptionalFormField();
  const selected = options.find((o) => o.value === value);
  const {
    listId,
    optionId,
    query,
    setQuery,
    open,
    setOpen,
    active,
    setActive,
    list,
    matches,
    shown,
    openList,
    close,
    choose,
    onKeyDown,
  } = useCombobox({ options, value, onValueChange, maxShown });

  return (
    <div className={cn('relative', className)}>
      <input
        {...fieldControlProps(field)}
        type="text"
        role="combobox"
        aria-label={ariaLabel}
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && shown.length > 0 ? optionId(active) : undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder}
        value={query ?? selected?.label ?? value}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
          setActive(0);
        }}
        onFocus={(event) => event.target.select()}
        onClick={() => !open && openList(query)}
        onBlur={close}
        onKeyDown={onKeyDown}
        className={controlClasses('min-h-11 pr-10 dense:min-h-10')}
      />
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted"
      />
      <div
        hidden={!open}
        className="absolute z-40 mt-1 w-full overflow-hidden rounded-md border border-border bg-surface shadow-lg"
      >
        <ul
          ref={list}
          id={listId}
          role="listbox"
          aria-label={ariaLabel}
          aria-labelledby={!ariaLabel && field ? field.labelId : undefined}
          className="max-h-72 overflow-auto py-1"
        >
          {shown.map((option, index) => (
            <ComboboxItem
              key={option.value}
              id={optionId(index)}
              option={option}
              chosen={option.value === value}
              active={index === active}
              onChoose={() => choose(option)}
              onHover={() => setActive(index)}
            />
          ))}
        </ul>
        {matches.length === 0 && <p className="px-3 py-2 text-sm text-muted">No match. Try another name.</p>}
        {matches.length > shown.length && (
          <p className="border-t border-border px-3 py-2 text-sm text-muted">
            {matches.length - shown.length} more: keep typing to narrow the list.
          </p>
        )}
      </div>
      <p aria-live="polite" className="sr-only">
        {open ? `${matches.length} ${matches.length === 1 ? 'match' : 'matches'}` : ''}
      </p>
    </div>
  );
}

function ComboboxItem({
  id,
  option,
  chosen,
  active,
  onChoose,
  onHover,
}: {
  id: string;
  option: ComboboxOption;
  chosen: boolean;
  active: boolean;
  onChoose: () => void;
  onHover: () => void;
}) {
  return (
    <li
      id={id}
      role="option"
      aria-selected={chosen}
      aria-disabled={option.disabled || undefined}
      // mousedown: choose before the input's blur closes the list
      onMouseDown={(event) => {
        event.preventDefault();
        onChoose();
      }}
      onMouseMove={onHover}
      className={cn(
        'flex min-h-10 cursor-pointer items-center gap-2 px-3 text-sm',
        active && 'bg-surface-2',
        option.disabled && 'cursor-not-allowed opacity-50',
      )}
    >
      <Check aria-hidden="true" className={cn('size-4 shrink-0', chosen ? 'text-accent' : 'invisible')} />
      {option.hint ? (
        <span className="flex min-w-0 flex-col py-1">
          <span>{option.label}</span>
          <span className="text-xs text-muted">{option.hint}</span>
        </span>
      ) : (
        option.label
      )}
    </li>
  );
}
