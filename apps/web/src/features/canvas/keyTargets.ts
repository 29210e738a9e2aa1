/**
 * Where a key press happened, for the canvas's keyboard hooks: typing in a field or an editor
 * keeps its keys, and so do dialogs and the preview panel.
 */

/** The focused element is a field or an editor (the key is text, not a command). */
export function isTypingTarget(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || typeof el.closest !== 'function') return false;
  return Boolean(el.closest('input, textarea, select, [contenteditable="true"], [contenteditable=""]'));
}

/** The key press belongs to something else than the canvas: a dialog, a menu or the preview panel. */
export function isOutsideCanvas(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || typeof el.closest !== 'function') return false;
  return Boolean(
    el.closest('.ant-modal-wrap, .ant-modal-root, .ant-dropdown, .ant-popover, .canvas-screen__preview'),
  );
}

/** A command key for the canvas: not typed into a field, not meant for a dialog or the preview. */
export function isCanvasKeyTarget(target: EventTarget | null): boolean {
  return !isTypingTarget(target) && !isOutsideCanvas(target);
}
