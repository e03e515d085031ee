import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { settingsKeys } from './keys';

/** GET /api/me/preferences — theme and display preferences kept on the server (spec 02 §3). */
export function getPreferences(signal?: AbortSignal) {
  return apiRequest('/me/preferences', { signal, schema: 'preferencesResponseSchema' });
}

export const preferencesQuery = () =>
  queryOptions({ queryKey: settingsKeys.preferences(), queryFn: ({ signal }) => getPreferences(signal) });

export function usePreferences() {
  return useQuery(preferencesQuery());
}
