import type { FileCategory } from '@tp/shared';
import { dateTimeFormat } from '@/lib/intl';

export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

export const CATEGORY_LABELS: Record<FileCategory, string> = {
  image: 'Images',
  video: 'Videos',
  document: 'Documents',
  audio: 'Audio',
  other: 'Other',
};

/** A root-relative link made absolute, for copying or sending. */
export const absoluteUrl = (url: string) => new URL(url, window.location.origin).toString();
