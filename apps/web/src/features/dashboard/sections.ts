import type { DashboardSection } from '@tp/shared';

/** The widget area's tabs, in the spec's order (01 §2). */
export const SECTION_LABELS: Record<DashboardSection, string> = {
  overview: 'Overview',
  content: 'Content',
  testing: 'Testing',
  trading: 'Trading',
  analytics: 'Analytics',
  achievements: 'Achievements',
};
