import type { ContentFile } from '@tp/shared';

/** The files ticked for sharing, across pages and views. */
export interface Selection {
  isSelected(id: string): boolean;
  toggle(file: ContentFile): void;
}
