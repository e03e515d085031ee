import { useState } from 'react';
import type { ContentFile } from '@tp/shared';
import { cn } from '@/lib/cn';
import { Card } from '@/ui/card';
import { Checkbox } from '@/ui/checkbox';
import { FileName } from '@/ui/file-name';
import { CATEGORY_ICONS } from './category-icons';
import { FileActions, VisibilitySwitch } from './file-actions';
import { FileMeta } from './file-meta';
import { FilePreviewDialog } from './file-preview-dialog';
import type { Selection } from './file-selection';
import { LinkUntilBadge } from './shared-links-panel';
import { VisibilityBadge } from './visibility-badge';

/** A file in the gallery: its thumbnail (which opens the preview), badges and actions. */
export function GalleryCard({ file, selection }: { file: ContentFile; selection: Selection }) {
  const Icon = CATEGORY_ICONS[file.category];
  const [broken, setBroken] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const selected = selection.isSelected(file.id);
  return (
    <Card
      as="li"
      elevation="flat"
      tone={selected ? 'accent' : 'default'}
      data-file-id={file.id}
      className={cn('flex flex-col overflow-hidden', selected && 'ring-2 ring-accent/40')}
    >
      <div className="relative flex aspect-video items-center sm:aspect-[4/3] justify-center bg-surface-2">
        {file.thumbnailUrl && !broken ? (
          // the image opens its preview
          <button
            type="button"
            aria-label={`Preview ${file.name}`}
            onClick={() => setPreviewing(true)}
            className="size-full cursor-zoom-in focus-visible:-outline-offset-2"
          >
            <img
              src={file.thumbnailUrl}
              alt=""
              loading="lazy"
              onError={() => setBroken(true)}
              className="size-full object-cover"
            />
          </button>
        ) : (
          <Icon aria-hidden="true" className="size-12 text-muted" />
        )}
        <div className="absolute left-2 top-2 rounded-md bg-surface/90 px-2">
          <Checkbox
            aria-label={`Select ${file.name}`}
            checked={selected}
            onCheckedChange={() => selection.toggle(file)}
          />
        </div>
        <div className="absolute right-2 top-2 flex flex-col items-end gap-1">
          {/* on its own solid chip: readable on a white photo and on a dark one, in either theme */}
          <VisibilityBadge file={file} className="bg-surface shadow-card" />
          <LinkUntilBadge fileId={file.id} />
        </div>
      </div>
      {previewing && <FilePreviewDialog file={file} open onOpenChange={setPreviewing} />}
      <div className="flex flex-col gap-1 p-3">
        <p className="text-sm font-medium">
          <FileName name={file.name} />
        </p>
        <FileMeta file={file} />
        <div className="flex flex-wrap items-center justify-between gap-1">
          <VisibilitySwitch file={file} />
          <FileActions file={file} />
        </div>
      </div>
    </Card>
  );
}
