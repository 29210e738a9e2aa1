/**
 * A memo created by this person (toolbar or double-click) takes the keyboard: the creator asks
 * for its focus, and the memo's editor takes it once it can. Memos that arrive from other tabs
 * are never focused.
 *
 * React Flow keeps a new node hidden until it has measured it, and a hidden field takes no
 * focus. On a slow or busy machine that can take many frames, so the request stays open until
 * the field has the focus, a newer memo asks for it, or the person starts typing somewhere else.
 */
let pending: string | null = null;

/**
 * Asks for the focus of a memo this person just made. Making it ends the writing in any other
 * field (the toolbar button keeps the keyboard where it was, e.g. in the previous memo), so that
 * field lets the keyboard go now and only typing that starts elsewhere later keeps it.
 */
export function requestMemoFocus(nodeId: string): void {
  pending = nodeId;
  const active = document.activeElement;
  if (active instanceof HTMLElement && active !== document.body && typingElsewhere(null)) active.blur();
}

/** True while the focus of this memo is still wanted. */
export function wantsMemoFocus(nodeId: string): boolean {
  return pending === nodeId;
}

/** The memo got the focus, or gave up on it: the request is done. */
export function settleMemoFocus(nodeId: string): void {
  if (pending === nodeId) pending = null;
}

/** True when the person is typing into some other field, which a late focus must not steal. */
export function typingElsewhere(field: Element | null): boolean {
  const active = document.activeElement;
  if (!active || active === field || active === document.body) return false;
  return (
    active instanceof HTMLInputElement ||
    active instanceof HTMLTextAreaElement ||
    (active instanceof HTMLElement && active.isContentEditable)
  );
}
