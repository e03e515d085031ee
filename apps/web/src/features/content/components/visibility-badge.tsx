import { Globe, Lock } from 'lucide-react';
import type { ContentFile } from '@tp/shared';
import { cn } from '@/lib/cn';
import { Badge } from '@/ui/badge';

/** Public or Private, as a badge. */
export function VisibilityBadge({ file, className }: { file: ContentFile; className?: string }) {
  return file.isPublic ? (
    <Badge variant="success" className={cn('gap-1', className)}>
      <Globe aria-hidden="true" className="size-3" /> Public
    </Badge>
  ) : (
    <Badge variant="outline" className={cn('gap-1', className)}>
      <Lock aria-hidden="true" className="size-3" /> Private
    </Badge>
  );
}
