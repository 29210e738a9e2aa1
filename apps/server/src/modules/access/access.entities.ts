/**
 * The entity types the access policy knows: for each, the catalogue code an id the caller may not
 * see answers, and how to find which of some ids a user owns. Adding a type is one entry here
 * (plus its name in `AccessType`); grant sources (access.grants.ts) decide the rest.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { EntityType, ErrorCode } from '@atelier/contract';
import {
  actionResults,
  canvases,
  codeArtifacts,
  documents,
  labelClasses,
  labelInstances,
  mcpServers,
  pages,
  projects,
  providerItems,
  providers,
  references,
  resources,
  shares,
  templates,
} from '../../db/schema/index.js';
import type { DbOrTx } from '../../db/helpers.js';

export type AccessType =
  | 'canvas'
  | 'document'
  | 'codeArtifact'
  | 'resource'
  | 'project'
  | 'labelClass'
  | 'label'
  | 'actionResult'
  | 'reference'
  | 'provider'
  | 'providerItem'
  | 'mcpServer'
  | 'user'
  | 'share'
  | 'page'
  | 'template';

export interface EntityPolicy {
  /** What an id the caller may not see answers: the same as an id that does not exist. */
  readonly notFound: ErrorCode;
  /** Of `ids`, those stored with `uid` as their owner. */
  owned(db: DbOrTx, uid: string, ids: readonly string[]): Promise<string[]>;
}

function ownedIn(table: PgTable, id: PgColumn, owner: PgColumn): EntityPolicy['owned'] {
  return async (db, uid, ids) => {
    const rows = await db
      .select({ id })
      .from(table)
      .where(and(eq(owner, uid), inArray(id, [...ids])));
    return [...new Set(rows.map((r) => String(r.id)))];
  };
}

export const ENTITY_POLICIES: Readonly<Record<AccessType, EntityPolicy>> = {
  canvas: { notFound: 'E1000', owned: ownedIn(canvases, canvases.canvasId, canvases.uid) },
  document: { notFound: 'E1003', owned: ownedIn(documents, documents.docId, documents.uid) },
  codeArtifact: {
    notFound: 'E1013',
    owned: ownedIn(codeArtifacts, codeArtifacts.artifactId, codeArtifacts.uid),
  },
  resource: { notFound: 'E1002', owned: ownedIn(resources, resources.resourceId, resources.uid) },
  project: { notFound: 'E1014', owned: ownedIn(projects, projects.projectId, projects.uid) },
  labelClass: {
    notFound: 'E1007',
    owned: ownedIn(labelClasses, labelClasses.labelClassId, labelClasses.uid),
  },
  label: { notFound: 'E1008', owned: ownedIn(labelInstances, labelInstances.labelId, labelInstances.uid) },
  actionResult: {
    notFound: 'E1011',
    owned: ownedIn(actionResults, actionResults.resultId, actionResults.uid),
  },
  reference: {
    notFound: 'E1004',
    owned: ownedIn(references, references.referenceId, references.uid),
  },
  provider: { notFound: 'E1015', owned: ownedIn(providers, providers.providerId, providers.uid) },
  providerItem: {
    notFound: 'E1016',
    owned: ownedIn(providerItems, providerItems.itemId, providerItems.uid),
  },
  /** MCP servers are private to their owner (routes name them; the service looks up the id). */
  mcpServer: { notFound: 'E1017', owned: ownedIn(mcpServers, mcpServers.serverId, mcpServers.uid) },
  /** A user "owns" their own account only. */
  user: { notFound: 'E0005', owned: (_db, uid, ids) => Promise.resolve(ids.filter((id) => id === uid)) },
  share: { notFound: 'E1009', owned: ownedIn(shares, shares.shareId, shares.uid) },
  page: { notFound: 'E1010', owned: ownedIn(pages, pages.pageId, pages.uid) },
  /** A template answers like the share it publishes (E1009) to whoever may not change it. */
  template: { notFound: 'E1009', owned: ownedIn(templates, templates.templateId, templates.uid) },
};

/** The access type behind the contract's entity references (`target`, upload `entityType`…). */
export const ENTITY_REF_TYPES: Readonly<Record<EntityType, AccessType>> = {
  canvas: 'canvas',
  document: 'document',
  resource: 'resource',
  project: 'project',
  codeArtifact: 'codeArtifact',
  skillResponse: 'actionResult',
  user: 'user',
  share: 'share',
  page: 'page',
};
