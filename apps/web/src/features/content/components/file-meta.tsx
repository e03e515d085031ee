import type { ContentFile } from '@tp/shared';
import { formatBytes, formatCount } from '@/lib/format';
import { formatDateTime } from '@/lib/format-date';
import { useTimeZone } from '@/lib/time-zone';

/** Size, upload time and views of a file, in one line. */
export function FileMeta({ file }: { file: ContentFile }) {
  const timeZone = useTimeZone();
  return (
    <p className="tabular text-xs text-muted">
      {formatBytes(file.size)} · {formatDateTime(file.createdAt, timeZone)} · {formatCount(file.views)}{' '}
      {file.views === 1 ? 'view' : 'views'}
    </p>
  );
}
