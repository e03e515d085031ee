import { useState } from 'react';
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
  /** The name is shown beside it: the avatar is hidden from assistive technology. */
  decorative?: boolean;
  className?: string;
}

/**
 * Shows the picture, or the initials while it loads and when it fails. Plain React, no Radix: the
 * landing page's team uses it, and that page's script budget has no room for a primitive (0012).
 */
export function Avatar({ name, src, size = 'md', decorative = false, className }: AvatarProps) {
  const [loaded, setLoaded] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const showImage = src !== undefined && loaded === src && failed !== src;
  return (
    <span
      aria-hidden={decorative || undefined}
      className={cn(
        'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-accent align-middle',
        SIZES[size],
        className,
      )}
    >
      {src && failed !== src && (
        <img
          src={src}
          alt={decorative ? '' : name}
          hidden={!showImage}
          onLoad={() => setLoaded(src)}
          onError={() => setFailed(src)}
          className="size-full object-cover"
        />
      )}
      {!showImage && (
        <span className="font-semibold text-accent-fg">
          <span aria-hidden="true">{initialsOf(name)}</span>
          {!decorative && <span className="sr-only">{name}</span>}
        </span>
      )}
    </span>
  );
}
