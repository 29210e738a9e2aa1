/**
 * Undo and redo of one client's own canvas edits. Local edits are transactions without an origin
 * (every mutation of this package, and the app's own `doc.transact` calls); a collaborator's
 * edits arrive through the collaboration provider with the provider as their origin, so they are
 * never tracked and never undone here.
 *
 * One step is one user action: the app calls `stopCapturing()` where an action begins (a pointer
 * press, a key press outside a text field), and edits within `CANVAS_UNDO_CAPTURE_MS` of each
 * other are merged only until then (a drag's many position writes, a burst of typing, an entity
 * placed when its server call answers).
 */
import * as Y from 'yjs';
import { getCanvasMaps } from './doc.js';

export const CANVAS_UNDO_CAPTURE_MS = 5_000;

/** The origins of this client's own edits (transactions without an origin). */
export const LOCAL_CANVAS_ORIGINS: ReadonlySet<unknown> = new Set([null]);

export function createCanvasUndoManager(doc: Y.Doc): Y.UndoManager {
  const maps = getCanvasMaps(doc);
  return new Y.UndoManager([maps.nodes, maps.edges], {
    trackedOrigins: new Set(LOCAL_CANVAS_ORIGINS),
    captureTimeout: CANVAS_UNDO_CAPTURE_MS,
  });
}
