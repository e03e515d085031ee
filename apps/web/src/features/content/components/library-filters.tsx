import { useEffect, useState } from 'react';
import { FILE_CATEGORIES, SEARCH, type FileCategory, type Period } from '@tp/shared';
import { cn } from '@/lib/cn';
import { Input } from '@/ui/input';
import { NativeSelect } from '@/ui/native-select';
import { FIRST_FILES_QUERY, type FilesQuery } from '../api/get-files';
import { CATEGORY_LABELS } from '../content-format';

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

/** Debounces a value by the search delay, 300 ms (docs/product/content-hub.md#file-library). */
function useDebounced<T>(value: T, ms: number = SEARCH.debounceMs): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** The library's search, filters, sort and page, and the files query they make. */
export function useLibraryQuery() {
  const [search, setSearch] = useState('');
  const [period, setPeriod] = useState<Period>(FIRST_FILES_QUERY.period);
  const [category, setCategory] = useState<FileCategory | 'all'>(FIRST_FILES_QUERY.category);
  const [sort, setSort] = useState<FilesQuery['sort']>(FIRST_FILES_QUERY.sort);
  const [page, setPage] = useState(FIRST_FILES_QUERY.page);
  const debouncedSearch = useDebounced(search.trim());
  const query: FilesQuery = {
    page,
    limit: FIRST_FILES_QUERY.limit,
    period,
    category,
    sort,
    ...(debouncedSearch && { search: debouncedSearch }),
  };
  const filtered = Boolean(debouncedSearch) || period !== 'all' || category !== 'all';

  // a new filter starts from the first page
  useEffect(() => setPage(1), [debouncedSearch, period, category, sort]);

  return {
    filters: { search, setSearch, period, setPeriod, category, setCategory, sort, setSort },
    query,
    filtered,
    setPage,
  };
}

export type LibraryFilterState = ReturnType<typeof useLibraryQuery>['filters'];

/** Search box, period, category and sort, above the files. */
export function LibraryFilters({ filters }: { filters: LibraryFilterState }) {
  const { search, setSearch, period, setPeriod, category, setCategory, sort, setSort } = filters;
  return (
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
