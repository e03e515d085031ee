import { Upload } from 'lucide-react';
import { useId, useState, type DragEvent, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { MAX_FILES_REACHED } from '@/lib/file-validation';

export interface DropZoneProps {
  /** The files of a drop or a pick (not called while full). */
  onFiles(files: ArrayLike<File> | null | undefined): void;
  /** At the file limit: shows "Maximum files reached" and takes nothing. */
  full: boolean;
  /** Accepted patterns for the file picker ("image/*", ".pdf"); any by default. */
  accept?: readonly string[];
  /** The limits, under the button (the file input is described by it). */
  hint: ReactNode;
}

/**
 * A drag-and-drop area with a real file input behind "Browse files" (keyboard users pick files
 * the usual way). The highlight follows the drag and goes off on leave or drop (docs/product/ui-layer.md#file-list).
 */
export function DropZone({ onFiles, full, accept = [], hint }: DropZoneProps) {
  const inputId = useId();
  const hintId = useId();
  const [dragOver, setDragOver] = useState(false);

  const onDrag = (event: DragEvent<HTMLDivElement>, over: boolean) => {
    event.preventDefault();
    if (full) return;
    if (!over && event.currentTarget.contains(event.relatedTarget as Node | null)) return; // moved onto a child
    setDragOver(over);
  };

  return (
    <div
      data-testid="drop-zone"
      data-drag-over={dragOver || undefined}
      onDragEnter={(e) => onDrag(e, true)}
      onDragOver={(e) => onDrag(e, true)}
      onDragLeave={(e) => onDrag(e, false)}
      onDrop={(e) => {
        e.preventDefault();
        setDragOver(false);
        if (!full) onFiles(e.dataTransfer?.files);
      }}
      className={cn(
        'flex flex-col items-center gap-2 rounded-card border-2 border-dashed p-6 text-center transition-colors',
        dragOver ? 'border-accent bg-accent/10' : 'border-border bg-surface',
        full && 'opacity-70',
      )}
    >
      <Upload aria-hidden="true" className={cn('size-8', dragOver ? 'text-accent' : 'text-muted')} />
      {full ? (
        <p className="font-medium">{MAX_FILES_REACHED}</p>
      ) : (
        <>
          <p className="text-sm">{dragOver ? 'Drop the files to add them' : 'Drag and drop files here, or'}</p>
          <label
            htmlFor={inputId}
            className="inline-flex min-h-11 cursor-pointer items-center rounded-md bg-accent px-4 text-sm font-medium text-accent-fg hover:opacity-90 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-focus dense:min-h-10"
          >
            Browse files
            <input
              id={inputId}
              type="file"
              multiple
              accept={accept.join(',') || undefined}
              aria-describedby={hintId}
              className="sr-only"
              onChange={(e) => {
                onFiles(e.currentTarget.files);
                e.currentTarget.value = ''; // the same file can be picked again
              }}
            />
          </label>
        </>
      )}
      <p id={hintId} className="tabular text-xs text-muted">
        {hint}
      </p>
    </div>
  );
}
