import { queryOptions, useQuery } from '@tanstack/react-query';
import { getUserPreferences } from './user-preferences-requests';
import { settingsKeys } from './keys';

export const userPreferencesQuery = () =>
  queryOptions({ queryKey: settingsKeys.preferences(), queryFn: ({ signal }) => getUserPreferences(signal) });

export function useUserPreferences() {
  return useQuery(userPreferencesQuery());
}
