/**
 * The shape of a project's item stores (one per kind: canvas, document, resource). Types only, so
 * a store beside its entity (resource/resource.items.ts) can implement it without importing the
 * project module's list of stores (project.items.ts), which imports that store.
 */
import type { DbOrTx } from '../../db/helpers.js';
import type { Removal } from '../access/access.delete.js';

export type ProjectItemType = 'canvas' | 'document' | 'resource';

export interface ProjectItemRow {
  entityType: ProjectItemType;
  entityId: string;
  title: string;
  updatedAt: Date;
}

export interface ProjectItemStore {
  readonly entityType: ProjectItemType;
  /** Of `ids`, those `uid` owns that sit in `projectId`. */
  idsInProject(db: DbOrTx, uid: string, projectId: string, ids: readonly string[]): Promise<Set<string>>;
  /** Moves owned items into a project (or out of any, with null). */
  setProject(db: DbOrTx, uid: string, ids: readonly string[], projectId: string | null): Promise<void>;
  /** Takes every item out of a project (the project is being deleted). */
  detachAll(db: DbOrTx, uid: string, projectId: string): Promise<void>;
  /** Items of a project, most recently updated first. */
  list(db: DbOrTx, uid: string, projectId: string, limit: number): Promise<ProjectItemRow[]>;
  /** Deletes owned items and what hangs on them (access.delete.ts); answers what is left after commit. */
  delete(db: DbOrTx, uid: string, ids: readonly string[]): Promise<Removal>;
}

export type ProjectItemStores = Readonly<Record<ProjectItemType, ProjectItemStore>>;
