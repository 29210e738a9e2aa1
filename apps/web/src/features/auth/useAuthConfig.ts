/** Which sign-in methods this instance offers (GET /auth/config). */
import { useApiQuery } from '../../api/apiQuery';

export function useAuthConfig() {
  return useApiQuery('auth.config', {}, { staleTime: Infinity });
}
