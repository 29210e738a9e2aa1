/** Copies code artifacts (and mind maps, which are code artifacts) when a canvas is duplicated with its entities. */
import type { Db } from '../../db/connect.js';
import { AppError } from '../../lib/errors.js';
import { stableId, type EntityDuplicateInput } from '../canvas/canvas.copiers.js';
import { duplicateCodeArtifact } from './code-artifact.service.js';

/** The copy's id comes from the job's seed, so a retried duplication finds its earlier copy. */
export async function copyCodeArtifactForCanvas(
  db: Db,
  { uid, entityId, seed }: EntityDuplicateInput,
): Promise<string | null> {
  try {
    const copy = await duplicateCodeArtifact(db, {
      fromUid: uid,
      artifactId: entityId,
      copyId: stableId('codeArtifact', seed),
    });
    return copy.artifactId;
  } catch (err) {
    // Not found or not the owner's: the node keeps pointing at the original.
    if (err instanceof AppError && err.code === 'E1013') return null;
    throw err;
  }
}
