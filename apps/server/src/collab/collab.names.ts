/** Names of collaborative documents: `canvas:<canvasId>` and `doc:<docId>`. */

export type CollabKind = 'canvas' | 'doc';

export interface CollabTarget {
  kind: CollabKind;
  id: string;
}

export const canvasDocName = (canvasId: string): string => `canvas:${canvasId}`;
export const documentDocName = (docId: string): string => `doc:${docId}`;

/** The kind and id a document name stands for; null for anything else. */
export function parseCollabName(name: string): CollabTarget | null {
  const m = /^(canvas|doc):([A-Za-z0-9_-]{1,128})$/.exec(name);
  return m ? { kind: m[1] as CollabKind, id: m[2]! } : null;
}
