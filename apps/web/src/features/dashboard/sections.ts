import type { DashboardSection } from '@tp/shared';

/** The widget area's tabs, in order (docs/product/dashboard.md#widget-area). */
export const SECTION_LABELS: Record<DashboardSection, string> = {
  overview: 'Overview',
  content: 'Content',
  testing: 'Testing',
  trading: 'Trading',
  analytics: 'Analytics',
  achievements: 'Achievements',
};
