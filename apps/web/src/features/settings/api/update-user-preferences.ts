import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dashboardKeys } from '@/features/dashboard';
import { deskKeys } from '@/features/desk';
import { useAuth } from '@/lib/auth-context';
import { updateUserPreferences } from './user-preferences-requests';
import { settingsKeys } from './keys';

/**
 * Saves preferences; a new time zone changes the dashboard's day, so its activity is read again,
 * and the user (whose profile shows the zone) is read again; a new home currency changes every
 * desk figure.
 */
export function useUpdateUserPreferences() {
  const queryClient = useQueryClient();
  const { refreshUser } = useAuth();
  return useMutation({
    mutationFn: updateUserPreferences,
    onSuccess: (answer, patch) => {
      queryClient.setQueryData(settingsKeys.preferences(), answer);
      // the desk's figures are in the home currency, and its "today" is the user's
      if (patch.homeCurrency || patch.display?.timezone) void queryClient.invalidateQueries({ queryKey: deskKeys.all });
      if (patch.display?.timezone) {
        void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
        refreshUser().catch(() => {});
      }
    },
  });
}
