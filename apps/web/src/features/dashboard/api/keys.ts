/** Cache keys of the dashboard's queries (activity is read by the sidebar too). */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  activity: () => [...dashboardKeys.all, 'activity'] as const,
  achievements: () => [...dashboardKeys.all, 'achievements'] as const,
};
