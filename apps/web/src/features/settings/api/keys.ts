import type { LicenseState } from '@tp/shared';
import type { QueryClient } from '@tanstack/react-query';

/** Cache keys of the settings screens' queries. */
export const settingsKeys = {
  all: ['settings'] as const,
  sessions: () => [...settingsKeys.all, 'sessions'] as const,
  preferences: () => [...settingsKeys.all, 'preferences'] as const,
  license: () => [...settingsKeys.all, 'license'] as const,
  /** Under license: a new or removed key refreshes every feature check. */
  features: () => [...settingsKeys.license(), 'feature'] as const,
  feature: (feature: string) => [...settingsKeys.features(), feature] as const,
};

/** After a key is activated or removed: the license the server answered, and every feature check read again. */
export function licenseChanged(queryClient: QueryClient, answer: LicenseState) {
  queryClient.setQueryData(settingsKeys.license(), answer);
  void queryClient.invalidateQueries({ queryKey: settingsKeys.features() });
}
