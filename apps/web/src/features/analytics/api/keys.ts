/** Cache keys of the analytics screen's queries. */
export const analyticsKeys = {
  all: ['analytics'] as const,
  activity: () => [...analyticsKeys.all, 'activity'] as const,
};
