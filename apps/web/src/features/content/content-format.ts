import type { FileCategory } from '@tp/shared';

export const CATEGORY_LABELS: Record<FileCategory, string> = {
  image: 'Images',
  video: 'Videos',
  document: 'Documents',
  audio: 'Audio',
  other: 'Other',
};

/** A root-relative link made absolute, for copying or sending. */
export const absoluteUrl = (url: string) => new URL(url, window.location.origin).toString();
