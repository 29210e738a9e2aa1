/**
 * One deletion path for what hangs on an entity. Call `removeDependents` inside the transaction
 * that deletes the entity rows, then `finishRemoval` after it commits:
 * - label instances on the items (canvas, document, resource, project, code artifact),
 * - references from or to them (documents, resources),
 * - their library index entries (search chunks and vectors go with the entries),
 * - their collaborative state (canvases, documents), whose live sessions are closed after commit,
 * - files uploaded for them (`files.entity_type/entity_id`), rows now and stored objects after commit.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { canvasDocName, documentDocName } from '../../collab/collab.names.js';
import { deleteState } from '../../collab/collab.store.js';
import type { AppContext } from '../../context.js';
import { files } from '../../db/schema/index.js';
import { removeEntries } from '../../ingest/ingest.indexer.js';
import { deleteLabelsOn } from '../label/label.repository.js';
import { deleteReferencesOf } from '../reference/reference.repository.js';
import type { DbOrTx } from '../../db/helpers.js';

export type DeletableType = 'canvas' | 'document' | 'resource' | 'project' | 'codeArtifact';

/** What is left to do once the deleting transaction has committed. */
export interface Removal {
  /** Collaborative documents whose live sessions must be closed. */
  collabNames: string[];
  /** Stored objects whose rows are gone. */
  storageKeys: string[];
}

export const emptyRemoval = (): Removal => ({ collabNames: [], storageKeys: [] });

export function mergeRemovals(into: Removal, more: Removal): Removal {
  into.collabNames.push(...more.collabNames);
  into.storageKeys.push(...more.storageKeys);
  return into;
}

const DOC_NAME: Partial<Record<DeletableType, (id: string) => string>> = {
  canvas: canvasDocName,
  document: documentDocName,
};

/** Removes everything that hangs on `ids` of `type` (owned by `uid`), in the caller's transaction. */
export async function removeDependents(
  tx: DbOrTx,
  uid: string,
  type: DeletableType,
  ids: readonly string[],
): Promise<Removal> {
  if (!ids.length) return emptyRemoval();
  await deleteLabelsOn(tx, uid, type, ids);
  if (type === 'document' || type === 'resource') await deleteReferencesOf(tx, uid, type, ids);
  if (type === 'document' || type === 'resource' || type === 'canvas') await removeEntries(tx, type, ids);
  const docName = DOC_NAME[type];
  const collabNames = docName ? ids.map(docName) : [];
  await deleteState(tx, collabNames);
  const gone = await tx
    .delete(files)
    .where(and(eq(files.uid, uid), eq(files.entityType, type), inArray(files.entityId, [...ids])))
    .returning({ key: files.storageKey });
  return { collabNames, storageKeys: gone.map((f) => f.key) };
}

export interface RemovalEffects {
  storage: AppContext['storage'];
  log: AppContext['log'];
  /** Closes live editing sessions of deleted documents. */
  closeLive?: (collabNames: string[]) => void;
}

/** After commit: closes live sessions and deletes stored objects (a failure is logged, not thrown). */
export async function finishRemoval(effects: RemovalEffects, removal: Removal): Promise<void> {
  if (removal.collabNames.length) effects.closeLive?.(removal.collabNames);
  for (const key of removal.storageKeys) {
    await effects.storage
      .delete(key)
      .catch((err: unknown) => effects.log.warn({ err, key }, 'could not delete a stored file'));
  }
}
