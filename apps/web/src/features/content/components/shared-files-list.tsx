import { Globe, Lock } from 'lucide-react';
import type { ContentFile } from '@tp/shared';
import { formatFileSize } from '@/lib/format';
import { FileName } from '@/ui/file-name';

/** The files being shared, with size and whether each is public. */
export function SharedFiles({ files, headingId }: { files: readonly ContentFile[]; headingId: string }) {
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="text-sm font-semibold">
        Files ({files.length})
      </h3>
      <ul className="flex max-h-40 flex-col divide-y divide-border overflow-y-auto rounded-md border border-border">
        {files.map((file) => (
          <li key={file.id} className="flex items-center gap-2 px-3 py-2 text-sm">
            <FileName name={file.name} className="min-w-0 flex-1" />
            <span className="tabular text-muted">{formatFileSize(file.size)}</span>
            <span className="flex items-center gap-1 text-xs text-muted">
              {file.isPublic ? (
                <>
                  <Globe aria-hidden="true" className="size-3" /> Public
                </>
              ) : (
                <>
                  <Lock aria-hidden="true" className="size-3" /> Private
                </>
              )}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
