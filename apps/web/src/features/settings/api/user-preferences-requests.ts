import type { UserPreferencesPatch } from '@tp/shared';
import { apiRequest } from '@/lib/api-client';

/**
 * The preferences calls without TanStack Query: the theme sync (./theme-sync) runs on every
 * signed-in page, the landing page included, which does not load the query library (decision 0012).
 */

/**
 * GET /api/me/preferences — theme and display preferences kept on the server
 * (docs/product/settings.md#preferences-api).
 */
export function getUserPreferences(signal?: AbortSignal) {
  return apiRequest('/me/preferences', { signal, schema: 'userPreferencesResponseSchema' });
}

/** PATCH /api/me/preferences — any subset; the answer is the whole set. */
export function updateUserPreferences(patch: UserPreferencesPatch) {
  return apiRequest('/me/preferences', {
    method: 'PATCH',
    body: patch,
    schema: 'userPreferencesResponseSchema',
  });
}
