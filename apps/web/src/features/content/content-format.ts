import type { FileCategory } from '@tp/shared';
import { ApiError } from '@/lib/api-client';
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

/** The server's message when it sent one, otherwise the catalogue's default (spec 02 §8). */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status > 0) return error.message;
  return fallback;
}

/** A root-relative link made absolute, for copying or sending. */
export const absoluteUrl = (url: string) => new URL(url, window.location.origin).toString();
