/**
 * Names in collaboration: of collaborative documents (`canvas:<canvasId>` and `doc:<docId>`), and
 * the display name a connection's presence (awareness `user.name`) carries.
 */

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

/** What a user without a nickname or display name is called in presence (never the email). */
export const NEUTRAL_COLLAB_NAME = 'Collaborator';
/** What an anonymous live-share viewer is called in presence. */
export const VIEWER_COLLAB_NAME = 'Viewer';

/** The name others see for a user: nickname, else display name, else the neutral word. */
export function collabDisplayName(
  user: { nickname: string | null; name: string | null } | undefined,
): string {
  return user?.nickname?.trim() || user?.name?.trim() || NEUTRAL_COLLAB_NAME;
}
