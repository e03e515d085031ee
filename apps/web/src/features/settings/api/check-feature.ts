import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LicenseFeature } from '@tp/shared';
import { apiRequest } from '@/lib/api-client';
import { settingsKeys } from './keys';

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
