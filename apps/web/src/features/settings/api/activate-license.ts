import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { licenseChanged } from './keys';

/** POST /api/me/license {key} — the license and every feature check are read again. */
export function activateLicense(key: string) {
  return apiRequest('/me/license', { method: 'POST', body: { key }, schema: 'licenseStateSchema' });
}

export function useActivateLicense() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: activateLicense, onSuccess: (answer) => licenseChanged(queryClient, answer) });
}
