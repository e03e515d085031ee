import { BookOpen, FileText, Image as ImageIcon, Search } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/ui/card';
import { Input } from '@/ui/input';
import { simulateSearch, type SearchResult } from './simulated-search';

export type DashboardWidgetType = 'search' | 'content' | 'knowledge' | 'media';

export interface WidgetItem {
  id: string;
  title: string;
  description?: string;
  url?: string;
  image?: string;
  date?: string;
}

export interface DashboardWidgetProps {
  /** search, content, knowledge or media; content by default. */
  type?: DashboardWidgetType;
  title?: string;
  description?: string;
  items?: readonly WidgetItem[];
  /** The search variant's search (default: the shared layer's simulated search). */
  onSearch?: (query: string, signal: AbortSignal) => Promise<SearchResult[]>;
  className?: string;
}

const META: Record<DashboardWidgetType, { title: string; icon: typeof Search; empty: string }> = {
  search: { title: 'Search', icon: Search, empty: 'No results found' },
  content: { title: 'Content', icon: FileText, empty: 'No content yet. Upload a file to see it here.' },
  knowledge: { title: 'Knowledge base', icon: BookOpen, empty: 'No articles yet.' },
  media: { title: 'Media', icon: ImageIcon, empty: 'No media yet. Upload an image or a video to see it here.' },
};

function SearchBody({ onSearch = simulateSearch }: Pick<DashboardWidgetProps, 'onSearch'>) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<SearchResult[] | null>(null);
  const [searching, setSearching] = useState(false);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    controller.current?.abort();
    const q = query.trim();
    if (!q) {
      setResults(null); // a blank query clears the results and does not search
      setSearching(false);
      return;
    }
    const current = new AbortController();
    controller.current = current;
    setSearching(true);
    try {
      const found = await onSearch(q, current.signal);
      if (!current.signal.aborted) setResults(found);
    } catch {
      if (!current.signal.aborted) setResults([]);
    } finally {
      if (!current.signal.aborted) setSearching(false);
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <form role="search" onSubmit={submit} className="flex gap-2">
        <label htmlFor={id} className="sr-only">
          Search
        </label>
        <Input
          id={id}
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Search content"
        />
        <Button type="submit" variant="secondary" aria-label="Search" size="icon" className="shrink-0">
          <Search aria-hidden="true" className="size-4" />
        </Button>
      </form>
      <div aria-live="polite">
        {searching ? (
          <p className="text-sm text-muted">Searching...</p>
        ) : results === null ? null : results.length === 0 ? (
          <p className="text-sm text-muted">{META.search.empty}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {results.map((r) => (
              <li key={r.id} className="rounded-md bg-surface-2 p-2 text-sm">
                <p className="font-medium">{r.name}</p>
                <p className="text-muted">{r.description}</p>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function ListBody({
  items,
  empty,
  withDescription,
}: {
  items: readonly WidgetItem[];
  empty: string;
  withDescription: boolean;
}) {
  if (items.length === 0) return <p className="text-sm text-muted">{empty}</p>;
  return (
    <ul className="flex flex-col divide-y divide-border">
      {items.map((item) => (
        <li key={item.id} className="py-2 text-sm">
          {item.url ? (
            <a href={item.url} className="inline-flex min-h-11 items-center font-medium hover:underline md:min-h-0">
              {item.title}
            </a>
          ) : (
            <p className="font-medium">{item.title}</p>
          )}
          {withDescription && item.description && <p className="text-muted">{item.description}</p>}
          {item.date && <p className="tabular text-xs text-muted">{item.date}</p>}
        </li>
      ))}
    </ul>
  );
}

function MediaThumb({ item }: { item: WidgetItem }) {
  const [failed, setFailed] = useState(false);
  return (
    <li className="overflow-hidden rounded-md bg-surface-2">
      {item.image && !failed ? (
        <img
          src={item.image}
          alt={item.title}
          loading="lazy"
          onError={() => setFailed(true)}
          className="aspect-video w-full object-cover"
        />
      ) : (
        <div className="flex aspect-video items-center justify-center text-muted">
          <ImageIcon aria-hidden="true" className="size-6" />
        </div>
      )}
      <p className="truncate px-2 py-1 text-xs">{item.title}</p>
    </li>
  );
}

/** Dashboard widget in four variants chosen by type (docs/product/ui-layer.md#dashboard-widget); content by default. */
export function DashboardWidget({
  type = 'content',
  title,
  description,
  items = [],
  onSearch,
  className,
}: DashboardWidgetProps) {
  const meta = META[type];
  const Icon = meta.icon;
  const headingId = useId();
  return (
    <Card className={className} data-widget={type}>
      <section aria-labelledby={headingId}>
        <CardHeader>
          <CardTitle id={headingId} className="flex items-center gap-2">
            <Icon aria-hidden="true" className="size-4 text-accent" />
            {title ?? meta.title}
          </CardTitle>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        <CardContent>
          {type === 'search' ? (
            <SearchBody onSearch={onSearch} />
          ) : type === 'media' ? (
            items.length === 0 ? (
              <p className="text-sm text-muted">{meta.empty}</p>
            ) : (
              <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
                {items.map((item) => (
                  <MediaThumb key={item.id} item={item} />
                ))}
              </ul>
            )
          ) : (
            <ListBody items={items} empty={meta.empty} withDescription={type === 'knowledge'} />
          )}
        </CardContent>
      </section>
    </Card>
  );
}
