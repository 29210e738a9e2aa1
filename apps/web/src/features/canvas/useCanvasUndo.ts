/**
 * Undo and redo on the canvas by keyboard: Ctrl/Cmd+Z undoes, Ctrl/Cmd+Shift+Z and Ctrl+Y redo
 * one step of this tab's own edits (the toolbar buttons use the same manager). Not while the
 * focus is in a field, an editor or the preview panel: their own undo applies there.
 *
 * Steps: every pointer press and every key press outside a text field begins a new step
 * (`stopCapturing`), so two quick actions never merge, while a drag or a burst of typing stays one.
 */
import { useEffect, useRef } from 'react';
import type * as Y from 'yjs';

function isEditableTarget(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || typeof el.closest !== 'function') return false;
  return Boolean(el.closest('input, textarea, select, [contenteditable="true"], .canvas-screen__preview'));
}

/** Which history command a key press asks for, if any. */
export function undoCommand(e: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}): 'undo' | 'redo' | null {
  if (!(e.ctrlKey || e.metaKey) || e.altKey) return null;
  const key = e.key.toLowerCase();
  if (key === 'z') return e.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && e.ctrlKey && !e.shiftKey) return 'redo';
  return null;
}

export function useCanvasUndo(undoManager: Y.UndoManager | null, readOnly: boolean): void {
  const readOnlyNow = useRef(readOnly);
  readOnlyNow.current = readOnly;
  useEffect(() => {
    if (!undoManager) return;
    const boundary = () => undoManager.stopCapturing();
    const onPointerDown = () => boundary();
    const onKeyDown = (e: KeyboardEvent) => {
      if (isEditableTarget(e.target)) return;
      boundary();
      const command = undoCommand(e);
      if (!command) return;
      e.preventDefault();
      if (readOnlyNow.current) return;
      if (command === 'undo') undoManager.undo();
      else undoManager.redo();
    };
    // capture: a step begins before the action's own handlers write to the document
    window.addEventListener('pointerdown', onPointerDown, true);
    window.addEventListener('keydown', onKeyDown, true);
    return () => {
      window.removeEventListener('pointerdown', onPointerDown, true);
      window.removeEventListener('keydown', onKeyDown, true);
    };
  }, [undoManager]);
}
