/** Whether the item a label is put on exists and is the caller's, answered with that item's not-found code. */
import { and, eq } from 'drizzle-orm';
import type { ErrorCode, LabelEntityType } from '@atelier/contract';
import { codeArtifacts, projects } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import type { ProjectItemStores } from '../project/project.items.js';
import type { DbOrTx } from '../../db/helpers.js';

const NOT_FOUND: Record<LabelEntityType, ErrorCode> = {
  canvas: 'E1000',
  document: 'E1003',
  resource: 'E1002',
  project: 'E1014',
  codeArtifact: 'E1013',
};

export type LabelTargetCheck = (
  db: DbOrTx,
  uid: string,
  entityType: LabelEntityType,
  entityId: string,
) => Promise<void>;

export function labelTargetCheck(items: ProjectItemStores): LabelTargetCheck {
  async function owns(
    db: DbOrTx,
    uid: string,
    entityType: LabelEntityType,
    entityId: string,
  ): Promise<boolean> {
    switch (entityType) {
      case 'canvas':
      case 'document':
      case 'resource':
        return (await items[entityType].ownedIds(db, uid, [entityId])).has(entityId);
      case 'project': {
        const rows = await db
          .select({ id: projects.projectId })
          .from(projects)
          .where(and(eq(projects.projectId, entityId), eq(projects.uid, uid)));
        return rows.length > 0;
      }
      case 'codeArtifact': {
        const rows = await db
          .select({ id: codeArtifacts.artifactId })
          .from(codeArtifacts)
          .where(and(eq(codeArtifacts.artifactId, entityId), eq(codeArtifacts.uid, uid)));
        return rows.length > 0;
      }
    }
  }
  return async (db, uid, entityType, entityId) => {
    if (!(await owns(db, uid, entityType, entityId))) {
      throw new AppError(NOT_FOUND[entityType], `entityId: ${entityType} ${entityId} not found`);
    }
  };
}
