import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuickActionId } from '@tp/shared';
import { apiRequest, CLIENT_RETRIES } from '@/lib/api-client';
import { timeZoneHeaders } from '@/lib/browser-time-zone';
import { newId } from '@/lib/new-id';
import { dashboardKeys } from './keys';

/**
 * POST /api/me/activity — one quick-action click: its XP the first time today, nothing after; it
 * ticks no goal and moves no progress. The click id makes the API client's retries count once.
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

/** Records a click; the server's answer refreshes today's figures (and the sidebar's). */
export function useRecordQuickAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordQuickAction,
    onSuccess: (answer) => {
      queryClient.setQueryData(dashboardKeys.activity(), answer.activity);
      if (answer.newAchievements.length > 0)
        void queryClient.invalidateQueries({ queryKey: dashboardKeys.achievements() });
    },
  });
}
