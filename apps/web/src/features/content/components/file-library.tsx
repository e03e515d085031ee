import { useId } from 'react';
import { CONTENT_MESSAGES } from '@tp/shared';
import { cn } from '@/lib/cn';
import { formatCount } from '@/lib/format';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';
import { LoadError } from '@/ui/load-error';
import { useFiles } from '../api/get-files';
import { FileRow } from './file-row';
import type { Selection } from './file-selection';
import { GalleryCard } from './gallery-card';
import { LibraryFilters, useLibraryQuery } from './library-filters';
import { LibrarySkeleton } from './library-skeleton';

interface FileLibraryProps {
  view: 'list' | 'gallery';
  selection: Selection;
  /** What to do when there are no files at all (e.g. go to the upload tab). */
  emptyAction?: { label: string; onClick(): void };
}

/** The user's files with filters, a search inside them (server-side), pages, and per-file actions. */
export function FileLibrary({ view, selection, emptyAction }: FileLibraryProps) {
  const id = useId();
  const { filters, query, filtered, setPage } = useLibraryQuery();
  const files = useFiles(query);

  const heading = view === 'gallery' ? 'Gallery' : 'Your files';
  const data = files.data;
  const totalPages = data ? Math.max(1, Math.ceil(data.pagination.total / data.pagination.limit)) : 1;

  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${id}-heading`} className="text-lg font-semibold">
          {heading}
        </h2>
        {data && (
          <p className="tabular text-sm text-muted" aria-live="polite">
            {formatCount(data.pagination.total)} {data.pagination.total === 1 ? 'file' : 'files'}
          </p>
        )}
      </div>
      <LibraryFilters filters={filters} />

      {files.isPending ? (
        <LibrarySkeleton view={view} />
      ) : files.isError && !data ? (
        <LoadError
          error={files.error}
          fallback={CONTENT_MESSAGES.fetchFilesFailed}
          onRetry={() => void files.refetch()}
        />
      ) : data && data.files.length === 0 ? (
        <div className="flex flex-col items-start gap-3 rounded-card border border-dashed border-border p-6">
          {filtered ? (
            <p>{CONTENT_MESSAGES.noContentFound}</p>
          ) : (
            <p>
              {view === 'gallery'
                ? 'Your gallery is empty. Upload photos, price lists or certificates and they appear here.'
                : 'No files yet. Upload your first invoice, price list or product photo above.'}
            </p>
          )}
          {!filtered && emptyAction && (
            <Button variant="outline" onClick={emptyAction.onClick}>
              {emptyAction.label}
            </Button>
          )}
        </div>
      ) : data ? (
        <div aria-busy={files.isFetching || undefined} className={cn(files.isPlaceholderData && 'opacity-60')}>
          {view === 'gallery' ? (
            <ul aria-label="Gallery" className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
              {data.files.map((file) => (
                <GalleryCard key={file.id} file={file} selection={selection} />
              ))}
            </ul>
          ) : (
            <Card as="ul" elevation="flat" aria-label="Files" className="flex flex-col divide-y divide-border">
              {data.files.map((file) => (
                <FileRow key={file.id} file={file} selection={selection} />
              ))}
            </Card>
          )}
          {totalPages > 1 && (
            <nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-2">
              <Button variant="outline" disabled={!data.pagination.hasPrev} onClick={() => setPage((p) => p - 1)}>
                Previous
              </Button>
              <p className="tabular text-sm text-muted">
                Page {data.pagination.page} of {totalPages}
              </p>
              <Button variant="outline" disabled={!data.pagination.hasNext} onClick={() => setPage((p) => p + 1)}>
                Next
              </Button>
            </nav>
          )}
        </div>
      ) : null}
    </section>
  );
}
