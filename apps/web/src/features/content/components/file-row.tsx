import type { ContentFile } from '@tp/shared';
import { Checkbox } from '@/ui/checkbox';
import { FileName } from '@/ui/file-name';
import { CATEGORY_ICONS } from './category-icons';
import { FileActions, VisibilitySwitch } from './file-actions';
import { FileMeta } from './file-meta';
import type { Selection } from './file-selection';
import { LinkUntilBadge } from './shared-links-panel';
import { VisibilityBadge } from './visibility-badge';

/** A file in the list view: select, name, badges, tags and description, and its actions. */
export function FileRow({ file, selection }: { file: ContentFile; selection: Selection }) {
  const Icon = CATEGORY_ICONS[file.category];
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 p-3" data-file-id={file.id}>
      <Checkbox
        aria-label={`Select ${file.name}`}
        checked={selection.isSelected(file.id)}
        onCheckedChange={() => selection.toggle(file)}
      />
      <Icon aria-hidden="true" className="size-5 shrink-0 text-muted" />
      <div className="min-w-0 flex-1 basis-40">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <FileName name={file.name} className="text-sm font-medium" />
          <VisibilityBadge file={file} />
          <LinkUntilBadge fileId={file.id} />
        </p>
        <FileMeta file={file} />
        {(file.description || file.tags.length > 0) && (
          <p className="truncate text-xs text-muted" title={file.description}>
            {file.tags.map((tag) => `#${tag}`).join(' ')}
            {file.tags.length > 0 && file.description ? ' · ' : ''}
            {file.description}
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-1">
        <VisibilitySwitch file={file} />
        <FileActions file={file} />
      </div>
    </li>
  );
}
