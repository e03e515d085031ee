import type { ComponentType } from 'react';

/** A navigation entry (docs/product/ui-layer.md#navigation-menu). */
export interface NavigationItem {
  id: string;
  label: string;
  icon?: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  badge?: string | number;
  href?: string;
  disabled?: boolean;
  children?: NavigationItem[];
  onClick?: () => void;
}
