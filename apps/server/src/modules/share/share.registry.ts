/**
 * The internal publishing API's extension points: how each entity type becomes a snapshot, and
 * how a snapshot becomes a copy in someone's workspace.
 *
 * - `registerShareSnapshot('page', buildPageSnapshot)`: the builder checks that `uid` may read the
 *   entity (throwing the type's not-found code otherwise), answers the snapshot in the
 *   `SharedDataSchema` shape, and publishes the entities it holds as child shares with
 *   `input.publishChild(entityType, entityId)` (null when the owner may not read it: leave it out).
 * - `registerShareDuplicator('page', duplicatePage)`: copies a snapshot into `uid`'s workspace and
 *   answers the new entity; `input.childData(shareId)` reads a child share's snapshot.
 *
 * Built-in types (canvas, document, skillResponse, codeArtifact, resource) are registered by the
 * share service itself; other modules register from the composition root (services.ts).
 */
import type { ShareEntityType, SharedData, SharedEntityType } from '@atelier/contract';
import type { AppContext } from '../../context.js';
import type { Services } from '../../services.js';

export interface ShareBuildDeps {
  ctx: AppContext;
  services: Pick<Services, 'collab' | 'documents' | 'canvases' | 'uploads'>;
}

/** A file the share serves (copied out of the owner's private files when published). */
export interface ShareFileCopy {
  /** The owner's storage key to copy from. */
  fromKey: string;
  contentType: string;
}

export interface SnapshotInput {
  uid: string;
  entityId: string;
  /** The share being published (its URLs may be built into the snapshot). */
  shareId: string;
  /** Publishes (or republishes) a child share of this share; null when the owner may not read it. */
  publishChild(entityType: SharedEntityType, entityId: string): Promise<string | null>;
  /** The absolute URL a copied file of a share is served from (`/share/{shareId}/files/{name}`). */
  fileUrl(shareId: string, name: string): string;
}

export interface BuiltSnapshot {
  data: SharedData;
  title: string;
  /** The entity's own updatedAt: a later change marks the share stale. */
  entityUpdatedAt: Date | null;
  /**
   * The owner's files to copy into the share, by name (letters, digits, `-`, `_`): `cover` (canvas
   * minimap, page cover: the link preview image), `file` (a resource's upload), anything else.
   */
  files?: Record<string, ShareFileCopy>;
}

export type SnapshotBuilder = (deps: ShareBuildDeps, input: SnapshotInput) => Promise<BuiltSnapshot>;

export interface DuplicateSnapshotInput {
  uid: string;
  shareId: string;
  data: SharedData;
  title?: string;
  projectId?: string;
  /** A child share's snapshot (children of the duplicated share only); null when gone. */
  childData(shareId: string): Promise<SharedData | null>;
}

export type SnapshotDuplicator = (
  deps: ShareBuildDeps,
  input: DuplicateSnapshotInput,
) => Promise<{ entityType: ShareEntityType; entityId: string }>;

const builders = new Map<SharedEntityType, SnapshotBuilder>();
const duplicators = new Map<SharedEntityType, SnapshotDuplicator>();

export function registerShareSnapshot(type: SharedEntityType, build: SnapshotBuilder): void {
  builders.set(type, build);
}

export function registerShareDuplicator(type: SharedEntityType, duplicate: SnapshotDuplicator): void {
  duplicators.set(type, duplicate);
}

export const snapshotBuilder = (type: SharedEntityType) => builders.get(type);
export const snapshotDuplicator = (type: SharedEntityType) => duplicators.get(type);
