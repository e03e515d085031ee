import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PreferencesPatch } from '@tp/shared';
import { dashboardKeys } from '@/features/dashboard';
import { apiRequest } from '@/lib/api-client';
import { settingsKeys } from './keys';

/** PATCH /api/me/preferences — any subset; the answer is the whole set. */
export function updatePreferences(patch: PreferencesPatch) {
  return apiRequest('/me/preferences', {
    method: 'PATCH',
    body: patch,
    retries: 0,
    schema: 'preferencesResponseSchema',
  });
}

/** Saves preferences; a new time zone changes the dashboard's day, so its activity is read again. */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePreferences,
    onSuccess: (answer, patch) => {
      queryClient.setQueryData(settingsKeys.preferences(), answer);
      if (patch.display?.timezone) void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    },
  });
}
