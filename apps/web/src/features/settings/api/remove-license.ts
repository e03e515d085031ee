import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { licenseChanged } from './keys';

/** DELETE /api/me/license — back to the base set; the license and every feature check are read again. */
export function removeLicense() {
  return apiRequest('/me/license', { method: 'DELETE', schema: 'licenseStateSchema' });
}

export function useRemoveLicense() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeLicense, onSuccess: (answer) => licenseChanged(queryClient, answer) });
}
