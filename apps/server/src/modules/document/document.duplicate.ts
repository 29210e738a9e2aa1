/**
 * Copying a document for a canvas duplicated with `duplicateEntities`: the row and the exact Yjs
 * state, under an id derived from the job's seed, so a retried job finds its earlier copy.
 */
import { eq } from 'drizzle-orm';
import * as Y from 'yjs';
import { seedState } from '../../collab/collab.store.js';
import { documentDocName } from '../../collab/index.js';
import { documents } from '../../db/schema/document.js';
import type { CollabService } from '../../collab/index.js';
import type { Db } from '../../db/connect.js';
import { accessFor, userActor } from '../access/access.js';
import { stableId, type EntityDuplicateInput } from '../canvas/canvas.copiers.js';

export async function duplicateDocument(
  { db, collab }: { db: Db; collab: CollabService },
  input: EntityDuplicateInput,
): Promise<string | null> {
  // Only what the canvas owner may read is copied; other nodes keep pointing at the original.
  if (!(await accessFor(db).can(userActor(input.uid), 'read', 'document', input.entityId))) return null;
  const [source] = await db.select().from(documents).where(eq(documents.docId, input.entityId)).limit(1);
  if (!source) return null;
  const docId = stableId('document', input.seed);
  const state = await collab.read(documentDocName(source.docId), (doc) => Y.encodeStateAsUpdate(doc));
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(documents)
      .values({
        docId,
        uid: source.uid,
        title: source.title,
        content: source.content,
        contentPreview: source.contentPreview,
        readOnly: source.readOnly,
        projectId: source.projectId,
      })
      .onConflictDoNothing()
      .returning({ docId: documents.docId });
    // Already copied by an earlier run: keep that copy (it may have been edited since).
    if (inserted.length > 0) await seedState(tx, documentDocName(docId), state);
  });
  return docId;
}
