/** Cache keys of the settings screens' queries. */
export const settingsKeys = {
  all: ['settings'] as const,
  sessions: () => [...settingsKeys.all, 'sessions'] as const,
};
