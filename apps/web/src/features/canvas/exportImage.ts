/**
 * Export the whole canvas as a PNG (React Flow's "download image" recipe): render the viewport
 * element with a transform that fits every node into the image, then download it.
 */
import { getViewportForBounds, type Rect } from '@xyflow/react';

export class EmptyCanvasError extends Error {
  constructor() {
    super('Canvas is empty, cannot export image');
  }
}

const MAX_SIDE = 4096;
const PADDING = 48;

/** Renders the canvas into a PNG data URL. Throws EmptyCanvasError when there is nothing to draw. */
export async function canvasToPng(
  container: HTMLElement,
  /** Bounds of every node (null or empty when the canvas has none). */
  bounds: Rect | null,
  background: string,
  /** Longest side of the image (thumbnails ask for a small one). */
  maxSide = MAX_SIDE,
): Promise<string> {
  if (!bounds || bounds.width <= 0 || bounds.height <= 0) throw new EmptyCanvasError();
  const viewport = container.querySelector<HTMLElement>('.react-flow__viewport');
  if (!viewport) throw new Error('canvas viewport not found');
  const scale = Math.min(1, maxSide / (bounds.width + PADDING * 2), maxSide / (bounds.height + PADDING * 2));
  const width = Math.max(64, Math.round((bounds.width + PADDING * 2) * scale));
  const height = Math.max(64, Math.round((bounds.height + PADDING * 2) * scale));
  const transform = getViewportForBounds(bounds, width, height, 0.05, 2, PADDING / Math.max(width, height));
  const { toPng } = await import('html-to-image');
  return toPng(viewport, {
    backgroundColor: background,
    width,
    height,
    style: {
      width: `${width}px`,
      height: `${height}px`,
      transform: `translate(${transform.x}px, ${transform.y}px) scale(${transform.zoom})`,
    },
  });
}

/** A file name from the canvas title: letters, digits and CJK kept, the rest dashed. */
export function imageFileName(title: string): string {
  const base = title
    .trim()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return `${base || 'canvas'}.png`;
}
