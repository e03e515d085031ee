/** Cache keys of the settings screens' queries. */
export const settingsKeys = {
  all: ['settings'] as const,
  sessions: () => [...settingsKeys.all, 'sessions'] as const,
  preferences: () => [...settingsKeys.all, 'preferences'] as const,
  license: () => [...settingsKeys.all, 'license'] as const,
  feature: (feature: string) => [...settingsKeys.all, 'license', 'feature', feature] as const,
};
