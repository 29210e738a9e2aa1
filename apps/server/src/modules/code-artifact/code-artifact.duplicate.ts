/** Copies code artifacts when a canvas is duplicated with its entities (the canvas module's registry). */
import { AppError } from '../../http/errors.js';
import { registerEntityDuplicator, stableId, type EntityDuplicator } from '../canvas/canvas.duplicate.js';
import { duplicateCodeArtifact } from './code-artifact.service.js';

/** The copy's id comes from the job's seed, so a retried duplication finds its earlier copy. */
export const copyCodeArtifactForCanvas: EntityDuplicator = async ({ ctx }, { uid, entityId, seed }) => {
  try {
    const copy = await duplicateCodeArtifact(ctx.db, {
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
};

/** Code artifact nodes, and mind-map nodes (a mind map is a code artifact of type mindmap). */
export function registerCodeArtifactDuplicators(): void {
  registerEntityDuplicator('codeArtifact', copyCodeArtifactForCanvas);
  registerEntityDuplicator('mindMap', copyCodeArtifactForCanvas);
}
