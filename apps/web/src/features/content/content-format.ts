import type { FileCategory } from '@tp/shared';
import { ApiError } from '@/lib/api-client';
import { dateTimeFormat, numberFormat } from '@/lib/intl';

/** Bytes for people: 0 B, 12.3 KB, 4.56 MB, 1.2 GB (1024-based, as the 25 MB limit is). */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 ? 0 : value < 10 ? 2 : 1;
  return `${numberFormat(undefined, { maximumFractionDigits: digits }).format(value)} ${units[unit]}`;
}

export const formatCount = (value: number) => numberFormat(undefined).format(value);

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
