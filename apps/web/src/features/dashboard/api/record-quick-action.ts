import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addProgress, type ActivityResponse, type QuickActionId } from '@tp/shared';
import { apiRequest, CLIENT_RETRIES } from '@/lib/api-client';
import { newId } from '@/lib/new-id';
import { timeZoneHeaders } from './browser-time-zone';
import { dashboardKeys } from './keys';

/**
 * POST /api/me/activity — one quick-action click: +10 % progress (at most 100) and its XP. The
 * click id makes the API client's retries count once.
 */
export function recordQuickAction(action: QuickActionId) {
  return apiRequest('/me/activity', {
    method: 'POST',
    body: { action, clickId: newId() },
    headers: timeZoneHeaders(),
    retries: CLIENT_RETRIES,
    schema: 'quickActionResponseSchema',
  });
}

/**
 * Records a click. Today's progress moves at once (the spec's +10 %) and then takes the server's
 * answer, which also refreshes the sidebar; a failed click puts the progress back.
 */
export function useRecordQuickAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordQuickAction,
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: dashboardKeys.activity() });
      const before = queryClient.getQueryData<ActivityResponse>(dashboardKeys.activity());
      if (before) {
        queryClient.setQueryData<ActivityResponse>(dashboardKeys.activity(), {
          ...before,
          progress: { ...before.progress, percent: addProgress(before.progress.percent) },
        });
      }
      return { before };
    },
    onSuccess: (answer) => {
      queryClient.setQueryData(dashboardKeys.activity(), answer.activity);
      if (answer.newAchievements.length > 0)
        void queryClient.invalidateQueries({ queryKey: dashboardKeys.achievements() });
    },
    onError: (_error, _action, context) => {
      if (context?.before) queryClient.setQueryData(dashboardKeys.activity(), context.before);
    },
  });
}
