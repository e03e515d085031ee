import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TIMEOUTS_MS, type ProfileUpdate } from '@tp/shared';
import { apiRequest } from '@/lib/api-client';
import { parseLazy } from '@/lib/parse-lazy';
import { meQueryKey } from './get-me';

/** PUT /api/auth/me — name and phone required, company and position optional. */
export function updateProfile(input: ProfileUpdate) {
  return parseLazy(
    () => import('./schemas').then((m) => m.profileUpdateResponseSchema),
    apiRequest('/auth/me', { method: 'PUT', body: input, retries: 0, timeoutMs: TIMEOUTS_MS.auth }),
  );
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
