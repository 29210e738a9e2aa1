/**
 * The TanStack Query client. Failed queries and mutations are toasted by default (spec
 * section 8); a query or mutation that shows its error itself sets `meta: { silent: true }`.
 */
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { TRANSPORT_CODES } from '@atelier/contract';
import { reportError } from '../components/errorToast/reporter';
import { onLocalSessionEnd } from './endSession';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

function errCodeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { errCode?: unknown }).errCode;
  return typeof code === 'string' ? code : undefined;
}

/** Retry only what may pass next time: lost connections, not business answers. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  return failureCount < 3 && errCodeOf(error) === TRANSPORT_CODES.thrown;
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (!query.meta?.silent) reportError(error);
    },
  }),
  mutationCache: new MutationCache({
    onError: (error, _variables, _context, mutation) => {
      if (!mutation.meta?.silent) reportError(error);
    },
  }),
  defaultOptions: {
    queries: { retry: shouldRetryQuery, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

// a session that ends without a reload drops the cached server data
onLocalSessionEnd(() => queryClient.clear());
