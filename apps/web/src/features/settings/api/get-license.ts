import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { settingsKeys } from './keys';

/** GET /api/me/license — the license in force (the base set without one), with a warning near expiry. */
export function getLicense(signal?: AbortSignal) {
  return apiRequest('/me/license', { signal, schema: 'licenseStateSchema' });
}

export const licenseQuery = () =>
  queryOptions({ queryKey: settingsKeys.license(), queryFn: ({ signal }) => getLicense(signal), staleTime: 0 });

export function useLicense() {
  return useQuery(licenseQuery());
}
