/**
 * Library documents: create (optionally from Markdown), update (title, project, read-only, or the
 * whole text, applied to the live document), delete, list, detail with content, export and copy.
 * Who may do what is the access module's answer (`loadDocument`): another user's document answers
 * exactly like a missing one (E1003).
 */
import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import * as Y from 'yjs';
import type { CreateDocument, PageQuery, UpdateDocument } from '@atelier/contract';
import { markdownToYDoc, yDocToMarkdown } from '@atelier/editor';
import { deriveDocumentFields, overContentLimit } from '../../collab/collab.derive.js';
import { seedState } from '../../collab/collab.store.js';
import { documentDocName, type CollabService } from '../../collab/index.js';
import type { Db } from '../../db/connect.js';
import { documents } from '../../db/schema/document.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { now } from '../../lib/time.js';
import { accessFor, notFoundError, userActor, type AccessAction } from '../access/access.js';
import { removeDependents, type Removal } from '../access/access.delete.js';
import type { DbOrTx } from '../../db/helpers.js';
import { syncEntityNodes } from '../canvas/canvas.entity-sync.js';

export type DocumentRow = typeof documents.$inferSelect;

const CLIENT_ID = /^d-[A-Za-z0-9_-]{1,120}$/;
const ORDER = {
  creationAsc: asc(documents.createdAt),
  creationDesc: desc(documents.createdAt),
  updationAsc: asc(documents.updatedAt),
  updationDesc: desc(documents.updatedAt),
} as const;

export const documentNotFound = () => new AppError('E1003');
export const contentTooLarge = () => new AppError('E2004', 'content exceeds 100k characters');
export const readOnlyDocument = () =>
  badRequest('This document is read-only: turn read-only off to change its content');

/** The document if `uid` may act on it this way (the access policy); E1003 otherwise. */
export async function loadDocument(
  db: DbOrTx,
  uid: string,
  docId: string,
  action: AccessAction = 'read',
): Promise<DocumentRow> {
  await accessFor(db).require(userActor(uid), action, 'document', [docId]);
  const [row] = await db.select().from(documents).where(eq(documents.docId, docId)).limit(1);
  if (!row) throw documentNotFound();
  return row;
}

const requireProject = (db: DbOrTx, uid: string, projectIds: readonly string[]) =>
  accessFor(db).require(userActor(uid), 'write', 'project', projectIds);

/** Markdown as the editor schema writes it back; E2004 when that is over the content limit. */
function normalizedMarkdown(doc: Y.Doc): string {
  const markdown = yDocToMarkdown(doc);
  if (overContentLimit(markdown)) throw contentTooLarge();
  return markdown;
}

export class DocumentService {
  constructor(
    private readonly db: Db,
    readonly collab: CollabService,
  ) {}

  load(uid: string, docId: string, action: AccessAction = 'read'): Promise<DocumentRow> {
    return loadDocument(this.db, uid, docId, action);
  }

  async create(uid: string, input: CreateDocument): Promise<DocumentRow> {
    if (input.docId !== undefined && !CLIENT_ID.test(input.docId)) {
      throw badRequest('docId: must start with d- and use letters, digits, - or _');
    }
    if (input.docId) {
      // Creating again with the same id (an offline client retrying) answers the document as it is.
      const [existing] = await this.db
        .select()
        .from(documents)
        .where(eq(documents.docId, input.docId))
        .limit(1);
      if (existing?.uid === uid) return existing;
      // Someone else's id answers like an id the caller cannot see, whatever the entity.
      if (existing) throw notFoundError('document');
    }
    if (input.projectId) await requireProject(this.db, uid, [input.projectId]);
    const ydoc = markdownToYDoc(input.initialContent ?? '');
    try {
      return await this.insert(
        uid,
        {
          docId: input.docId ?? newId('document'),
          title: input.title ?? '',
          projectId: input.projectId ?? null,
          readOnly: input.readOnly,
          ...deriveDocumentFields(normalizedMarkdown(ydoc)),
        },
        Y.encodeStateAsUpdate(ydoc),
      );
    } finally {
      ydoc.destroy();
    }
  }

  /** Inserts a document row and its Yjs state in one transaction. */
  async insert(
    uid: string,
    values: Pick<DocumentRow, 'docId' | 'title' | 'projectId' | 'readOnly' | 'content' | 'contentPreview'>,
    state: Uint8Array,
  ): Promise<DocumentRow> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(documents)
        .values({ ...values, uid })
        .returning();
      await seedState(tx, documentDocName(values.docId), state);
      return row!;
    });
  }

  async update(uid: string, input: UpdateDocument): Promise<DocumentRow> {
    const current = await this.load(uid, input.docId, 'write');
    if (input.projectId) await requireProject(this.db, uid, [input.projectId]);
    if (input.content !== undefined) {
      // Content goes in while the document is (or becomes, in this call) writable.
      if (current.readOnly && input.readOnly !== false) throw readOnlyDocument();
      await this.replaceContent(current.docId, input.content);
    }
    const patch: Partial<DocumentRow> = {};
    if (input.title !== undefined) patch.title = input.title;
    if (input.projectId !== undefined) patch.projectId = input.projectId;
    if (input.readOnly !== undefined) patch.readOnly = input.readOnly;
    if (Object.keys(patch).length > 0) {
      patch.updatedAt = now();
      await this.db
        .update(documents)
        .set(patch)
        .where(and(eq(documents.docId, current.docId), eq(documents.uid, uid)));
    }
    if (input.readOnly !== undefined && input.readOnly !== current.readOnly) {
      this.collab.setReadOnly(documentDocName(current.docId), input.readOnly);
    }
    // canvas nodes of this document show its title: renamed, they follow
    if (input.title !== undefined && input.title !== current.title) {
      await syncEntityNodes(this.db, this.collab, uid, 'document', current.docId, { title: input.title });
    }
    return this.load(uid, current.docId);
  }

  /** Makes the live document hold `markdown` (open editors see the change); E2004 past the limit. */
  private async replaceContent(docId: string, markdown: string): Promise<void> {
    await this.collab.write(documentDocName(docId), (doc) => {
      markdownToYDoc(markdown, doc);
      normalizedMarkdown(doc);
    });
  }

  /** Several updates; documents, projects and read-only are checked first, so a refused batch changes nothing. */
  async batchUpdate(uid: string, items: readonly UpdateDocument[]): Promise<DocumentRow[]> {
    const ids = [...new Set(items.map((i) => i.docId))];
    await accessFor(this.db).require(userActor(uid), 'write', 'document', ids);
    const owned = await this.db
      .select({ docId: documents.docId, readOnly: documents.readOnly })
      .from(documents)
      .where(inArray(documents.docId, ids));
    if (owned.length !== ids.length) throw documentNotFound();
    await requireProject(this.db, uid, [
      ...new Set(items.flatMap((i) => (i.projectId ? [i.projectId] : []))),
    ]);
    const readOnly = new Map(owned.map((d) => [d.docId, d.readOnly]));
    if (items.some((i) => i.content !== undefined && readOnly.get(i.docId) && i.readOnly !== false)) {
      throw readOnlyDocument();
    }
    const out: DocumentRow[] = [];
    for (const item of items) out.push(await this.update(uid, item));
    return out;
  }

  /** Deletes the document and what hangs on it; answers the stored files left to remove after commit. */
  async delete(uid: string, docId: string): Promise<Removal> {
    const row = await this.load(uid, docId, 'delete');
    const removal = await this.db.transaction(async (tx) => {
      await tx.delete(documents).where(and(eq(documents.docId, row.docId), eq(documents.uid, uid)));
      return removeDependents(tx, uid, 'document', [row.docId]);
    });
    for (const name of removal.collabNames) this.collab.disconnectAll(name);
    return removal;
  }

  async list(uid: string, query: PageQuery & { projectId?: string }): Promise<DocumentRow[]> {
    const where: SQL[] = [eq(documents.uid, uid)];
    if (query.projectId) where.push(eq(documents.projectId, query.projectId));
    return this.db
      .select()
      .from(documents)
      .where(and(...where))
      .orderBy(ORDER[query.order], asc(documents.docId))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize);
  }

  /** The row with its Markdown as it is now: from the live document when one is open here. */
  async detail(uid: string, docId: string): Promise<DocumentRow> {
    const row = await this.load(uid, docId);
    const live = await this.liveFields(row.docId);
    return live ? { ...row, ...live } : row;
  }

  /**
   * Content and preview of a document open for editing on this server, read from its live state
   * (the stored snapshot trails an acknowledged edit by a moment); null when it is not open.
   * No ownership check: callers have checked it.
   */
  async liveFields(docId: string): Promise<{ content: string; contentPreview: string } | null> {
    const name = documentDocName(docId);
    if (!this.collab.hocuspocus.documents.has(name)) return null;
    const markdown = await this.collab.read(name, yDocToMarkdown);
    return overContentLimit(markdown) ? null : deriveDocumentFields(markdown);
  }
}
