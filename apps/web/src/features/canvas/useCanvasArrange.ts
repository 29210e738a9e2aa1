/**
 * Arranging nodes: grouping a selection, and the automatic layout, run on demand or (with the
 * auto layout toggle) again whenever nodes or edges are added or removed.
 */
import { useCallback, useEffect } from 'react';
import { App } from 'antd';
import type * as Y from 'yjs';
import { autoLayout, groupNodes, type SizeOf } from './canvasOps';
import { useCanvasT } from './useCanvasT';

interface ArrangeInput {
  doc: Y.Doc | null;
  readOnly: boolean;
  sizeOf: SizeOf;
  autoLayoutOn: boolean;
  /** Changes when a node or edge is added or removed. */
  shape: string;
}

export function useCanvasArrange({ doc, readOnly, sizeOf, autoLayoutOn, shape }: ArrangeInput) {
  const ct = useCanvasT();
  const { message } = App.useApp();

  const group = (ids: readonly string[]) => {
    if (!doc || readOnly) return;
    if (ids.length < 2) return void message.info(ct('messages.groupNeedsTwo'));
    groupNodes(doc, ids, { sizeOf });
  };

  const layoutNow = useCallback(() => {
    if (doc && !readOnly) autoLayout(doc, { sizeOf });
  }, [doc, readOnly, sizeOf]);

  useEffect(() => {
    if (autoLayoutOn && shape !== '0:0') layoutNow();
  }, [autoLayoutOn, shape, layoutNow]);

  return { group, layoutNow };
}
