/**
 * Keyboard shortcuts of the canvas: Ctrl/Cmd + C copies, D duplicates and G groups the selected
 * nodes — unless the focus is in a field, an editor or the preview panel. Ctrl/Cmd + V is left to
 * the browser: its paste event carries the clipboard (nodes, files, links or text; useCanvasDrop).
 */
import { useEffect, useRef } from 'react';
import { useReactFlow } from '@xyflow/react';
import type { FlowNode } from './useCanvasFlow';

export interface ShortcutActions {
  copy: (ids: readonly string[]) => Promise<void>;
  duplicate: (ids: readonly string[]) => void;
  group: (ids: readonly string[]) => void;
}

export function isEditableTarget(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || typeof el.closest !== 'function') return false;
  return Boolean(el.closest('input, textarea, select, [contenteditable="true"], .canvas-screen__preview'));
}

export function useCanvasShortcuts(actions: ShortcutActions): void {
  const flow = useReactFlow<FlowNode>();
  // the listener stays; the actions it calls are the latest render's
  const latest = useRef(actions);
  latest.current = actions;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || isEditableTarget(e.target)) return;
      const key = e.key.toLowerCase();
      const selected = flow
        .getNodes()
        .filter((n) => n.selected)
        .map((n) => n.id);
      if (key === 'c' && selected.length) {
        e.preventDefault();
        void latest.current.copy(selected);
      } else if (key === 'd' && selected.length) {
        e.preventDefault();
        latest.current.duplicate(selected);
      } else if (key === 'g' && selected.length) {
        e.preventDefault();
        latest.current.group(selected);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [flow]);
}
