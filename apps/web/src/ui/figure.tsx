import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

const VALUE_SIZE = { sm: 'text-sm', base: 'text-base', lg: 'text-lg' } as const;

/**
 * A labelled figure inside a `<dl>`: a tile on the raised surface, or `plain` in a summary row.
 * The value is tabular; `align="end"` right-aligns it, `nowrap` keeps it on one line. In a narrow
 * grid cell the tile gives way and its value wraps, breaking a word only if it must: never cut.
 */
export function Figure({
  label,
  children,
  plain = false,
  align,
  size,
  nowrap = false,
}: {
  label: ReactNode;
  children: ReactNode;
  plain?: boolean;
  align?: 'end';
  size?: keyof typeof VALUE_SIZE;
  nowrap?: boolean;
}) {
  return (
    <div className={plain ? 'flex min-w-0 flex-col gap-0.5' : 'flex min-w-0 flex-col rounded-md bg-surface-2 p-2'}>
      <dt className="text-xs text-muted">{label}</dt>
      <dd
        className={cn(
          'tabular break-words font-semibold',
          align === 'end' && 'text-right',
          size && VALUE_SIZE[size],
          nowrap && 'whitespace-nowrap',
        )}
      >
        {children}
      </dd>
    </div>
  );
}
