/**
 * Copy, paste and duplicate of canvas nodes. Copy puts readable forms on the system clipboard
 * (canvasClipboard.ts). Paste goes to the given spot (the context menu's), else under the last
 * mouse position over the canvas, else the middle of the view, and from there to the nearest
 * spot where it covers no node; so this hook also tracks the pointer over the canvas element.
 */
import { useRef, type RefObject } from 'react';
import { App } from 'antd';
import { useReactFlow } from '@xyflow/react';
import type * as Y from 'yjs';
import type { CanvasNode } from '@atelier/canvas';
import { useSkillStore } from '../ai/skillStore';
import { clipForms, readClip, writeClip } from './canvasClipboard';
import { copyNodes, duplicateNodes, pasteClip, type Box, type CanvasClip, type SizeOf } from './canvasOps';
import { useCanvasT } from './useCanvasT';
import type { FlowNode } from './useCanvasFlow';
import { MAX_NODES } from './useCanvasPlacement';

interface ClipboardInput {
  doc: Y.Doc | null;
  readOnly: boolean;
  wrapper: RefObject<HTMLDivElement | null>;
  reportLimit: (error: unknown) => void;
  /** The boxes of the nodes on the canvas, as drawn: a paste or a copy goes where none is. */
  boxes: () => Box[];
  sizeOf: SizeOf;
}

/** An answer node reads as its answer (kept by the skill store), else as its card's preview. */
const answerText = (node: CanvasNode): string | undefined =>
  node.type === 'skillResponse' ? useSkillStore.getState().runs[node.data.entityId]?.content : undefined;

export function useCanvasClipboard({ doc, readOnly, wrapper, reportLimit, boxes, sizeOf }: ClipboardInput) {
  const ct = useCanvasT();
  const { message } = App.useApp();
  const flow = useReactFlow<FlowNode>();
  /** Last mouse position over the canvas (screen coordinates): where Ctrl+V pastes. */
  const pointer = useRef<{ x: number; y: number } | null>(null);

  const copy = async (ids: readonly string[]) => {
    if (!doc || ids.length === 0) return;
    const clip = copyNodes(doc, ids);
    await writeClip(clip, clipForms(clip, answerText));
    void message.success(ct('messages.copied', { count: clip.nodes.length }));
  };

  /** Pastes `given` (from a paste event), else what the canvas clipboard holds. */
  const paste = async (at?: { x: number; y: number }, given?: CanvasClip) => {
    if (!doc || readOnly) return;
    const clip = given ?? (await readClip());
    if (!clip || clip.nodes.length === 0) return void message.info(ct('messages.nothingToPaste'));
    try {
      const rect = wrapper.current?.getBoundingClientRect();
      const screen =
        pointer.current ??
        (rect ? { x: rect.left + rect.width / 2 - 120, y: rect.top + rect.height / 2 - 60 } : null);
      const target = at ?? (screen ? flow.screenToFlowPosition(screen) : undefined);
      // wanted where the pointer is, placed at the nearest spot where it covers no node
      const place = { avoid: boxes(), sizeOf, ...(target ? { at: target } : { offset: { x: 40, y: 40 } }) };
      const ids = pasteClip(doc, clip, place, MAX_NODES);
      void message.success(ct('messages.pasted', { count: ids.length }));
    } catch (error) {
      reportLimit(error);
    }
  };

  const duplicate = (ids: readonly string[]) => {
    if (!doc || readOnly || ids.length === 0) return;
    try {
      duplicateNodes(doc, ids, MAX_NODES, sizeOf);
    } catch (error) {
      reportLimit(error);
    }
  };

  /** Props for the canvas element, to know where the mouse is. */
  const pointerProps = {
    onPointerMove: (e: React.PointerEvent) => {
      pointer.current = { x: e.clientX, y: e.clientY };
    },
    onPointerLeave: () => {
      pointer.current = null;
    },
  };

  return { copy, paste, duplicate, pointerProps };
}
