import { queryOptions, useQuery } from '@tanstack/react-query';
import { getPreferences } from './preferences-requests';
import { settingsKeys } from './keys';

export const preferencesQuery = () =>
  queryOptions({ queryKey: settingsKeys.preferences(), queryFn: ({ signal }) => getPreferences(signal) });

export function usePreferences() {
  return useQuery(preferencesQuery());
}
