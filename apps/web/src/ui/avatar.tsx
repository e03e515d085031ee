import { Avatar as RadixAvatar } from 'radix-ui';
import { cn } from '@/lib/cn';

/** Initials of a name, at most 2 characters (first and last word). */
export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? '')
    .trim()
    .split(/[\s@._-]+/)
    .filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0]!.charAt(0);
  const last = words.length > 1 ? words[words.length - 1]!.charAt(0) : '';
  return (first + last).toUpperCase().slice(0, 2);
}

const SIZES = { sm: 'size-8 text-xs', md: 'size-10 text-sm', lg: 'size-14 text-lg' } as const;

export interface AvatarProps {
  name: string;
  src?: string;
  size?: keyof typeof SIZES;
  className?: string;
}

/** Shows the picture, or the initials while it loads and when it fails. */
export function Avatar({ name, src, size = 'md', className }: AvatarProps) {
  return (
    <RadixAvatar.Root
      className={cn(
        'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-accent align-middle',
        SIZES[size],
        className,
      )}
    >
      {src && <RadixAvatar.Image src={src} alt={name} className="size-full object-cover" />}
      <RadixAvatar.Fallback className="font-semibold text-accent-fg">
        <span aria-hidden="true">{initialsOf(name)}</span>
        <span className="sr-only">{name}</span>
      </RadixAvatar.Fallback>
    </RadixAvatar.Root>
  );
}
