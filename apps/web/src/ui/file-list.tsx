import { Download, FileIcon, Trash2, Upload } from 'lucide-react';
import { useId, useState, type DragEvent } from 'react';
import { NOTIFICATIONS } from '@tp/shared';
import { cn } from '@/lib/cn';
import {
  FILE_LIST_DEFAULTS,
  FILE_UPLOAD_ERROR_TITLE,
  formatMegabytes,
  MAX_FILES_REACHED,
  rejectionLines,
  validateFiles,
} from '@/lib/file-validation';
import { useNotifications } from '@/lib/notifications';
import { Progress } from './progress';

/** A file of the upload list (spec 02 §3): id, name, type (MIME), size, url, uploadProgress (0-100). */
export interface FileItem {
  id: string;
  name: string;
  type: string;
  size: number;
  url?: string;
  uploadProgress?: number;
}

export interface FileListProps {
  files: readonly FileItem[];
  /** The valid files of a drop or a pick. */
  onFilesAdded?: (files: File[]) => void;
  onRemove?: (file: FileItem) => void;
  /** Called when a download starts (the link downloads `url`). */
  onDownload?: (file: FileItem) => void;
  /** Bytes; 10 MB by default. */
  maxFileSize?: number;
  /** Accepted patterns ("image/*", "application/pdf", ".csv"); any type by default. */
  accept?: readonly string[];
  /** 10 by default. */
  maxFiles?: number;
  /** Whether this user may upload at all. */
  allowUpload?: boolean;
  label?: string;
  className?: string;
}

const plural = (n: number) => (n === 1 ? '1 file is' : `${n} files are`);

/** File list with a drag-and-drop area (spec 02 §4/§5). Needs NotificationsProvider. */
export function FileList({
  files,
  onFilesAdded,
  onRemove,
  onDownload,
  maxFileSize = FILE_LIST_DEFAULTS.maxFileSize,
  accept = [],
  maxFiles = FILE_LIST_DEFAULTS.maxFiles,
  allowUpload = true,
  label = 'Files',
  className,
}: FileListProps) {
  const notifications = useNotifications();
  const inputId = useId();
  const hintId = useId();
  const [dragOver, setDragOver] = useState(false);
  const full = files.length >= maxFiles;
  const canUpload = allowUpload && !full;

  function add(list: ArrayLike<File> | null | undefined) {
    const picked = list ? Array.from(list) : [];
    if (picked.length === 0 || !canUpload) return;
    const { accepted, rejected } = validateFiles(picked, { maxFileSize, accept, maxFiles, currentCount: files.length });
    if (rejected.length > 0) {
      notifications.error(FILE_UPLOAD_ERROR_TITLE, rejectionLines(rejected), { autoClose: false });
    }
    if (accepted.length > 0) {
      onFilesAdded?.(accepted);
      notifications.success('Files Added', `${plural(accepted.length)} ready for upload`, {
        duration: NOTIFICATIONS.filesAddedMs,
      });
    }
  }

  const onDrag = (event: DragEvent<HTMLDivElement>, over: boolean) => {
    event.preventDefault();
    if (!canUpload) return;
    if (!over && event.currentTarget.contains(event.relatedTarget as Node | null)) return; // moved onto a child
    setDragOver(over);
  };

  return (
    <section aria-label={label} className={cn('flex flex-col gap-3', className)}>
      {allowUpload && (
        <div
          data-testid="drop-zone"
          data-drag-over={dragOver || undefined}
          onDragEnter={(e) => onDrag(e, true)}
          onDragOver={(e) => onDrag(e, true)}
          onDragLeave={(e) => onDrag(e, false)}
          onDrop={(e) => {
            e.preventDefault();
            setDragOver(false);
            add(e.dataTransfer?.files);
          }}
          className={cn(
            'flex flex-col items-center gap-2 rounded-card border-2 border-dashed p-6 text-center transition-colors',
            dragOver ? 'border-accent bg-accent/10' : 'border-border bg-surface',
            !canUpload && 'opacity-70',
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
                className="inline-flex min-h-11 cursor-pointer items-center rounded-md bg-accent px-4 text-sm font-medium text-accent-fg hover:opacity-90 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-focus md:min-h-10"
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
                    add(e.currentTarget.files);
                    e.currentTarget.value = ''; // the same file can be picked again
                  }}
                />
              </label>
            </>
          )}
          <p id={hintId} className="tabular text-xs text-muted">
            Up to {maxFiles} files, {formatMegabytes(maxFileSize)} each
            {accept.length > 0 ? `; ${accept.join(', ')}` : ''}. {files.length} of {maxFiles} used.
          </p>
        </div>
      )}
      {files.length > 0 && (
        <ul
          aria-label={`${label} list`}
          className="flex flex-col divide-y divide-border rounded-card border border-border bg-surface"
        >
          {files.map((file) => (
            <li key={file.id} className="flex flex-wrap items-center gap-3 p-3">
              <FileIcon aria-hidden="true" className="size-5 shrink-0 text-muted" />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium" title={file.name}>
                  {file.name}
                </p>
                <p className="tabular text-xs text-muted">
                  {formatMegabytes(file.size)}
                  {file.type ? ` · ${file.type}` : ''}
                </p>
                {file.uploadProgress !== undefined && file.uploadProgress < 100 && (
                  <Progress value={file.uploadProgress} label={`Uploading ${file.name}`} className="mt-1" />
                )}
              </div>
              <div className="flex shrink-0 gap-1">
                {file.url && (
                  <a
                    href={file.url}
                    download={file.name}
                    aria-label={`Download ${file.name}`}
                    onClick={() => {
                      onDownload?.(file);
                      notifications.info('Download Started', file.name, { duration: NOTIFICATIONS.downloadStartedMs });
                    }}
                    className="inline-flex size-11 items-center justify-center rounded-md text-muted hover:bg-surface-2 hover:text-fg md:size-9"
                  >
                    <Download aria-hidden="true" className="size-4" />
                  </a>
                )}
                {onRemove && (
                  <button
                    type="button"
                    aria-label={`Remove ${file.name}`}
                    onClick={() => {
                      onRemove(file);
                      notifications.info('File Removed', `${file.name} was removed`, {
                        duration: NOTIFICATIONS.fileRemovedMs,
                      });
                    }}
                    className="inline-flex size-11 items-center justify-center rounded-md text-muted hover:bg-surface-2 hover:text-loss md:size-9"
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
