import { FileArchive, FileAudio, FileImage, FileText, FileVideo, Globe, Lock, type LucideIcon } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import {
  CONTENT_MESSAGES,
  FILE_CATEGORIES,
  FILE_LIST,
  SEARCH,
  type ContentFile,
  type FileCategory,
  type Period,
} from '@tp/shared';
import { cn } from '@/lib/cn';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Checkbox } from '@/ui/checkbox';
import { Input } from '@/ui/input';
import { NativeSelect } from '@/ui/native-select';
import { Skeleton } from '@/ui/skeleton';
import { useFiles, type FilesQuery } from '../api/get-files';
import { LoadError } from '@/ui/load-error';
import { formatBytes } from '@/lib/format';
import { formatDateTime } from '@/lib/format-date';
import { CATEGORY_LABELS } from '../content-format';
import { formatCount } from '@/lib/format';
import { FileActions, VisibilitySwitch } from './file-actions';
import { FilePreviewDialog } from './file-preview-dialog';
import { FileName } from '@/ui/file-name';
import { LinkUntilBadge } from './shared-links-panel';
import { Card } from '@/ui/card';
import { useTimeZone } from '@/lib/time-zone';

export const CATEGORY_ICONS: Record<FileCategory, LucideIcon> = {
  image: FileImage,
  video: FileVideo,
  document: FileText,
  audio: FileAudio,
  other: FileArchive,
};

const PERIODS: { value: Period; label: string }[] = [
  { value: 'all', label: 'All time' },
  { value: 'today', label: 'Today' },
  { value: 'week', label: 'This week' },
  { value: 'month', label: 'This month' },
];
const SORTS = [
  { value: 'recent', label: 'Newest first' },
  { value: 'name', label: 'Name' },
  { value: 'size', label: 'Largest first' },
] as const;

export interface Selection {
  isSelected(id: string): boolean;
  toggle(file: ContentFile): void;
}

interface FileLibraryProps {
  view: 'list' | 'gallery';
  selection: Selection;
  /** What to do when there are no files at all (e.g. go to the upload tab). */
  emptyAction?: { label: string; onClick(): void };
}

/** Debounces a value by the search delay, 300 ms (docs/product/content-hub.md#file-library). */
function useDebounced<T>(value: T, ms: number = SEARCH.debounceMs): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** The user's files with filters, a search inside them (server-side), pages, and per-file actions. */
export function FileLibrary({ view, selection, emptyAction }: FileLibraryProps) {
  const id = useId();
  const [search, setSearch] = useState('');
  const [period, setPeriod] = useState<Period>('all');
  const [category, setCategory] = useState<FileCategory | 'all'>('all');
  const [sort, setSort] = useState<FilesQuery['sort']>('recent');
  const [page, setPage] = useState(1);
  const debouncedSearch = useDebounced(search.trim());
  const query: FilesQuery = {
    page,
    limit: FILE_LIST.defaultLimit,
    period,
    category,
    sort,
    ...(debouncedSearch && { search: debouncedSearch }),
  };
  const files = useFiles(query);
  const filtered = Boolean(debouncedSearch) || period !== 'all' || category !== 'all';

  // a new filter starts from the first page
  useEffect(() => setPage(1), [debouncedSearch, period, category, sort]);

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
      <div role="search" className="grid grid-cols-2 gap-2 lg:grid-cols-4">
        <label className="col-span-2 flex flex-col gap-1 text-sm font-medium lg:col-span-1">
          Search your files
          <Input
            type="search"
            value={search}
            placeholder="Name, tag or any word"
            className="font-normal"
            onChange={(e) => setSearch(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') e.preventDefault();
            }}
          />
        </label>
        <FilterSelect label="Period" value={period} options={PERIODS} onChange={(v) => setPeriod(v as Period)} />
        <FilterSelect
          label="Category"
          value={category}
          options={[
            { value: 'all', label: 'All categories' },
            ...FILE_CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABELS[c] })),
          ]}
          onChange={(v) => setCategory(v as FileCategory | 'all')}
        />
        <FilterSelect
          className="col-span-2 lg:col-span-1"
          label="Sort"
          value={sort}
          options={SORTS}
          onChange={(v) => setSort(v as typeof sort)}
        />
      </div>

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

function FilterSelect({
  className,
  label,
  value,
  options,
  onChange,
}: {
  className?: string;
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange(value: string): void;
}) {
  return (
    <label className={cn('flex flex-col gap-1 text-sm font-medium', className)}>
      {label}
      <NativeSelect value={value} options={options} onChange={onChange} className="font-normal" />
    </label>
  );
}

function VisibilityBadge({ file, className }: { file: ContentFile; className?: string }) {
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

function FileMeta({ file }: { file: ContentFile }) {
  const timeZone = useTimeZone();
  return (
    <p className="tabular text-xs text-muted">
      {formatBytes(file.size)} · {formatDateTime(file.createdAt, timeZone)} · {formatCount(file.views)}{' '}
      {file.views === 1 ? 'view' : 'views'}
    </p>
  );
}

function FileRow({ file, selection }: { file: ContentFile; selection: Selection }) {
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

function GalleryCard({ file, selection }: { file: ContentFile; selection: Selection }) {
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

function LibrarySkeleton({ view }: { view: 'list' | 'gallery' }) {
  return (
    <div
      role="status"
      aria-busy="true"
      className={cn(view === 'gallery' ? 'grid gap-3 sm:grid-cols-2 xl:grid-cols-3' : 'flex flex-col gap-2')}
    >
      <span className="sr-only">Loading files</span>
      {Array.from({ length: view === 'gallery' ? 6 : 4 }, (_, i) =>
        view === 'gallery' ? (
          <Skeleton key={i} className="aspect-[4/3] w-full" />
        ) : (
          <Skeleton key={i} className="h-16 w-full" />
        ),
      )}
    </div>
  );
}
