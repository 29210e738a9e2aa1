/**
 * Presence on a canvas, the pure part. Each client publishes in the canvas's awareness its user
 * (`user`: name and colour, as the document editor does), where its pointer is in flow
 * coordinates (`pointer`, null while the pointer is off the canvas or the tab is hidden) and the
 * ids of the nodes it has selected (`selectedNodes`). `peersFrom` reads the other clients'
 * states, never trusting their shape: they come from other browsers.
 */
import { safeCollabColor, type CollabUser } from '../collab/collabUser';

export interface CanvasPresenceState {
  user: CollabUser;
  pointer: { x: number; y: number } | null;
  selectedNodes: string[];
}

export interface CanvasPeer {
  clientId: number;
  user: CollabUser;
  pointer: { x: number; y: number } | null;
  selectedNodes: string[];
}

const MAX_NAME = 40;
const MAX_SELECTED = 500;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function pointerOf(value: unknown): { x: number; y: number } | null {
  if (!isRecord(value)) return null;
  const { x, y } = value;
  return typeof x === 'number' && typeof y === 'number' && Number.isFinite(x) && Number.isFinite(y)
    ? { x, y }
    : null;
}

/**
 * The other clients on the canvas that have published a user, in client id order (stable, so
 * cursors and avatars do not reshuffle). `ownClientId` is this tab's: its own cursor is never drawn.
 */
export function peersFrom(states: Map<number, unknown>, ownClientId: number): CanvasPeer[] {
  const peers: CanvasPeer[] = [];
  for (const [clientId, state] of states) {
    if (clientId === ownClientId || !isRecord(state) || !isRecord(state.user)) continue;
    const name = typeof state.user.name === 'string' ? state.user.name.trim().slice(0, MAX_NAME) : '';
    if (!name) continue;
    const selected = Array.isArray(state.selectedNodes)
      ? state.selectedNodes.filter((id): id is string => typeof id === 'string').slice(0, MAX_SELECTED)
      : [];
    peers.push({
      clientId,
      user: { name, color: safeCollabColor(state.user.color) },
      pointer: pointerOf(state.pointer),
      selectedNodes: selected,
    });
  }
  return peers.sort((a, b) => a.clientId - b.clientId);
}

/** For each node some peer has selected, those peers (in peer order). */
export function selectionsByNode(peers: CanvasPeer[]): Map<string, CanvasPeer[]> {
  const byNode = new Map<string, CanvasPeer[]>();
  for (const peer of peers)
    for (const id of new Set(peer.selectedNodes)) byNode.set(id, [...(byNode.get(id) ?? []), peer]);
  return byNode;
}

/** The people on the canvas for an avatar stack: one entry per name and colour (a person's tabs). */
export function distinctUsers(peers: CanvasPeer[]): CollabUser[] {
  const seen = new Map<string, CollabUser>();
  for (const { user } of peers) seen.set(`${user.name}\u0000${user.color}`, user);
  return [...seen.values()];
}

/**
 * Calls `fn` at most once per `wait` ms with the latest arguments: at once when idle, then once at
 * the end of each busy window (so the last position always goes out). `cancel` drops a pending call.
 */
export function throttleLatest<A extends unknown[]>(
  fn: (...args: A) => void,
  wait: number,
): ((...args: A) => void) & { cancel: () => void } {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending: A | null = null;
  const release = () => {
    if (pending) {
      const args = pending;
      pending = null;
      fn(...args);
      timer = setTimeout(release, wait);
    } else timer = null;
  };
  const call = (...args: A) => {
    if (timer) {
      pending = args;
      return;
    }
    fn(...args);
    timer = setTimeout(release, wait);
  };
  call.cancel = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    pending = null;
  };
  return call;
}
