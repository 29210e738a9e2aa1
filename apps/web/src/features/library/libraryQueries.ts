/**
 * Library data through the typed API hooks: paged lists per tab, resource detail, the mutations, and
 * the file upload with progress (XMLHttpRequest, since fetch cannot report upload progress).
 */
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@atelier/contract/client';
import {
  errorMessage,
  type IndexStatus,
  type Resource,
  type ResourceType,
  type CreateResource,
  type RouteId,
} from '@atelier/contract';
import {
  apiKey,
  useApiMutation,
  useApiPagedQuery,
  useApiQuery,
  useInvalidateRoutes,
} from '../../api/apiQuery';
import { API_BASE_PATH, refreshQueue } from '../../api/client';

export const PAGE_SIZE = 20;

/** Every route the library shows: what a library change makes stale. */
export const LIBRARY_ROUTES = [
  'knowledge.resource.list',
  'knowledge.resource.detail',
  'knowledge.document.list',
  'knowledge.document.detail',
  'canvas.list',
  'project.list',
  'search.query',
] as const satisfies readonly RouteId[];

export interface ResourceFilter {
  resourceType?: ResourceType | undefined;
  indexStatus?: IndexStatus | undefined;
}

/** States in which the server is still working on a resource (the list polls while any is shown). */
export const IN_PROGRESS: readonly IndexStatus[] = ['init', 'wait_parse', 'wait_index'];
export const isInProgress = (status: IndexStatus) => IN_PROGRESS.includes(status);
export const POLL_MS = 1500;

export function useResourceList(filter: ResourceFilter) {
  const query = {
    pageSize: PAGE_SIZE,
    order: 'creationDesc' as const,
    ...(filter.resourceType ? { resourceType: filter.resourceType } : {}),
    ...(filter.indexStatus ? { indexStatus: filter.indexStatus } : {}),
  };
  return useApiPagedQuery(
    'knowledge.resource.list',
    { query },
    {
      refetchInterval: (q) =>
        q.state.data?.pages.some((page) => page.some((r) => isInProgress(r.indexStatus))) ? POLL_MS : false,
    },
  );
}

export const resourceDetailKey = (resourceId: string) =>
  apiKey('knowledge.resource.detail', { query: { resourceId } });

export function useResourceDetail(resourceId: string) {
  return useApiQuery(
    'knowledge.resource.detail',
    { query: { resourceId } },
    {
      refetchInterval: (query) =>
        query.state.data && isInProgress(query.state.data.indexStatus) ? POLL_MS : false,
      meta: { silent: true },
    },
  );
}

export function useDocumentList() {
  return useApiPagedQuery('knowledge.document.list', { query: { pageSize: PAGE_SIZE } });
}

export function useDocumentDetail(docId: string) {
  return useApiQuery('knowledge.document.detail', { query: { docId } });
}

export function useCanvasPages() {
  return useApiPagedQuery('canvas.list', { query: { pageSize: PAGE_SIZE } });
}

export function useProjectList() {
  return useApiPagedQuery('project.list', { query: { pageSize: PAGE_SIZE } });
}

export function useLibraryMutations() {
  const client = useQueryClient();
  const invalidate = useInvalidateRoutes();
  const invalidates = LIBRARY_ROUTES;
  return {
    deleteResource: useApiMutation('knowledge.resource.delete', { invalidates }),
    deleteDocument: useApiMutation('knowledge.document.delete', { invalidates }),
    deleteCanvas: useApiMutation('canvas.delete', { invalidates }),
    deleteProject: useApiMutation('project.delete', { invalidates: [...invalidates, 'project.detail'] }),
    reindex: useApiMutation('knowledge.resource.reindex', {
      onSuccess: (rows: Resource[]) => {
        for (const row of rows) client.setQueryData(resourceDetailKey(row.resourceId), row);
        return invalidate(['knowledge.resource.list']);
      },
    }),
  };
}

/**
 * Web links and pasted text: one item goes to `create`, more to `batchCreate`. E2001 is shown by
 * the caller (storage-exceeded modal), so failures are not toasted here.
 */
export function useCreateResources() {
  const options = { invalidates: LIBRARY_ROUTES, meta: { silent: true } };
  const one = useApiMutation('knowledge.resource.create', options);
  const many = useApiMutation('knowledge.resource.batchCreate', options);
  const create = (items: CreateResource[]): Promise<Resource[]> =>
    items.length === 1 && items[0]
      ? one.mutateAsync({ body: items[0] }).then((row) => [row])
      : many.mutateAsync({ body: { items } });
  return { create, isPending: one.isPending || many.isPending };
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
