/**
 * Level of detail: when the canvas is zoomed out so far that node text cannot be read, nodes
 * draw only their frame and title (the canvas gets the `is-far` class). This keeps panning and
 * zooming a large canvas smooth, since the browser repaints far less per frame.
 */
import { useStore } from '@xyflow/react';

export const FAR_ZOOM = 0.45;

export function useFarZoom(): boolean {
  return useStore((state) => state.transform[2] < FAR_ZOOM);
}
