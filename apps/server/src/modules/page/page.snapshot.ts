/**
 * The `page` share snapshot: the page's slides in order, each entity (document, resource, answer,
 * artifact) published as a child share; memos and websites carry their node data. Registered with
 * the share module from the composition root.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { PageNodeType, SharedEntityType, SharedPage } from '@atelier/contract';
import type { Db } from '../../db/connect.js';
import { files, pages } from '../../db/schema/index.js';
import { accessFor, userActor } from '../access/access.js';
import type { AccessType } from '../access/access.entities.js';
import { findUserByUid } from '../user/user.repository.js';
import type { ShareService } from '../share/share.service.js';
import { registerShareSnapshot, type SnapshotBuilder } from '../share/share.registry.js';
import { loadPage, type PageService } from './page.service.js';

/** Slide types whose entity is published as a child share, and the access type behind it. */
const CHILD: Partial<Record<PageNodeType, { share: SharedEntityType; access: AccessType }>> = {
  document: { share: 'document', access: 'document' },
  resource: { share: 'resource', access: 'resource' },
  skillResponse: { share: 'skillResponse', access: 'actionResult' },
  codeArtifact: { share: 'codeArtifact', access: 'codeArtifact' },
};

const titleOf = (nodeData: Record<string, unknown>) =>
  typeof nodeData.title === 'string' ? nodeData.title : '';

export function pageSnapshotBuilder(service: PageService): SnapshotBuilder {
  return async (deps, input) => {
    const { db } = deps.ctx;
    const page = await loadPage(db, input.uid, input.entityId);
    const relations = await service.relations(page.pageId);
    const access = accessFor(db);
    const actor = userActor(input.uid);
    const children = new Map<string, string | null>();
    const slides: SharedPage['slides'] = [];
    for (const rel of relations) {
      const child = CHILD[rel.nodeType];
      let childShareId: string | null = null;
      if (child && rel.entityId) {
        // An entity the owner may no longer read is left out, not even its title.
        if (!(await access.can(actor, 'read', child.access, rel.entityId))) continue;
        if (!children.has(rel.entityId)) {
          children.set(rel.entityId, await input.publishChild(child.share, rel.entityId));
        }
        childShareId = children.get(rel.entityId) ?? null;
      }
      slides.push({
        nodeId: rel.nodeId,
        nodeType: rel.nodeType,
        entityId: rel.entityId,
        title: titleOf(rel.nodeData),
        nodeData: rel.nodeData,
        childShareId,
      });
    }
    // the cover comes with every publish, "Update link" (share.new) included, not only pages.share
    const [cover] = page.coverStorageKey
      ? await db
          .select({ contentType: files.contentType })
          .from(files)
          .where(and(eq(files.storageKey, page.coverStorageKey), eq(files.uid, page.uid)))
          .limit(1)
      : [];
    const owner = await findUserByUid(db, page.uid);
    const data: SharedPage = {
      kind: 'page',
      title: page.title,
      description: page.description,
      owner: owner ? { name: owner.name, nickname: owner.nickname, avatar: null } : null,
      // The page's cover is copied into the share (below) as the link preview.
      coverUrl: cover ? input.fileUrl(input.shareId, 'cover') : null,
      pageConfig: page.pageConfig,
      slides,
    };
    return {
      data,
      title: page.title,
      entityUpdatedAt: page.updatedAt,
      ...(cover
        ? { files: { cover: { fromKey: page.coverStorageKey!, contentType: cover.contentType } } }
        : {}),
    };
  };
}

export function registerPageShares(db: Db, shares: ShareService, service: PageService): void {
  registerShareSnapshot('page', pageSnapshotBuilder(service));
  shares.registerCurrent('page', async (ids) => {
    const rows = await db
      .select({ id: pages.pageId, updatedAt: pages.updatedAt, title: pages.title })
      .from(pages)
      .where(inArray(pages.pageId, [...ids]));
    return new Map(rows.map((r) => [r.id, { updatedAt: r.updatedAt, title: r.title }]));
  });
}
