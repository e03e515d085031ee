import { cn } from '@/lib/cn';
import { Skeleton } from '@/ui/skeleton';

/** The library while its first page loads, shaped like the view. */
export function LibrarySkeleton({ view }: { view: 'list' | 'gallery' }) {
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
