/**
 * Library data through TanStack Query: paged lists per tab, resource detail, the mutations, and
 * the file upload with progress (XMLHttpRequest, since fetch cannot report upload progress).
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@atelier/contract/client';
import {
  errorMessage,
  type IndexStatus,
  type Resource,
  type ResourceType,
  type CreateResource,
} from '@atelier/contract';
import { api, API_BASE_PATH, refreshQueue } from '../../api/client';

export const PAGE_SIZE = 20;

export const libraryKeys = {
  all: ['library'] as const,
  resources: (filter: ResourceFilter) => ['library', 'resources', filter] as const,
  resourceLists: ['library', 'resources'] as const,
  resource: (resourceId: string) => ['library', 'resource', resourceId] as const,
  documents: ['library', 'documents'] as const,
  document: (docId: string) => ['library', 'document', docId] as const,
  canvases: ['library', 'canvases'] as const,
  projects: ['library', 'projects'] as const,
  search: (query: string) => ['library', 'search', query] as const,
};

export interface ResourceFilter {
  resourceType?: ResourceType | undefined;
  indexStatus?: IndexStatus | undefined;
}

/** States in which the server is still working on a resource (the list polls while any is shown). */
export const IN_PROGRESS: readonly IndexStatus[] = ['init', 'wait_parse', 'wait_index'];
export const isInProgress = (status: IndexStatus) => IN_PROGRESS.includes(status);
export const POLL_MS = 1500;

const nextPage = <T>(last: T[], all: T[][]) => (last.length < PAGE_SIZE ? undefined : all.length + 1);

export function useResourceList(filter: ResourceFilter) {
  return useInfiniteQuery({
    queryKey: libraryKeys.resources(filter),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api.call(
        'knowledge.resource.list',
        {
          query: {
            page: pageParam,
            pageSize: PAGE_SIZE,
            order: 'creationDesc',
            ...(filter.resourceType ? { resourceType: filter.resourceType } : {}),
            ...(filter.indexStatus ? { indexStatus: filter.indexStatus } : {}),
          },
        },
        { signal },
      ),
    getNextPageParam: nextPage,
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.some((r) => isInProgress(r.indexStatus))) ? POLL_MS : false,
  });
}

export function useResourceDetail(resourceId: string) {
  return useQuery({
    queryKey: libraryKeys.resource(resourceId),
    queryFn: ({ signal }) => api.call('knowledge.resource.detail', { query: { resourceId } }, { signal }),
    refetchInterval: (query) =>
      query.state.data && isInProgress(query.state.data.indexStatus) ? POLL_MS : false,
    meta: { silent: true },
  });
}

export function useDocumentList() {
  return useInfiniteQuery({
    queryKey: libraryKeys.documents,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api.call('knowledge.document.list', { query: { page: pageParam, pageSize: PAGE_SIZE } }, { signal }),
    getNextPageParam: nextPage,
  });
}

export function useDocumentDetail(docId: string) {
  return useQuery({
    queryKey: libraryKeys.document(docId),
    queryFn: ({ signal }) => api.call('knowledge.document.detail', { query: { docId } }, { signal }),
  });
}

export function useCanvasPages() {
  return useInfiniteQuery({
    queryKey: libraryKeys.canvases,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api.call('canvas.list', { query: { page: pageParam, pageSize: PAGE_SIZE } }, { signal }),
    getNextPageParam: nextPage,
  });
}

export function useProjectList() {
  return useInfiniteQuery({
    queryKey: libraryKeys.projects,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api.call('project.list', { query: { page: pageParam, pageSize: PAGE_SIZE } }, { signal }),
    getNextPageParam: nextPage,
  });
}

export function useLibraryMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: libraryKeys.all });
  return {
    deleteResource: useMutation({
      mutationFn: (resourceId: string) => api.call('knowledge.resource.delete', { body: { resourceId } }),
      onSuccess: refresh,
    }),
    deleteDocument: useMutation({
      mutationFn: (docId: string) => api.call('knowledge.document.delete', { body: { docId } }),
      onSuccess: refresh,
    }),
    deleteCanvas: useMutation({
      mutationFn: (canvasId: string) => api.call('canvas.delete', { body: { canvasId } }),
      onSuccess: () => {
        void client.invalidateQueries({ queryKey: ['canvas', 'list'] });
        return refresh();
      },
    }),
    deleteProject: useMutation({
      mutationFn: (projectId: string) => api.call('project.delete', { body: { projectId } }),
      onSuccess: refresh,
    }),
    reindex: useMutation({
      mutationFn: (resourceId: string) =>
        api.call('knowledge.resource.reindex', { body: { resourceIds: [resourceId] } }),
      onSuccess: (rows: Resource[]) => {
        for (const row of rows) client.setQueryData(libraryKeys.resource(row.resourceId), row);
        return client.invalidateQueries({ queryKey: libraryKeys.resourceLists });
      },
    }),
    /** Web links and pasted text; E2001 is shown by the caller (storage-exceeded modal). */
    createResources: useMutation({
      mutationFn: (items: CreateResource[]) =>
        items.length === 1
          ? api.call('knowledge.resource.create', { body: items[0]! }).then((r) => [r])
          : api.call('knowledge.resource.batchCreate', { body: { items } }),
      onSuccess: refresh,
      meta: { silent: true },
    }),
  };
}

// ---- upload with progress ----

interface Wrapper {
  success?: boolean;
  data?: unknown;
  errCode?: string;
  errMsg?: string;
  traceId?: string;
  stack?: string;
}

function sendForm(
  url: string,
  form: FormData,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<{ status: number; body: Wrapper | null }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: Wrapper | null = null;
      try {
        body = JSON.parse(xhr.responseText) as Wrapper;
      } catch {
        body = null;
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new ApiError('E0001'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/**
 * POST /knowledge/resource/createWithFile with upload progress. A 401 asks the shared refresh
 * queue once and sends again (like the fetch client); failures reject with an ApiError.
 */
export async function uploadResourceFile(
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<Resource> {
  const url = `${API_BASE_PATH}/knowledge/resource/createWithFile`;
  const build = () => {
    const form = new FormData();
    form.append('file', file, file.name);
    return form;
  };
  let outcome = await sendForm(url, build(), onProgress, signal);
  if (outcome.status === 401 && (await refreshQueue.refresh())) {
    outcome = await sendForm(url, build(), onProgress, signal);
  }
  const { status, body } = outcome;
  if (status >= 200 && status < 300 && body?.success) return body.data as Resource;
  const code = body?.errCode ?? (status === 401 ? 'E0011' : 'E0000');
  throw new ApiError(code, body?.errMsg ?? errorMessage(code), {
    status,
    ...(body?.traceId ? { traceId: body.traceId } : {}),
    ...(body?.stack ? { serverStack: body.stack } : {}),
  });
}

/** "Insufficient storage: only N files can be saved" → N (undefined when the message has no count). */
export function remainingFilesOf(error: unknown): number | undefined {
  const message = error instanceof Error ? error.message : '';
  const match = /only (\d+) files?/i.exec(message);
  return match ? Number(match[1]) : undefined;
}

export const isQuotaError = (error: unknown) => error instanceof ApiError && error.errCode === 'E2001';
export const isFileTooLarge = (error: unknown) =>
  error instanceof ApiError && /file size cannot exceed/i.test(error.message);
