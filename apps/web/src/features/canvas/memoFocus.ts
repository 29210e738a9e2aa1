/**
 * A memo created by this person (toolbar or double-click) takes the keyboard: the creator asks
 * for its focus, and the memo's editor takes the request when it is first drawn. Memos that
 * arrive from other tabs are never focused.
 */
let pending: string | null = null;

export function requestMemoFocus(nodeId: string): void {
  pending = nodeId;
}

/** True once, for the memo whose focus was asked for. */
export function takeMemoFocus(nodeId: string): boolean {
  if (pending !== nodeId) return false;
  pending = null;
  return true;
}
