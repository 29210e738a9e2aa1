/** Which sign-in methods this instance offers (GET /auth/config). */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { queryKeys } from '../../api/queryClient';

export function useAuthConfig() {
  return useQuery({
    queryKey: queryKeys.authConfig,
    queryFn: ({ signal }) => api.call('auth.config', undefined, { signal }),
    staleTime: Infinity,
  });
}
