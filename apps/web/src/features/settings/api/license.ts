import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LicenseFeature } from '@tp/shared';
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

/** GET /api/me/license/features/{feature} — 200 when licensed, 403 FEATURE_NOT_LICENSED with the upgrade message. */
export function checkFeature(feature: LicenseFeature, signal?: AbortSignal) {
  return apiRequest(`/me/license/features/${feature}`, { signal, schema: 'featureCheckResponseSchema' });
}

export const featureCheckQuery = (feature: LicenseFeature) =>
  queryOptions({
    queryKey: settingsKeys.feature(feature),
    queryFn: ({ signal }) => checkFeature(feature, signal),
    staleTime: 0,
    retry: false,
  });

export function useFeatureCheck(feature: LicenseFeature) {
  return useQuery(featureCheckQuery(feature));
}

/** POST /api/me/license {key} and DELETE /api/me/license; the license and every feature check are read again. */
export function useLicenseKey() {
  const queryClient = useQueryClient();
  const onSuccess = (answer: Awaited<ReturnType<typeof getLicense>>) => {
    queryClient.setQueryData(settingsKeys.license(), answer);
    void queryClient.invalidateQueries({ queryKey: settingsKeys.features() });
  };
  const activate = useMutation({
    mutationFn: (key: string) =>
      apiRequest('/me/license', { method: 'POST', body: { key }, retries: 0, schema: 'licenseStateSchema' }),
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: () => apiRequest('/me/license', { method: 'DELETE', retries: 0, schema: 'licenseStateSchema' }),
    onSuccess,
  });
  return { activate, remove };
}
