/**
 * Version history of canvases and documents: automatic versions (taken when the collaboration
 * service says one is due, only when the state changed), named versions, previews and restores.
 * A restore first saves the current state (so it can be undone), then applies the old content
 * to the live document through the collaboration service, so every open client sees it, and
 * records the result as a new version: nothing stored is rewritten. A version belongs to its
 * canvas or document: whoever may read that may list and preview, whoever may write it may save
 * and restore (the access policy; another user's entity answers its not-found code).
 */
import { eq } from 'drizzle-orm';
import * as Y from 'yjs';
import type { VersionKind, VersionTarget } from '@atelier/contract';
import { applySnapshot, getCanvasSnapshot, type CanvasSnapshot } from '@atelier/canvas';
import { setYDocContent, yDocToJSON, yDocToMarkdown } from '@atelier/editor';
import type { CollabService } from '../../collab/collab.service.js';
import {
  canvasDocName,
  documentDocName,
  parseCollabName,
  type CollabKind,
  type CollabTarget,
} from '../../collab/collab.names.js';
import type { AppContext } from '../../context.js';
import { canvases } from '../../db/schema/canvas.js';
import { documents } from '../../db/schema/document.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { KeyedLock } from '../../lib/keyed-lock.js';
import { accessFor, type AccessAction, type Actor } from '../access/access.js';
import { findUserByUid, type UserRow } from '../user/user.repository.js';
import { comparableOf, emptyComparable, summarize, textDiff, type Comparable } from './version.changes.js';
import { decodeVersion, encodeVersion, stateHash } from './version.codec.js';
import {
  findBase,
  findListed,
  findVersion,
  insertVersion,
  latestVersion,
  listVersions,
  pruneAutomatic,
  storageOf,
  type VersionListRow,
  type VersionRow,
} from './version.repository.js';

export type VersionContext = Pick<AppContext, 'db' | 'clock' | 'config' | 'log'>;

const DAY_MS = 24 * 60 * 60_000;
/** How many versions' contents are kept in memory for the next summary (the latest of each entity). */
const COMPARABLE_CACHE = 64;

export const versionNotFound = () => new AppError('E1021');

/** A signed-in person (versions they save or restore carry their name). */
export type UserActor = Extract<Actor, { kind: 'user' }>;

interface Entity {
  ownerUid: string;
  /** Its content may not change now (read-only, or a canvas still being copied). */
  locked: boolean;
}

export interface VersionHistoryRows {
  rows: VersionListRow[];
  storageBytes: number;
}

export type VersionContentRows =
  | {
      kind: 'canvas';
      canvas: typeof canvases.$inferSelect;
      owner: UserRow | undefined;
      snapshot: CanvasSnapshot;
    }
  | { kind: 'document'; markdown: string; diff: ReturnType<typeof textDiff> };

export function targetOf(target: VersionTarget): CollabTarget {
  return target.entityType === 'canvas'
    ? { kind: 'canvas', id: target.entityId }
    : { kind: 'doc', id: target.entityId };
}

export function docNameOf(target: CollabTarget): string {
  return target.kind === 'canvas' ? canvasDocName(target.id) : documentDocName(target.id);
}

const accessType = (target: CollabTarget) => (target.kind === 'canvas' ? 'canvas' : 'document');

export class VersionService {
  private readonly lock = new KeyedLock();
  /** What the latest version of an entity holds, by version id (saves decoding it for the next summary). */
  private readonly comparables = new Map<string, Comparable>();

  constructor(
    private readonly ctx: VersionContext,
    private readonly collab: CollabService,
  ) {}

  private get db() {
    return this.ctx.db;
  }

  private async require(actor: Actor, action: AccessAction, target: CollabTarget): Promise<void> {
    await accessFor(this.db).require(actor, action, accessType(target), [target.id]);
  }

  async history(actor: Actor, input: VersionTarget): Promise<VersionHistoryRows> {
    const target = targetOf(input);
    await this.require(actor, 'read', target);
    const name = docNameOf(target);
    const [rows, storageBytes] = await Promise.all([listVersions(this.db, name), storageOf(this.db, name)]);
    return { rows, storageBytes };
  }

  /** Saves the current state as a named version ("Save version…"), changed or not. */
  async createNamed(actor: UserActor, input: VersionTarget, label: string): Promise<VersionListRow> {
    const target = targetOf(input);
    await this.require(actor, 'write', target);
    const name = docNameOf(target);
    const saved = await this.lock.run(name, () =>
      this.record(target, { kind: 'named', name: label, authorUid: actor.uid, always: true }),
    );
    if (!saved) throw notFoundOf(target);
    return this.listed(name, saved.versionId);
  }

  async detail(
    actor: Actor,
    input: VersionTarget,
    versionId: string,
  ): Promise<{
    row: VersionListRow;
    content: VersionContentRows;
  }> {
    const target = targetOf(input);
    await this.require(actor, 'read', target);
    const name = docNameOf(target);
    const row = await findVersion(this.db, name, versionId);
    if (!row) throw versionNotFound();
    const doc = await this.decode(row);
    try {
      const content: VersionContentRows =
        target.kind === 'canvas'
          ? await this.canvasContent(target.id, getCanvasSnapshot(doc))
          : await this.documentContent(name, yDocToMarkdown(doc));
      return { row: await this.listed(name, row.versionId), content };
    } finally {
      doc.destroy();
    }
  }

  private async canvasContent(canvasId: string, snapshot: CanvasSnapshot): Promise<VersionContentRows> {
    const [canvas] = await this.db.select().from(canvases).where(eq(canvases.canvasId, canvasId)).limit(1);
    if (!canvas) throw notFoundOf({ kind: 'canvas', id: canvasId });
    return { kind: 'canvas', canvas, owner: await findUserByUid(this.db, canvas.uid), snapshot };
  }

  private async documentContent(name: string, markdown: string): Promise<VersionContentRows> {
    const current = await this.collab.read(name, yDocToMarkdown);
    return { kind: 'document', markdown, diff: textDiff(markdown, current) };
  }

  /**
   * Brings a version back. The current state is saved first (unless the latest version already
   * holds it): restoring that one undoes this restore. Answers the new version and that one.
   */
  async restore(
    actor: UserActor,
    input: VersionTarget,
    versionId: string,
  ): Promise<{ row: VersionListRow; undoVersionId: string }> {
    const target = targetOf(input);
    await this.require(actor, 'write', target);
    const name = docNameOf(target);
    const wanted = await findVersion(this.db, name, versionId);
    if (!wanted) throw versionNotFound();
    const entity = await this.entity(target);
    if (!entity) throw notFoundOf(target);
    if (entity.locked) throw badRequest(`target: the ${input.entityType} is read-only`);
    const result = await this.lock.run(name, async () => {
      const before = await this.record(target, { kind: 'auto', authorUid: actor.uid, always: false });
      if (!before) throw notFoundOf(target);
      const old = await this.decode(wanted);
      try {
        await this.collab.write(name, (doc) => applyContent(target.kind, doc, old));
      } finally {
        old.destroy();
      }
      const restored = await this.record(target, {
        kind: 'restore',
        authorUid: actor.uid,
        restoredFrom: wanted.versionId,
        always: true,
      });
      if (!restored) throw notFoundOf(target);
      return { restored, before };
    });
    return {
      row: await this.listed(name, result.restored.versionId),
      undoVersionId: result.before.versionId,
    };
  }

  /**
   * An automatic version of the collab document `name`, when it changed since the latest version
   * (called by the collaboration service's edit tracker). `editorUid` null: the server edited
   * (an AI answer, an API write); the version is then the owner's.
   */
  async recordAuto(name: string, editorUid: string | null): Promise<void> {
    const target = parseCollabName(name);
    if (!target) return;
    await this.lock.run(name, async () => {
      const saved = await this.record(target, { kind: 'auto', authorUid: editorUid, always: false });
      if (saved) await pruneAutomatic(this.db, this.retentionCutoff(), name);
    });
  }

  /** Removes automatic versions past the retention (the worker role's VersionPruner); answers how many. */
  pruneExpired(): Promise<number> {
    return pruneAutomatic(this.db, this.retentionCutoff());
  }

  private retentionCutoff(): Date {
    return new Date(this.ctx.clock.now() - this.ctx.config.VERSION_RETENTION_DAYS * DAY_MS);
  }

  private async listed(name: string, versionId: string): Promise<VersionListRow> {
    const row = await findListed(this.db, name, versionId);
    if (!row) throw versionNotFound();
    return row;
  }

  private async entity(target: CollabTarget): Promise<Entity | null> {
    if (target.kind === 'canvas') {
      const [row] = await this.db
        .select({ uid: canvases.uid, readOnly: canvases.readOnly, status: canvases.status })
        .from(canvases)
        .where(eq(canvases.canvasId, target.id))
        .limit(1);
      return row ? { ownerUid: row.uid, locked: row.readOnly || row.status !== 'ready' } : null;
    }
    const [row] = await this.db
      .select({ uid: documents.uid, readOnly: documents.readOnly })
      .from(documents)
      .where(eq(documents.docId, target.id))
      .limit(1);
    return row ? { ownerUid: row.uid, locked: row.readOnly } : null;
  }

  private async decode(row: VersionRow): Promise<Y.Doc> {
    const base = await findBase(this.db, row.baseId);
    if (!base) throw versionNotFound();
    return decodeVersion(base.state, row.diff);
  }

  /** What version `row` holds, for a summary (cached for the latest version of each entity). */
  private async comparableOfRow(kind: CollabKind, row: VersionRow): Promise<Comparable> {
    const cached = this.comparables.get(row.versionId);
    if (cached) return cached;
    const doc = await this.decode(row);
    try {
      return comparableOf(kind, doc);
    } finally {
      doc.destroy();
    }
  }

  private remember(versionId: string, comparable: Comparable): void {
    this.comparables.set(versionId, comparable);
    while (this.comparables.size > COMPARABLE_CACHE) {
      const oldest = this.comparables.keys().next().value;
      if (oldest === undefined) break;
      this.comparables.delete(oldest);
    }
  }

  /**
   * Stores the current state of `target` as a version. Unless `always`, a state the latest
   * version already holds answers that version instead. Null when the entity is gone. Runs under
   * the entity's lock (callers take it).
   */
  private async record(
    target: CollabTarget,
    opts: {
      kind: VersionKind;
      authorUid: string | null;
      always: boolean;
      name?: string;
      restoredFrom?: string;
    },
  ): Promise<VersionRow | null> {
    const entity = await this.entity(target);
    if (!entity) return null;
    const name = docNameOf(target);
    const now = await this.collab.read(name, (doc) => ({
      state: Y.encodeStateAsUpdate(doc),
      hash: stateHash(doc),
      comparable: comparableOf(target.kind, doc),
    }));
    const latest = await latestVersion(this.db, name);
    if (latest && !opts.always && latest.stateHash === now.hash) return latest;
    const before = latest ? await this.comparableOfRow(target.kind, latest) : emptyComparable(target.kind);
    const base = latest ? await findBase(this.db, latest.baseId) : null;
    const encoded = await encodeVersion(now.state, base);
    const versionId = newId('version');
    const createdAt = this.ctx.clock.date();
    const baseId = encoded.newBase ? newId('versionBase') : base!.baseId;
    const row: VersionRow = {
      versionId,
      docName: name,
      kind: opts.kind,
      name: opts.name ?? null,
      authorUid: opts.authorUid ?? entity.ownerUid,
      summary: summarize(before, now.comparable),
      baseId,
      diff: encoded.diff,
      size: encoded.diff.byteLength,
      stateHash: now.hash,
      restoredFrom: opts.restoredFrom ?? null,
      createdAt,
    };
    await insertVersion(
      this.db,
      row,
      encoded.newBase
        ? { baseId, docName: name, firstVersionId: versionId, createdAt, ...encoded.newBase }
        : null,
    );
    this.remember(versionId, now.comparable);
    return row;
  }
}

function notFoundOf(target: CollabTarget): AppError {
  return new AppError(target.kind === 'canvas' ? 'E1000' : 'E1003');
}

/** Makes the live `doc` hold what `old` holds, as a minimal change (other peers' state merges). */
function applyContent(kind: CollabKind, doc: Y.Doc, old: Y.Doc): void {
  if (kind === 'canvas') applySnapshot(doc, getCanvasSnapshot(old));
  else setYDocContent(doc, yDocToJSON(old));
}
