/**
 * One deletion path for what hangs on an entity. Call `removeDependents` inside the transaction
 * that deletes the entity rows, then `finishRemoval` after it commits:
 * - label instances on the items (canvas, document, resource, project, code artifact),
 * - references from or to them (documents, resources),
 * - their library index entries (search chunks and vectors go with the entries),
 * - their collaborative state (canvases, documents), whose live sessions are closed after commit,
 * - files uploaded for them (`files.entity_type/entity_id`), rows now and stored objects after commit,
 * - the share links of the deleted items (canvases, documents, resources, code artifacts; their child shares inside
 *   other shares too) and of the pages a deleted canvas took with it, with their child shares: the links then answer E1009 / 404 and
 *   their stored snapshots and files are removed after commit. Template shares stay (a template is a
 *   published copy that outlives its source canvas; see docs/decisions.md).
 */
import { and, eq, inArray, isNull, notExists, or, sql } from 'drizzle-orm';
import { canvasDocName, documentDocName } from '../../collab/collab.names.js';
import { deleteState } from '../../collab/collab.store.js';
import type { AppContext } from '../../context.js';
import { files, labelInstances, pages, references, shares } from '../../db/schema/index.js';
import { removeEntries } from '../../ingest/ingest.indexer.js';
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
  await tx
    .delete(labelInstances)
    .where(
      and(
        eq(labelInstances.uid, uid),
        eq(labelInstances.entityType, type),
        inArray(labelInstances.entityId, [...ids]),
      ),
    );
  if (type === 'document' || type === 'resource') await removeReferencesOf(tx, uid, type, ids);
  if (type === 'document' || type === 'resource' || type === 'canvas') await removeEntries(tx, type, ids);
  const docName = DOC_NAME[type];
  const collabNames = docName ? ids.map(docName) : [];
  await deleteState(tx, collabNames);
  const gone = await tx
    .delete(files)
    .where(and(eq(files.uid, uid), eq(files.entityType, type), inArray(files.entityId, [...ids])))
    .returning({ key: files.storageKey });
  const shareKeys = await removeSharesOf(tx, uid, type, ids);
  return { collabNames, storageKeys: [...gone.map((f) => f.key), ...shareKeys] };
}

/** Removes the caller's references from or to these documents or resources. */
async function removeReferencesOf(
  tx: DbOrTx,
  uid: string,
  type: 'document' | 'resource',
  ids: readonly string[],
): Promise<void> {
  await tx
    .delete(references)
    .where(
      and(
        eq(references.uid, uid),
        or(
          and(eq(references.sourceType, type), inArray(references.sourceId, [...ids])),
          and(eq(references.targetType, type), inArray(references.targetId, [...ids])),
        ),
      ),
    );
}

/**
 * Deletes the caller's (non-template) share links of the deleted items, and those of pages whose
 * canvas is gone (pages go with their canvas), with their child shares; answers the stored keys
 * (snapshots and copied files) to delete after commit.
 */
async function removeSharesOf(
  tx: DbOrTx,
  uid: string,
  type: DeletableType,
  ids: readonly string[],
): Promise<string[]> {
  if (type === 'project') return [];
  const orphanPages =
    type === 'canvas'
      ? and(
          eq(shares.entityType, 'page'),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(pages)
              .where(eq(pages.pageId, shares.entityId)),
          ),
        )
      : undefined;
  const roots = await tx
    .select({ shareId: shares.shareId })
    .from(shares)
    .where(
      and(
        eq(shares.uid, uid),
        isNull(shares.templateId),
        or(and(eq(shares.entityType, type), inArray(shares.entityId, [...ids])), orphanPages),
      ),
    );
  const keys: string[] = [];
  let level = roots.map((r) => r.shareId);
  const all: string[] = [];
  while (level.length) {
    const rows = await tx
      .select({ shareId: shares.shareId, files: shares.files })
      .from(shares)
      .where(inArray(shares.shareId, level));
    for (const row of rows) {
      all.push(row.shareId);
      keys.push(`shares/${row.shareId}/data.json`);
      for (const name of Object.keys(row.files)) keys.push(`shares/${row.shareId}/files/${name}`);
    }
    const children = await tx
      .select({ shareId: shares.shareId })
      .from(shares)
      .where(inArray(shares.parentShareId, level));
    level = children.map((c) => c.shareId).filter((id) => !all.includes(id));
  }
  if (all.length) await tx.delete(shares).where(inArray(shares.shareId, all));
  return keys;
}

export interface RemovalEffects {
  storage: AppContext['storage'];
  log: AppContext['log'];
  /** Told which share rows went (the share service's cache of rows forgets them). */
  events?: AppContext['events'];
  /** Closes live editing sessions of deleted documents. */
  closeLive?: (collabNames: string[]) => void;
}

/**
 * After commit: closes live sessions, tells that share rows went, and deletes stored objects (a
 * failure is logged, not thrown).
 */
export async function finishRemoval(effects: RemovalEffects, removal: Removal): Promise<void> {
  if (removal.collabNames.length) effects.closeLive?.(removal.collabNames);
  const shareIds = removal.storageKeys.flatMap((key) => /^shares\/([^/]+)\/data\.json$/.exec(key)?.[1] ?? []);
  if (shareIds.length) await effects.events?.emit('shares.removed', { shareIds });
  for (const key of removal.storageKeys) {
    await effects.storage
      .delete(key)
      .catch((err: unknown) => effects.log.warn({ err, key }, 'could not delete a stored file'));
  }
}
