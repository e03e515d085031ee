export type ClassValue = string | false | null | undefined | 0;

/** Joins the truthy class names (the design system's only class helper; no merge rules needed). */
export function cn(...parts: ClassValue[]): string {
  return parts.filter(Boolean).join(' ');
}
