/**
 * The one way the web app reads and writes server data: TanStack Query hooks typed by the
 * contract's route table. A query is keyed `[routeId, input]`, so a mutation refreshes what it
 * changed by naming routes (`invalidates: ['canvas.list']`), and a cached row is written back with
 * `apiKey(routeId, input)`. Calls go through `api`, so the 401 refresh flow applies to all of them.
 */
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type UseInfiniteQueryOptions,
  type UseMutationOptions,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import type { RouteId, RouteResponse, Routes } from '@atelier/contract';
import type { CallInput } from '@atelier/contract/client';
import { api } from './client';

/** What a route answers with. */
export type ApiData<K extends RouteId> = RouteResponse<Routes[K]>;
/** What a route is called with (body, query, params). */
export type ApiInput<K extends RouteId> = CallInput<K>;
export type ApiKey<K extends RouteId> = readonly [K, ApiInput<K>];

/** The cache key of a route's answer to this input (for setQueryData and getQueryData). */
export function apiKey<K extends RouteId>(routeId: K, input: ApiInput<K> = {}): ApiKey<K> {
  return [routeId, input];
}

export type ApiQueryOptions<K extends RouteId, TData = ApiData<K>> = Omit<
  UseQueryOptions<ApiData<K>, Error, TData, ApiKey<K>>,
  'queryKey' | 'queryFn'
>;

/** Options of one route query, for `useQueries` (what useApiQuery passes to useQuery). */
export function apiQueryOptions<K extends RouteId, TData = ApiData<K>>(
  routeId: K,
  input: ApiInput<K> = {},
  options: ApiQueryOptions<K, TData> = {},
): UseQueryOptions<ApiData<K>, Error, TData, ApiKey<K>> {
  return {
    ...options,
    queryKey: apiKey(routeId, input),
    queryFn: ({ signal }) => api.call(routeId, input, { signal }),
  };
}

export function useApiQuery<K extends RouteId, TData = ApiData<K>>(
  routeId: K,
  input: ApiInput<K> = {},
  options: ApiQueryOptions<K, TData> = {},
) {
  return useQuery(apiQueryOptions(routeId, input, options));
}

/** Routes answering a page of rows for `page` and `pageSize` in the query. */
type PagedRouteId = {
  [K in RouteId]: ApiData<K> extends readonly unknown[]
    ? 'page' | 'pageSize' extends keyof NonNullable<ApiInput<K>['query']>
      ? K
      : never
    : never;
}[RouteId];

type PagedKey<K extends RouteId> = readonly [K, ApiInput<K>, 'pages'];

export type ApiPagedQueryOptions<K extends PagedRouteId> = Omit<
  UseInfiniteQueryOptions<ApiData<K>, Error, InfiniteData<ApiData<K>, number>, PagedKey<K>, number>,
  'queryKey' | 'queryFn' | 'initialPageParam' | 'getNextPageParam'
>;

/**
 * A list read page by page (1, 2, …) until a page comes back shorter than `pageSize`. Keyed
 * `[routeId, input, 'pages']`: invalidating the route refreshes it too.
 */
export function useApiPagedQuery<K extends PagedRouteId>(
  routeId: K,
  input: ApiInput<K> & { query: { pageSize: number } },
  options: ApiPagedQueryOptions<K> = {},
) {
  const pageSize = input.query.pageSize;
  return useInfiniteQuery({
    ...options,
    queryKey: [routeId, input, 'pages'] as PagedKey<K>,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api.call(routeId, { ...input, query: { ...input.query, page: pageParam } }, { signal }),
    getNextPageParam: (last, all) => (last.length < pageSize ? undefined : all.length + 1),
  });
}

export type ApiMutationOptions<K extends RouteId, TContext = unknown> = Omit<
  UseMutationOptions<ApiData<K>, Error, ApiInput<K>, TContext>,
  'mutationFn'
> & {
  /** Routes whose cached answers are stale once this succeeds (refetched before onSuccess runs). */
  invalidates?: readonly RouteId[];
};

export function useApiMutation<K extends RouteId, TContext = unknown>(
  routeId: K,
  { invalidates = [], onSuccess, ...options }: ApiMutationOptions<K, TContext> = {},
) {
  const invalidate = useInvalidateRoutes();
  return useMutation({
    ...options,
    mutationFn: (input: ApiInput<K>) => api.call(routeId, input),
    onSuccess: async (...args) => {
      await invalidate(invalidates);
      return onSuccess?.(...args);
    },
  });
}

/** Marks the cached answers of these routes stale (for work done outside useApiMutation). */
export function useInvalidateRoutes(): (routes: readonly RouteId[]) => Promise<void> {
  const client = useQueryClient();
  // one function per client, so an effect may depend on it
  return useCallback(
    async (routes: readonly RouteId[]) => {
      await Promise.all(routes.map((id) => client.invalidateQueries({ queryKey: [id] })));
    },
    [client],
  );
}
