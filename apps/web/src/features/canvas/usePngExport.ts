/**
 * Export as image: renders every node of the canvas into a PNG on the theme's background colour
 * and downloads it, named after the canvas.
 */
import type { RefObject } from 'react';
import { App, theme } from 'antd';
import { useReactFlow } from '@xyflow/react';
import { saveUrl } from '../../platform/saveFile';
import { canvasToPng, EmptyCanvasError, imageFileName } from './exportImage';
import { useCanvasT } from './useCanvasT';
import type { FlowNode } from './useCanvasFlow';

export function usePngExport(wrapper: RefObject<HTMLDivElement | null>, title: string): () => Promise<void> {
  const ct = useCanvasT();
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const flow = useReactFlow<FlowNode>();
  return async () => {
    const container = wrapper.current;
    const all = flow.getNodes();
    try {
      if (!container || all.length === 0) throw new EmptyCanvasError();
      const png = await canvasToPng(container, flow.getNodesBounds(all), token.colorBgContainer);
      saveUrl(png, imageFileName(title));
    } catch (error) {
      void message.error(
        ct(error instanceof EmptyCanvasError ? 'messages.emptyExport' : 'messages.exportFailed'),
      );
    }
  };
}
