/**
 * Brings a node just placed by AI into view (the canvas renders only what is on screen, and an
 * answer placed right of its context is often past the edge), keeping the current zoom.
 */
import { useCallback } from 'react';
import { useReactFlow } from '@xyflow/react';
import { motionMs } from '../../stores/themeStore';

export function useReveal(): (nodeId: string) => void {
  const flow = useReactFlow();
  return useCallback(
    (nodeId: string) => {
      // the node reaches React Flow on the next render of the canvas
      setTimeout(() => {
        const node = flow.getNode(nodeId);
        if (!node) return;
        const width = node.measured?.width ?? node.width ?? 380;
        const height = node.measured?.height ?? node.height ?? 200;
        void flow.setCenter(node.position.x + width / 2, node.position.y + Math.min(height, 300) / 2, {
          zoom: flow.getZoom(),
          duration: motionMs(300),
        });
      }, 50);
    },
    [flow],
  );
}
