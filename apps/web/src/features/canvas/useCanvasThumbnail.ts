/**
 * The canvas's face in the list: a few seconds after the last local edit, and when the canvas is
 * left with edits not yet drawn, the canvas is rendered small (the PNG export at ≤ 480 px),
 * uploaded as a private file of the canvas (/misc/upload; later renders replace that file, so one
 * file per canvas) and stored as its minimap (/canvas/update minimapStorageKey). A canvas without
 * a thumbnail gets one once it has loaded. Failures stay quiet: the card keeps its placeholder.
 */
import { useLayoutEffect, useRef, type RefObject } from 'react';
import { theme } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useReactFlow, type Rect } from '@xyflow/react';
import type * as Y from 'yjs';
import type { Canvas } from '@atelier/contract';
import { useApiMutation } from '../../api/apiQuery';
import { formDataOf } from '../../api/formData';
import { canvasDetailKey } from './canvasQueries';
import { canvasToPng, EmptyCanvasError } from './exportImage';
import type { FlowNode } from './useCanvasFlow';

/** Quiet time after the last edit before the thumbnail is drawn. */
export const THUMBNAIL_DELAY_MS = 3000;
const THUMBNAIL_SIDE = 480;

interface Options {
  canvasId: string;
  doc: Y.Doc | null;
  wrapper: RefObject<HTMLDivElement | null>;
  /** The row as loaded (its current minimap key, if any); null while loading. */
  canvas: Canvas | undefined;
  /** Read-only canvases are not edited here, so their face does not change. */
  enabled: boolean;
}

/** A plain image of the background colour, for a canvas whose nodes were all removed. */
async function blankPng(background: string): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = 320;
  canvas.height = 200;
  const ctx = canvas.getContext('2d');
  if (ctx) {
    ctx.fillStyle = background;
    ctx.fillRect(0, 0, canvas.width, canvas.height);
  }
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no image'))), 'image/png'),
  );
}

/** The PNG inside a data: URL (decoded here: the app's CSP does not let fetch read data: URLs). */
function dataUrlToBlob(url: string): Blob {
  const [head = '', data = ''] = url.split(',', 2);
  const type = /^data:([^;,]+)/.exec(head)?.[1] ?? 'image/png';
  const binary = atob(data);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}

export function useCanvasThumbnail({ canvasId, doc, wrapper, canvas, enabled }: Options): void {
  const flow = useReactFlow<FlowNode>();
  const { token } = theme.useToken();
  const client = useQueryClient();
  const upload = useApiMutation('misc.upload', { meta: { silent: true } });
  const update = useApiMutation('canvas.update', {
    meta: { silent: true },
    invalidates: ['canvas.list'],
    onSuccess: (row) => client.setQueryData(canvasDetailKey(row.canvasId), row),
  });
  // what the effects below read at the moment they run, without restarting them
  const latest = useRef({ key: canvas?.minimapStorageKey ?? null, background: token.colorBgContainer });
  latest.current.background = token.colorBgContainer;
  if (canvas?.minimapStorageKey) latest.current.key = canvas.minimapStorageKey;
  const hasCanvas = canvas !== undefined;
  const missing = hasCanvas && !canvas.minimapStorageKey;

  // A layout effect: its clean-up runs while the canvas is still on the page (see below).
  useLayoutEffect(() => {
    if (!doc || !enabled || !hasCanvas) return;
    let dirty = missing;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let busy: Promise<void> = Promise.resolve();

    const store = async (image: Blob) => {
      const file = new File([image], `${canvasId}.png`, { type: 'image/png' });
      const key = latest.current.key;
      const saved = await upload.mutateAsync({
        body: formDataOf({
          file,
          entityType: 'canvas',
          entityId: canvasId,
          ...(key ? { storageKey: key } : {}),
        }),
      });
      latest.current.key = saved.storageKey;
      await update.mutateAsync({ body: { canvasId, minimapStorageKey: saved.storageKey } });
    };

    /** Draws `container` (attached to the page) and stores the result. */
    const draw = async (container: HTMLElement, bounds: Rect | null) => {
      const background = latest.current.background;
      let image: Blob;
      try {
        if (!bounds) throw new EmptyCanvasError();
        const url = await canvasToPng(container, bounds, background, THUMBNAIL_SIDE);
        image = dataUrlToBlob(url);
      } catch (error) {
        if (!(error instanceof EmptyCanvasError)) throw error;
        image = await blankPng(background);
      }
      await store(image);
    };

    /** Node bounds read now: React Flow empties its store as the canvas is left. */
    const boundsNow = (): Rect | null => {
      const nodes = flow.getNodes();
      return nodes.length ? flow.getNodesBounds(nodes) : null;
    };
    const run = (container: HTMLElement, bounds = boundsNow()) => {
      dirty = false;
      busy = busy.then(() => draw(container, bounds)).catch(() => undefined);
      return busy;
    };

    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (wrapper.current) void run(wrapper.current);
      }, THUMBNAIL_DELAY_MS);
    };
    if (dirty) schedule();

    const onUpdate = (_update: Uint8Array, _origin: unknown, _doc: Y.Doc, tr: Y.Transaction) => {
      // edits made here; what the server sends was drawn by the tab that made it
      if (!tr.local) return;
      dirty = true;
      schedule();
    };
    doc.on('update', onUpdate);
    return () => {
      doc.off('update', onUpdate);
      clearTimeout(timer);
      const container = wrapper.current;
      if (!dirty || !container) return;
      // Leaving with edits not yet drawn: the page is about to drop the canvas, so its flow
      // element moves to a hidden holder (same classes, so the same styles) to be drawn there.
      const flowElement = container.querySelector<HTMLElement>('.react-flow');
      if (!flowElement) return;
      const bounds = boundsNow();
      const holder = container.cloneNode(false) as HTMLElement;
      holder.setAttribute('aria-hidden', 'true');
      holder.removeAttribute('data-testid');
      Object.assign(holder.style, {
        position: 'fixed',
        left: '-10000px',
        top: '0',
        width: `${container.clientWidth}px`,
        height: `${container.clientHeight}px`,
        pointerEvents: 'none',
      });
      holder.appendChild(flowElement);
      // inside the app's theme scope (antd's CSS variables), outside the screen being removed
      const screen = container.closest('.canvas-screen')?.parentElement;
      (screen?.closest('[class*="css-var"]') ?? document.body).appendChild(holder);
      void run(holder, bounds).finally(() => holder.remove());
    };
    // restarted for another doc or canvas only; the mutations and colours are read when used
  }, [doc, enabled, hasCanvas, canvasId]);
}
