/**
 * Code artifacts: create (or ensure one under a given id), update (optionally creating), read,
 * list, and copy for canvas duplication. Rules: mind-map content must be a mind map, a preview is
 * an image file the user uploaded. Who may do what is the access module's answer
 * (`loadCodeArtifact`): someone else's artifact answers exactly like a missing one (E1013).
 */
import { and, asc, desc, eq, type SQL } from 'drizzle-orm';
import {
  INVALID_MIND_MAP_MESSAGE,
  isMindMapJson,
  type CodeArtifactType,
  type CreateCodeArtifact,
  type PageQuery,
  type UpdateCodeArtifact,
} from '@atelier/contract';
import type { Db } from '../../db/connect.js';
import { codeArtifacts } from '../../db/schema/index.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { now } from '../../lib/time.js';
import { accessFor, userActor, type AccessAction } from '../access/access.js';
import { removeDependents, type Removal } from '../access/access.delete.js';
import type { StoredFile } from '../upload/upload.service.js';
import { isUniqueViolation, type DbOrTx } from '../../db/helpers.js';
import type { CollabService } from '../../collab/index.js';
import { NODE_PREVIEW_CHARS, syncEntityNodes } from '../canvas/canvas.entity-sync.js';

export type CodeArtifactRow = typeof codeArtifacts.$inferSelect;
type NewCodeArtifact = typeof codeArtifacts.$inferInsert;

/** Reads a `files` row the user owns (E1012 otherwise): the upload module's service. */
export interface OwnedFileReader {
  readOwnedFile(uid: string, storageKey: string): Promise<StoredFile>;
}

export interface ListCodeArtifactsQuery extends PageQuery {
  type?: CodeArtifactType | undefined;
}

/** A client-chosen id: the `ca-` prefix and URL-safe characters. */
const CLIENT_ID = /^ca-[A-Za-z0-9_-]{1,120}$/;

const notFound = () => new AppError('E1013');

function orderBy(order: PageQuery['order']): SQL {
  switch (order) {
    case 'creationAsc':
      return asc(codeArtifacts.createdAt);
    case 'creationDesc':
      return desc(codeArtifacts.createdAt);
    case 'updationAsc':
      return asc(codeArtifacts.updatedAt);
    case 'updationDesc':
      return desc(codeArtifacts.updatedAt);
  }
}

async function findArtifact(db: DbOrTx, artifactId: string): Promise<CodeArtifactRow | undefined> {
  const [row] = await db
    .select()
    .from(codeArtifacts)
    .where(eq(codeArtifacts.artifactId, artifactId))
    .limit(1);
  return row;
}

/** The artifact if `uid` may act on it this way (the access policy); E1013 otherwise. */
export async function loadCodeArtifact(
  db: DbOrTx,
  uid: string,
  artifactId: string,
  action: AccessAction = 'read',
): Promise<CodeArtifactRow> {
  await accessFor(db).require(userActor(uid), action, 'codeArtifact', [artifactId]);
  const row = await findArtifact(db, artifactId);
  if (!row) throw notFound();
  return row;
}

/**
 * Copies an artifact for a canvas deep-copy and answers the copy. `fromUid` must own the source
 * (E1013 otherwise; the caller has already decided the canvas may be copied). The copy belongs to
 * `toUid` (default: the same user); a preview image is kept only when the copy stays with the
 * same user (files are private). With `copyId` (derived from a retry-stable seed) a second run
 * finds the earlier copy instead of making another.
 */
export async function duplicateCodeArtifact(
  db: DbOrTx,
  input: { fromUid: string; artifactId: string; toUid?: string; copyId?: string },
): Promise<CodeArtifactRow> {
  const source = await loadCodeArtifact(db, input.fromUid, input.artifactId);
  const toUid = input.toUid ?? input.fromUid;
  const copyId = input.copyId ?? newId('codeArtifact');
  await db
    .insert(codeArtifacts)
    .values({
      artifactId: copyId,
      uid: toUid,
      type: source.type,
      title: source.title,
      content: source.content,
      language: source.language,
      previewStorageKey: toUid === source.uid ? source.previewStorageKey : null,
    })
    .onConflictDoNothing();
  return loadCodeArtifact(db, toUid, copyId);
}

function checkMindMap(type: CodeArtifactType, content: string): void {
  if (type === 'mindmap' && !isMindMapJson(content)) throw badRequest(`content: ${INVALID_MIND_MAP_MESSAGE}`);
}

export class CodeArtifactService {
  constructor(
    private readonly db: Db,
    private readonly files: OwnedFileReader,
    /** Keeps the artifact's canvas nodes (title, code preview) in step; none in tests without collab. */
    private readonly collab?: CollabService,
  ) {}

  get(uid: string, artifactId: string): Promise<CodeArtifactRow> {
    return loadCodeArtifact(this.db, uid, artifactId);
  }

  /**
   * Without an artifactId: a new artifact. With one: the caller's artifact of that id as it is;
   * when there is none, createIfNotExists creates it under that id, otherwise E1013.
   */
  async create(uid: string, input: CreateCodeArtifact): Promise<CodeArtifactRow> {
    if (input.artifactId === undefined) return this.insert(uid, newId('codeArtifact'), input);
    checkClientId(input.artifactId);
    const existing = await findArtifact(this.db, input.artifactId);
    if (existing) return loadCodeArtifact(this.db, uid, existing.artifactId);
    if (!input.createIfNotExists) throw notFound();
    return this.insert(uid, input.artifactId, input);
  }

  /** Changes the fields given; with createIfNotExists an unknown id is created (type required). */
  async update(uid: string, input: UpdateCodeArtifact): Promise<CodeArtifactRow> {
    const existing = await findArtifact(this.db, input.artifactId);
    if (!existing) {
      if (!input.createIfNotExists) throw notFound();
      checkClientId(input.artifactId);
      if (!input.type) throw badRequest('type: required to create an artifact');
      return this.insert(uid, input.artifactId, { ...input, type: input.type });
    }
    await accessFor(this.db).require(userActor(uid), 'write', 'codeArtifact', [existing.artifactId]);
    checkMindMap(input.type ?? existing.type, input.content ?? existing.content);
    const patch: Partial<NewCodeArtifact> = { updatedAt: now() };
    if (input.type !== undefined) patch.type = input.type;
    if (input.title !== undefined) patch.title = input.title;
    if (input.content !== undefined) patch.content = input.content;
    if (input.language !== undefined) patch.language = input.language;
    if (input.previewStorageKey !== undefined) {
      patch.previewStorageKey = await this.checkPreview(uid, input.previewStorageKey);
    } else if (input.content !== undefined && input.content !== existing.content) {
      // the rendered image showed the old code: gone, until a browser draws the new one
      patch.previewStorageKey = null;
    }
    const [row] = await this.db
      .update(codeArtifacts)
      .set(patch)
      .where(and(eq(codeArtifacts.artifactId, input.artifactId), eq(codeArtifacts.uid, uid)))
      .returning();
    if (!row) throw notFound();
    if (this.collab && (row.title !== existing.title || row.content !== existing.content)) {
      await syncEntityNodes(this.db, this.collab, uid, 'codeArtifact', row.artifactId, {
        title: row.title,
        contentPreview: row.content.slice(0, NODE_PREVIEW_CHARS),
      });
    }
    return row;
  }

  /**
   * Deletes the artifact and what hangs on it (labels, files, its share links and the child shares
   * other shares hold of it); answers the stored files left to remove after commit. Canvas nodes
   * that showed it keep their id and open as not found, like a deleted document's.
   */
  async delete(uid: string, artifactId: string): Promise<Removal> {
    const row = await loadCodeArtifact(this.db, uid, artifactId, 'delete');
    return this.db.transaction(async (tx) => {
      await tx
        .delete(codeArtifacts)
        .where(and(eq(codeArtifacts.artifactId, row.artifactId), eq(codeArtifacts.uid, uid)));
      return removeDependents(tx, uid, 'codeArtifact', [row.artifactId]);
    });
  }

  async list(uid: string, query: ListCodeArtifactsQuery): Promise<CodeArtifactRow[]> {
    const where = query.type
      ? and(eq(codeArtifacts.uid, uid), eq(codeArtifacts.type, query.type))
      : eq(codeArtifacts.uid, uid);
    return this.db
      .select()
      .from(codeArtifacts)
      .where(where)
      .orderBy(orderBy(query.order), asc(codeArtifacts.artifactId))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize);
  }

  private async insert(
    uid: string,
    artifactId: string,
    input: {
      type: CodeArtifactType;
      title?: string | undefined;
      content?: string | undefined;
      language?: string | undefined;
      previewStorageKey?: string | undefined;
    },
  ): Promise<CodeArtifactRow> {
    const content = input.content ?? '';
    checkMindMap(input.type, content);
    const preview = input.previewStorageKey ? await this.checkPreview(uid, input.previewStorageKey) : null;
    try {
      const [row] = await this.db
        .insert(codeArtifacts)
        .values({
          artifactId,
          uid,
          type: input.type,
          title: input.title ?? '',
          content,
          language: input.language ?? null,
          previewStorageKey: preview,
        })
        .returning();
      return row!;
    } catch (err) {
      // Two "create if not exists" calls for one id at once: the second answers the first's artifact.
      if (!isUniqueViolation(err)) throw err;
      return loadCodeArtifact(this.db, uid, artifactId);
    }
  }

  /** A preview is an image file the user uploaded (E1012 for a missing or someone else's file). */
  private async checkPreview(uid: string, storageKey: string): Promise<string> {
    const file = await this.files.readOwnedFile(uid, storageKey).catch((err: unknown) => {
      if (err instanceof AppError) throw new AppError(err.code, 'previewStorageKey: no such file');
      throw err;
    });
    if (!file.contentType.toLowerCase().startsWith('image/')) {
      throw badRequest('previewStorageKey: the preview must be an image');
    }
    return storageKey;
  }
}

function checkClientId(artifactId: string): void {
  if (!CLIENT_ID.test(artifactId)) {
    throw badRequest('artifactId: must start with ca- and use letters, digits, - or _');
  }
}
