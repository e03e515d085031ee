import { Download, FileIcon, Trash2 } from 'lucide-react';
import { cn } from '@/lib/cn';
import { FILE_LIST_DEFAULTS } from '@/lib/file-validation';
import { formatFileSize } from '@/lib/format';
import { useFileNotices } from '@/lib/file-notices';
import { useFileIntake } from '@/lib/use-file-intake';
import { DropZone } from '@/ui/drop-zone';
import { Progress } from '@/ui/progress';
import { Card } from '@/ui/card';

/**
 * A file of the upload list (docs/product/ui-layer.md#file-list): id, name, type (MIME), size, url,
 * uploadProgress (0-100).
 */
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

/** File list with a drag-and-drop area (docs/product/ui-layer.md#file-list). Needs NotificationsProvider. */
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
  const notices = useFileNotices();
  const full = files.length >= maxFiles;
  const add = useFileIntake({ maxFileSize, accept, maxFiles, currentCount: files.length, onAccepted: onFilesAdded });

  return (
    <section aria-label={label} className={cn('flex flex-col gap-3', className)}>
      {allowUpload && (
        <DropZone
          onFiles={add}
          full={full}
          accept={accept}
          hint={
            <>
              Up to {maxFiles} files, {formatFileSize(maxFileSize)} each
              {accept.length > 0 ? `; ${accept.join(', ')}` : ''}. {files.length} of {maxFiles} used.
            </>
          }
        />
      )}
      {files.length > 0 && (
        <Card as="ul" elevation="flat" aria-label={`${label} list`} className="flex flex-col divide-y divide-border">
          {files.map((file) => (
            <li key={file.id} className="flex flex-wrap items-center gap-3 p-3">
              <FileIcon aria-hidden="true" className="size-5 shrink-0 text-muted" />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium" title={file.name}>
                  {file.name}
                </p>
                <p className="tabular text-xs text-muted">
                  {formatFileSize(file.size)}
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
                      notices.downloadStarted(file.name);
                    }}
                    className="inline-flex size-11 items-center justify-center rounded-md text-muted hover:bg-surface-2 hover:text-fg dense:size-9"
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
                      notices.fileRemoved(file.name);
                    }}
                    className="inline-flex size-11 items-center justify-center rounded-md text-muted hover:bg-surface-2 hover:text-loss dense:size-9"
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                  </button>
                )}
              </div>
            </li>
          ))}
        </Card>
      )}
    </section>
  );
}
