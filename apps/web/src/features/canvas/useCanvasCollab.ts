/**
 * The canvas row and its live Y.Doc: loads the detail, opens the collab session, and keeps the
 * cached read-only flag in step when another tab or device switches it (reporting refused edits).
 */
import { App } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { Canvas } from '@atelier/contract';
import { canvasDetailKey, useCanvasDetail, useCanvasMutations } from './canvasQueries';
import { useCanvasT } from './useCanvasT';
import { useCollab } from './useCollab';

export function useCanvasCollab(canvasId: string) {
  const ct = useCanvasT();
  const { message } = App.useApp();
  const client = useQueryClient();
  const detail = useCanvasDetail(canvasId);
  const { update } = useCanvasMutations();
  const { session, status } = useCollab(`canvas:${canvasId}`, {
    // switched read-only (or back) in another tab or on another device
    onReadOnly: (readOnly, lostEdits) => {
      client.setQueryData<Canvas>(
        canvasDetailKey(canvasId),
        (current) => current && { ...current, readOnly },
      );
      if (lostEdits) void message.error(ct('messages.editsRefused'));
    },
  });
  return {
    detail,
    doc: session?.doc ?? null,
    // who else is here (presence): the session's awareness
    awareness: session?.provider.awareness ?? null,
    status,
    readOnly: detail.data?.readOnly ?? false,
    setReadOnly: (readOnly: boolean) => update.mutate({ body: { canvasId, readOnly } }),
  };
}
