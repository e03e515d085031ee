import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dashboardKeys } from '@/features/dashboard';
import { useAuth } from '@/lib/auth-context';
import { updatePreferences } from './preferences-requests';
import { settingsKeys } from './keys';

/**
 * Saves preferences; a new time zone changes the dashboard's day, so its activity is read again,
 * and the user (whose profile shows the zone) is read again.
 */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  const { refreshUser } = useAuth();
  return useMutation({
    mutationFn: updatePreferences,
    onSuccess: (answer, patch) => {
      queryClient.setQueryData(settingsKeys.preferences(), answer);
      if (patch.display?.timezone) {
        void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
        refreshUser().catch(() => {});
      }
    },
  });
}
