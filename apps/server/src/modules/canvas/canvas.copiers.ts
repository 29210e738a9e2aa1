/**
 * Entity copiers: how a canvas duplicated with `duplicateEntities` copies the entities its nodes
 * point to. The composition root builds the table (`EntityCopiers`, by node type) with each
 * copier's own dependencies and hands it to `CanvasService`; the `canvas.duplicate` job reads it
 * there. A copier receives the owner's uid, the entity id and a `seed` that is the same on every
 * retry; it copies the entity only if `uid` may read it, derives the copy's id from the seed
 * (`stableId('document', seed)`) and inserts with "on conflict do nothing", so a retried job finds
 * its earlier copy instead of making a second one. It answers the copy's id, or null to leave the
 * node pointing at the original (not found, not readable). Types without a copier are kept as
 * they are.
 */
import { createHash } from 'node:crypto';
import type { CanvasNodeType } from '@atelier/canvas';
import { ID_PREFIX } from '@atelier/contract';

export interface EntityDuplicateInput {
  uid: string;
  entityId: string;
  /** Stable across retries of the same duplication: derive the copy's id from it. */
  seed: string;
}

export type EntityCopier = (input: EntityDuplicateInput) => Promise<string | null>;

export type EntityCopiers = Readonly<Partial<Record<CanvasNodeType, EntityCopier>>>;

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** A readable id (`d-…`) that is the same for the same seed. */
export function stableId(kind: keyof typeof ID_PREFIX, seed: string): string {
  const digest = createHash('sha256').update(seed).digest();
  let out = '';
  for (let i = 0; i < 20; i++) out += BASE32[digest[i]! & 31];
  return `${ID_PREFIX[kind]}-${out}`;
}
