import { useMutation } from '@tanstack/react-query';
import { TIMEOUTS_MS, type ProfileUpdate } from '@tp/shared';
import { apiRequest } from '@/lib/api-client';

/** PUT /api/auth/me — name and phone required, company and position optional. */
export function updateProfile(input: ProfileUpdate) {
  return apiRequest('/auth/me', {
    method: 'PUT',
    body: input,
    timeoutMs: TIMEOUTS_MS.auth,
    schema: 'profileUpdateResponseSchema',
  });
}

/** The answer's user replaces the AuthProvider's (the screen calls setUser); no query caches it. */
export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}
