/** Canvas rows (list, detail) and their mutations, through the typed API hooks. */
import { useQueryClient } from '@tanstack/react-query';
import type { Canvas } from '@atelier/contract';
import { api } from '../../api/client';
import { apiKey, useApiMutation, useApiQuery } from '../../api/apiQuery';

export type CanvasFileFormat = 'json' | 'jsoncanvas';

/** The list shown on the canvas screen, the home page and in pickers (one cache entry for all). */
export const CANVAS_LIST_INPUT = { query: { pageSize: 100 } };

export function useCanvasList() {
  return useApiQuery('canvas.list', CANVAS_LIST_INPUT, {
    // a copy being made in the background: look again until it is ready or failed
    refetchInterval: (query) => (query.state.data?.some((c) => c.status === 'duplicating') ? 1500 : false),
  });
}

export const canvasDetailKey = (canvasId: string) => apiKey('canvas.detail', { query: { canvasId } });

export function useCanvasDetail(canvasId: string) {
  return useApiQuery('canvas.detail', { query: { canvasId } });
}

/** Every change to a canvas row refreshes the lists and caches the row it returned. */
export function useCanvasMutations() {
  const client = useQueryClient();
  const store = (canvas: Canvas) => client.setQueryData(canvasDetailKey(canvas.canvasId), canvas);
  const invalidates = ['canvas.list'] as const;
  return {
    create: useApiMutation('canvas.create', { invalidates, onSuccess: store }),
    update: useApiMutation('canvas.update', { invalidates, onSuccess: store }),
    duplicate: useApiMutation('canvas.duplicate', { invalidates, onSuccess: store }),
    remove: useApiMutation('canvas.delete', { invalidates }),
    importFile: useApiMutation('canvas.import', { invalidates, onSuccess: store }),
  };
}

/** Download address of a canvas file (the server sends it as an attachment). */
export function canvasExportUrl(canvasId: string, format: CanvasFileFormat): string {
  return api.url('canvas.export', { query: { canvasId, format } });
}
