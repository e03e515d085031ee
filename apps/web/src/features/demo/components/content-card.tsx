import { Clock } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Badge } from '@/ui/badge';
import { Card } from '@/ui/card';

export const CONTENT_PREVIEW_LENGTH = 150;

/** Text over 150 characters is cut there and ends with an ellipsis. */
export function truncateContent(text: string, max = CONTENT_PREVIEW_LENGTH): string {
  return text.length > max ? `${text.slice(0, max).trimEnd()}...` : text;
}

/**
 * Content card (docs/product/ui-layer.md#design-system): title, content, image, tags, author, date,
 * readTime, variant, size, interactive.
 */
export interface ContentCardProps {
  title: string;
  content: string;
  image?: string;
  imageAlt?: string;
  tags?: readonly string[];
  author?: string;
  /** ISO date or Date. */
  date?: string | Date;
  /** Minutes. */
  readTime?: number;
  variant?: 'default' | 'featured' | 'compact';
  size?: 'sm' | 'md' | 'lg';
  /** The title becomes a link (href) or a button (onSelect) covering the card. */
  interactive?: boolean;
  href?: string;
  onSelect?: () => void;
  className?: string;
  footer?: ReactNode;
}

const dateFormat = new Intl.DateTimeFormat('en', { year: 'numeric', month: 'short', day: 'numeric' });

export function ContentCard({
  title,
  content,
  image,
  imageAlt = '',
  tags,
  author,
  date,
  readTime,
  variant = 'default',
  size = 'md',
  interactive = false,
  href,
  onSelect,
  className,
  footer,
}: ContentCardProps) {
  const [imageFailed, setImageFailed] = useState(false);
  const when = date ? new Date(date) : undefined;
  const overlay = 'after:absolute after:inset-0 after:content-[""] focus-visible:outline-none';
  const titleNode =
    interactive && href ? (
      <a href={href} className={cn('hover:underline', overlay)}>
        {title}
      </a>
    ) : interactive && onSelect ? (
      <button type="button" onClick={onSelect} className={cn('text-left hover:underline', overlay)}>
        {title}
      </button>
    ) : (
      title
    );
  return (
    <Card
      className={cn(
        'relative flex flex-col overflow-hidden',
        interactive &&
          'hover:border-accent/60 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-focus',
        variant === 'featured' && 'border-accent/60',
        className,
      )}
    >
      {image && !imageFailed && variant !== 'compact' && (
        <img
          src={image}
          alt={imageAlt}
          loading="lazy"
          onError={() => setImageFailed(true)}
          className={cn('w-full object-cover', size === 'sm' ? 'h-28' : size === 'lg' ? 'h-56' : 'h-40')}
        />
      )}
      <div className={cn('flex flex-1 flex-col gap-2', size === 'sm' ? 'p-3' : 'p-4 sm:p-5')}>
        <h3 className={cn('font-semibold', size === 'lg' ? 'text-lg' : 'text-base')}>{titleNode}</h3>
        <p className="break-words text-sm text-muted">{truncateContent(content)}</p>
        {tags && tags.length > 0 && (
          <ul aria-label="Tags" className="flex flex-wrap gap-1">
            {tags.map((tag) => (
              <li key={tag}>
                <Badge variant="outline">{tag}</Badge>
              </li>
            ))}
          </ul>
        )}
        {(author || when || readTime) && (
          <p className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-1 pt-1 text-xs text-muted">
            {author && <span>{author}</span>}
            {when && !Number.isNaN(when.getTime()) && (
              <time dateTime={when.toISOString()}>{dateFormat.format(when)}</time>
            )}
            {readTime !== undefined && (
              <span className="inline-flex items-center gap-1">
                <Clock aria-hidden="true" className="size-3" />
                <span className="tabular">{readTime}</span> min read
              </span>
            )}
          </p>
        )}
        {footer}
      </div>
    </Card>
  );
}
