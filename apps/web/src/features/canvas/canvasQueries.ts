/** Canvas rows (list, detail) and their mutations through TanStack Query and the contract client. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Canvas } from '@atelier/contract';
import { api } from '../../api/client';

export const canvasKeys = {
  list: ['canvas', 'list'] as const,
  detail: (canvasId: string) => ['canvas', 'detail', canvasId] as const,
};

export type CanvasFileFormat = 'json' | 'jsoncanvas';

export function useCanvasList() {
  return useQuery({
    queryKey: canvasKeys.list,
    queryFn: ({ signal }) => api.call('canvas.list', { query: { pageSize: 100 } }, { signal }),
    // a copy being made in the background: look again until it is ready or failed
    refetchInterval: (query) => (query.state.data?.some((c) => c.status === 'duplicating') ? 1500 : false),
  });
}

export function useCanvasDetail(canvasId: string) {
  return useQuery({
    queryKey: canvasKeys.detail(canvasId),
    queryFn: ({ signal }) => api.call('canvas.detail', { query: { canvasId } }, { signal }),
  });
}

/** Every change to a canvas row refreshes the list and caches the row it returned. */
export function useCanvasMutations() {
  const client = useQueryClient();
  const store = (canvas: Canvas) => {
    client.setQueryData(canvasKeys.detail(canvas.canvasId), canvas);
    void client.invalidateQueries({ queryKey: canvasKeys.list });
    return canvas;
  };
  return {
    create: useMutation({
      mutationFn: (title?: string) => api.call('canvas.create', { body: title ? { title } : {} }),
      onSuccess: store,
    }),
    update: useMutation({
      mutationFn: (body: { canvasId: string; title?: string; readOnly?: boolean }) =>
        api.call('canvas.update', { body }),
      onSuccess: store,
    }),
    duplicate: useMutation({
      mutationFn: (body: { canvasId: string; duplicateEntities: boolean; title?: string }) =>
        api.call('canvas.duplicate', { body }),
      onSuccess: store,
    }),
    remove: useMutation({
      mutationFn: (canvasId: string) => api.call('canvas.delete', { body: { canvasId } }),
      onSuccess: () => client.invalidateQueries({ queryKey: canvasKeys.list }),
    }),
    importFile: useMutation({
      mutationFn: (file: File) => {
        const form = new FormData();
        form.append('file', file);
        return api.call('canvas.import', { body: form });
      },
      onSuccess: store,
    }),
  };
}

/** Download address of a canvas file (the server sends it as an attachment). */
export function canvasExportUrl(canvasId: string, format: CanvasFileFormat): string {
  return api.url('canvas.export', { query: { canvasId, format } });
}
