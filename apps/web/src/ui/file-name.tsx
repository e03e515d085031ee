import { cn } from '@/lib/cn';

/** The end of a name kept whole when the middle gives way: its extension and a few characters before it. */
export function nameTail(name: string): string {
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.length - dot : 0;
  const length = Math.min(Math.max(extension + 6, 8), Math.floor(name.length / 2));
  return length > 0 ? name.slice(name.length - length) : '';
}

/**
 * A file's name. `wrap` (default): whole, over as many lines as it needs, breaking inside a long
 * word only when it must. `line`: on one line, whole where it fits; where it does not, the middle
 * gives way to an ellipsis and the end stays ("invoice-MCC-20…signed.pdf"), with the whole name
 * as its tooltip and, for screen readers and searches, as its text.
 */
export function FileName({
  name,
  fit = 'wrap',
  className,
}: {
  name: string;
  fit?: 'wrap' | 'line';
  className?: string;
}) {
  if (fit === 'wrap') return <span className={cn('[overflow-wrap:anywhere]', className)}>{name}</span>;
  const tail = nameTail(name);
  return (
    <span title={name} className={cn('flex min-w-0', className)}>
      <span className="sr-only">{name}</span>
      <span aria-hidden="true" className="truncate">
        {name.slice(0, name.length - tail.length)}
      </span>
      <span aria-hidden="true" className="shrink-0 whitespace-pre">
        {tail}
      </span>
    </span>
  );
}
