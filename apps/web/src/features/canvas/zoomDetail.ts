/**
 * Level of detail: when the canvas is zoomed out so far that node text cannot be read, nodes
 * draw their frame, a large type icon and a title sized to stay readable on screen (the canvas
 * gets the `is-far` class and the `--canvas-zoom` variable). This keeps panning and zooming a
 * large canvas smooth, since the browser repaints far less per frame.
 */
import { useEffect } from 'react';
import { useStore, useStoreApi } from '@xyflow/react';

export const FAR_ZOOM = 0.45;
/** `--canvas-zoom` moves in steps this large: each change restyles every node once. */
const ZOOM_STEP = 0.05;

export function useFarZoom(): boolean {
  return useStore((state) => state.transform[2] < FAR_ZOOM);
}

/**
 * Writes the zoom (rounded down to a step, and only while zoomed far out) as `--canvas-zoom` on
 * the flow's element, without re-rendering anything: the far-zoom title divides its size by it.
 */
export function useZoomVariable(): void {
  const store = useStoreApi();
  useEffect(() => {
    let last = '';
    const write = (state: ReturnType<typeof store.getState>) => {
      const zoom = state.transform[2];
      const value =
        zoom < FAR_ZOOM ? String(Math.max(ZOOM_STEP, Math.floor(zoom / ZOOM_STEP) * ZOOM_STEP)) : '';
      if (value === last || !state.domNode) return;
      last = value;
      if (value) state.domNode.style.setProperty('--canvas-zoom', value);
      else state.domNode.style.removeProperty('--canvas-zoom');
    };
    write(store.getState());
    return store.subscribe(write);
  }, [store]);
}
