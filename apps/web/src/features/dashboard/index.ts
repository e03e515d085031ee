/**
 * What the shell reads from the dashboard feature: the user's activity (streak, goals, the
 * sidebar's Files, Views and Streak), kept in one query cache entry with the dashboard.
 */
export { activityQuery, useActivity } from './api/get-activity';
export { useAchievements } from './api/get-achievements';
export { dashboardKeys } from './api/keys';
