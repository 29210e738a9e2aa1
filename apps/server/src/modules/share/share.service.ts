/**
 * Share links (issue 11): publishing a snapshot of an entity into storage, its child shares,
 * the link's settings, who may open it, and copying it into another workspace.
 *
 * Internal publishing API (other modules use it through `services.shares`):
 *   shares.publish(uid, { entityType, entityId, allowDuplication, templateId, ... })  → ShareRow
 *   shares.revoke(uid, shareId)                                 // and every child share + files
 *   shares.duplicate(uid, { shareId, projectId?, title? })      → { entityType, entityId }
 *   shares.content(shareId, viewerUid | null)                   → { row, data } or E1009
 *   shares.child(canvasShareId, entityId, viewerUid | null)     → a node's child share (live: on first open)
 * Per-type snapshots and copies plug in through share.registry.ts.
 *
 * Storage: `shares/{shareId}/data.json` (the snapshot) and `shares/{shareId}/files/{name}` (copies
 * of the owner's private files the snapshot shows: `cover`, a resource's `file`, canvas images),
 * served through the share at `/share/{shareId}/files/{name}` while the share may be opened;
 * revoking deletes them.
 *
 * Who may open a share: its root share (the top-level one it was published with) decides; the
 * owner always, anyone else while it is `access: 'anyone'` and not expired (`ctx.clock`).
 */
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { ShareAccess, ShareEntityType, SharedData, SharedEntityType } from '@atelier/contract';
import { canvasDocName, documentDocName } from '../../collab/index.js';
import type { AppContext } from '../../context.js';
import { ObjectNotFoundError } from '../../context.js';
import { documents, files, pages, shares } from '../../db/schema/index.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { now } from '../../lib/time.js';
import { accessFor, userActor } from '../access/access.js';
import { ShareRowCache } from './share.rows.js';
import { ENTITY_REF_TYPES } from '../access/access.entities.js';
import { childTypeOf, cleanSharedData, imageKeysOf, storageKeyOf } from './share.snapshots.js';
import { isValidStorageKey } from '../../storage/storage.keys.js';
import {
  snapshotBuilder,
  snapshotDuplicator,
  type ShareBuildDeps,
  type ShareFileCopy,
  type SnapshotInput,
} from './share.registry.js';

export type ShareRow = typeof shares.$inferSelect;

export const shareNotFound = () => new AppError('E1009');
export const duplicationNotAllowed = () => badRequest('The owner of this share does not allow duplication');

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `sh-` + 24 base-62 characters from 24 random bytes (rejection-free mapping: ≥ 5.9 bits each, > 140 bits). */
export function newShareId(): string {
  const bytes = randomBytes(32);
  let out = '';
  for (let i = 0; out.length < 24 && i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b < 248) out += BASE62[b % 62];
  }
  while (out.length < 24) {
    const b = randomBytes(1)[0]!;
    if (b < 248) out += BASE62[b % 62];
  }
  return `sh-${out}`;
}

export const snapshotKey = (shareId: string) => `shares/${shareId}/data.json`;
const fileKey = (shareId: string, name: string) => `shares/${shareId}/files/${name}`;
const FILE_NAME = /^[A-Za-z0-9_-]{1,100}$/;

export interface PublishInput {
  entityType: ShareEntityType;
  entityId: string;
  title?: string;
  allowDuplication?: boolean;
  access?: ShareAccess;
  expiresAt?: string | null;
  live?: boolean;
  /** A template's share: one per template, kept apart from the owner's own share of the canvas. */
  templateId?: string;
  /** One of the caller's uploaded files, copied as the share's cover (link preview image). */
  coverStorageKey?: string;
  /**
   * More of the caller's uploaded files copied into the share, by file name (letters, digits, `-`,
   * `_`; not a name the snapshot uses): e.g. a template's own cover, public with the share.
   */
  extraFiles?: Record<string, string>;
}

/** An entity's state now, by id: when it last changed and its title. */
export type CurrentOf = (ids: readonly string[]) => Promise<Map<string, { updatedAt: Date; title: string }>>;

/** What the owner's list says of a share beside its row: changed since published, its title now. */
export interface ShareFreshness {
  stale: boolean;
  /** The title to show: a live share follows its entity's title, a snapshot keeps the published one. */
  title: string;
}

export interface UpdateShareInput {
  shareId: string;
  title?: string;
  allowDuplication?: boolean;
  access?: ShareAccess;
  expiresAt?: string | null;
  live?: boolean;
}

export interface ListSharesInput {
  page: number;
  pageSize: number;
  shareId?: string;
  entityType?: SharedEntityType;
  entityId?: string;
}

/** Bounded cache of parsed snapshots, by (shareId, publishedAt): a republish changes the key. */
class SnapshotCache {
  private readonly map = new Map<string, SharedData>();
  constructor(private readonly max: number) {}
  get(key: string): SharedData | undefined {
    const hit = this.map.get(key);
    if (hit) {
      this.map.delete(key);
      this.map.set(key, hit);
    }
    return hit;
  }
  set(key: string, value: SharedData): void {
    this.map.set(key, value);
    while (this.map.size > this.max) this.map.delete(this.map.keys().next().value!);
  }
  forget(shareId: string): void {
    for (const key of this.map.keys()) if (key.startsWith(`${shareId}@`)) this.map.delete(key);
  }
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}

export class ShareService {
  private readonly cache = new SnapshotCache(500);
  private readonly rows: ShareRowCache<ShareRow> | null;
  /** Entity types whose current state (updatedAt, title) the owner's list compares with the published one. */
  private readonly currentOf = new Map<SharedEntityType, CurrentOf>();

  constructor(private readonly deps: ShareBuildDeps) {
    this.rows = deps.ctx.dbKind === 'pglite' ? new ShareRowCache(1000) : null;
    deps.ctx.events.on('shares.removed', () => this.rows?.clear());
  }

  private get ctx(): AppContext {
    return this.deps.ctx;
  }

  /** Runs a write of share rows, then drops the cached rows (whether it succeeded or not). */
  private async writing<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } finally {
      this.rows?.clear();
    }
  }

  /**
   * How the owner's list learns that an entity changed after it was published, and a live share
   * its entity's title now.
   */
  registerCurrent(type: SharedEntityType, fn: CurrentOf): void {
    this.currentOf.set(type, fn);
  }

  /**
   * The origin links are built on: PUBLIC_URL when it is set, else the address the request came
   * to (the browser's address bar, through TRUST_PROXY's forwarded headers behind a proxy), never
   * a guessed `localhost`.
   */
  origin(req: { protocol: string; host: string } | null): string {
    if (this.ctx.config.PUBLIC_URL || !req) return this.ctx.config.publicUrl;
    return `${req.protocol}://${req.host}`;
  }

  /** The address a browser opens to view the share, on `origin` (see origin()). */
  url(shareId: string, origin: string): string {
    return `${origin}/share/${shareId}`;
  }

  /**
   * Where a copied file of a share is served: relative (`/share/{id}/files/{name}`, loading from
   * whichever address the viewer reached the app at) unless PUBLIC_URL is set. Stored in snapshots.
   */
  fileUrl(shareId: string, name: string): string {
    return `${this.ctx.config.fileBaseUrl}/share/${shareId}/files/${name}`;
  }

  /** The link preview image of a share (its `cover` file), if it has one. */
  coverUrl(row: ShareRow): string | null {
    return row.files.cover ? this.fileUrl(row.shareId, 'cover') : null;
  }

  async find(shareId: string): Promise<ShareRow | undefined> {
    const load = async () => {
      const [row] = await this.ctx.db.select().from(shares).where(eq(shares.shareId, shareId)).limit(1);
      return row;
    };
    return this.rows ? this.rows.read(shareId, load) : load();
  }

  /** The caller's own top-level share, or E1009. */
  async own(uid: string, shareId: string): Promise<ShareRow> {
    const row = await this.find(shareId);
    if (!row || row.uid !== uid || row.parentShareId) throw shareNotFound();
    return row;
  }

  // ---- publishing ----

  /** Publishes (or publishes again: "Update link") the caller's share of an entity. */
  async publish(uid: string, input: PublishInput): Promise<ShareRow> {
    return this.writing(() => this.publishNow(uid, input));
  }

  private async publishNow(uid: string, input: PublishInput): Promise<ShareRow> {
    if (!snapshotBuilder(input.entityType))
      throw badRequest(`entityType: ${input.entityType} cannot be shared`);
    await accessFor(this.ctx.db).requireRef(userActor(uid), 'read', {
      entityType: input.entityType,
      entityId: input.entityId,
    });
    const where: SQL[] = [
      eq(shares.uid, uid),
      eq(shares.entityType, input.entityType),
      eq(shares.entityId, input.entityId),
      isNull(shares.parentShareId),
      input.templateId ? eq(shares.templateId, input.templateId) : isNull(shares.templateId),
    ];
    const [existing] = await this.ctx.db
      .select()
      .from(shares)
      .where(and(...where))
      .limit(1);
    const settings = {
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.allowDuplication !== undefined ? { allowDuplication: input.allowDuplication } : {}),
      ...(input.access !== undefined ? { access: input.access } : {}),
      ...(input.expiresAt !== undefined
        ? { expiresAt: input.expiresAt ? new Date(input.expiresAt) : null }
        : {}),
      ...(input.live !== undefined ? { live: this.liveAllowed(input.entityType, input.live) } : {}),
    };
    let row = existing;
    if (!row) {
      [row] = await this.ctx.db
        .insert(shares)
        .values({
          shareId: newShareId(),
          uid,
          entityType: input.entityType,
          entityId: input.entityId,
          templateId: input.templateId ?? null,
          storageKey: '',
          ...settings,
        })
        .returning();
    } else if (Object.keys(settings).length) {
      [row] = await this.ctx.db
        .update(shares)
        .set({ ...settings, updatedAt: now() })
        .where(eq(shares.shareId, row.shareId))
        .returning();
    }
    try {
      const extra: Record<string, ShareFileCopy> = {};
      for (const [name, key] of Object.entries(input.extraFiles ?? {})) {
        if (!FILE_NAME.test(name)) throw badRequest(`extraFiles: ${name} is not a file name`);
        extra[name] = await this.ownedFile(uid, key);
      }
      if (input.coverStorageKey) extra.cover = await this.ownedFile(uid, input.coverStorageKey);
      const published = await this.publishSnapshot(uid, row!, input.title, extra);
      await this.syncPage(published, 'published');
      return published;
    } catch (err) {
      // A first publish that failed leaves no link behind.
      if (!existing) await this.removeTree(row!.shareId);
      throw err;
    }
  }

  private liveAllowed(type: SharedEntityType, live: boolean): boolean {
    if (live && type !== 'canvas' && type !== 'document') {
      throw badRequest('live: only canvas and document shares can be live');
    }
    return live;
  }

  /** Builds the snapshot of `row`'s entity, stores it, publishes its children, revokes children gone. */
  /** A file the caller uploaded, as a copy source; E1012 (file not found) otherwise. */
  private async ownedFile(uid: string, storageKey: string): Promise<ShareFileCopy> {
    const [file] = await this.ctx.db
      .select({ contentType: files.contentType })
      .from(files)
      .where(and(eq(files.storageKey, storageKey), eq(files.uid, uid)))
      .limit(1);
    if (!file) throw new AppError('E1012');
    return { fromKey: storageKey, contentType: file.contentType };
  }

  private async publishSnapshot(
    uid: string,
    row: ShareRow,
    title?: string,
    extra: Record<string, ShareFileCopy> = {},
  ): Promise<ShareRow> {
    const build = snapshotBuilder(row.entityType);
    if (!build) throw badRequest(`entityType: ${row.entityType} cannot be shared`);
    const before = await this.ctx.db.select().from(shares).where(eq(shares.parentShareId, row.shareId));
    const kept = new Set<string>();
    const input: SnapshotInput = {
      uid,
      entityId: row.entityId,
      shareId: row.shareId,
      fileUrl: (shareId, name) => this.fileUrl(shareId, name),
      publishChild: async (entityType, entityId) => {
        if (entityType === row.entityType && entityId === row.entityId) return null;
        const existing = before.find((c) => c.entityType === entityType && c.entityId === entityId);
        if (existing && kept.has(existing.shareId)) return existing.shareId;
        const child = await this.publishChild(uid, row, entityType, entityId, existing);
        if (child) kept.add(child.shareId);
        return child?.shareId ?? null;
      },
    };
    const built = await build(this.deps, input);
    const key = snapshotKey(row.shareId);
    await this.ctx.storage.put(key, Buffer.from(JSON.stringify(built.data)), {
      contentType: 'application/json',
    });
    const copied = await this.copyFiles(row, { ...built.files, ...extra });
    const [updated] = await this.ctx.db
      .update(shares)
      .set({
        // published again without a title: the entity's title now (a renamed canvas renames its link)
        title: title ?? built.title,
        storageKey: key,
        files: copied,
        publishedAt: this.ctx.clock.date(),
        entityUpdatedAt: built.entityUpdatedAt,
        updatedAt: now(),
      })
      .where(eq(shares.shareId, row.shareId))
      .returning();
    this.cache.forget(row.shareId);
    for (const gone of before.filter((c) => !kept.has(c.shareId))) await this.removeTree(gone.shareId);
    return updated!;
  }

  /**
   * Publishes (or republishes) the child share of `entityId` under `parent`: null when the owner may
   * not read it, its type is not shared, or its snapshot cannot be built (it is then left out).
   * Two publishers at once (viewers of a live canvas) meet on the child key and share one row.
   */
  private async publishChild(
    uid: string,
    parent: ShareRow,
    entityType: SharedEntityType,
    entityId: string,
    existing?: ShareRow,
  ): Promise<ShareRow | null> {
    if (!snapshotBuilder(entityType)) return null;
    const refType = entityType === 'resource' ? 'resource' : ENTITY_REF_TYPES[entityType];
    if (!(await accessFor(this.ctx.db).can(userActor(uid), 'read', refType, entityId))) return null;
    let child = existing;
    if (!child) {
      [child] = await this.ctx.db
        .insert(shares)
        .values({
          shareId: newShareId(),
          uid,
          entityType,
          entityId,
          parentShareId: parent.shareId,
          storageKey: '',
        })
        .onConflictDoNothing()
        .returning();
      child ??= await this.childOf(parent.shareId, entityId);
      if (!child) return null;
    }
    try {
      return await this.publishSnapshot(uid, child);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      await this.removeTree(child.shareId);
      return null;
    }
  }

  private async childOf(parentShareId: string, entityId: string): Promise<ShareRow | undefined> {
    const [row] = await this.ctx.db
      .select()
      .from(shares)
      .where(and(eq(shares.parentShareId, parentShareId), eq(shares.entityId, entityId)))
      .limit(1);
    return row;
  }

  /** Copies the files a snapshot shows into the share; removes the copies it no longer shows. */
  private async copyFiles(
    row: ShareRow,
    wanted: Record<string, ShareFileCopy>,
  ): Promise<Record<string, { contentType: string }>> {
    const out: Record<string, { contentType: string }> = {};
    for (const [name, from] of Object.entries(wanted)) {
      if (!FILE_NAME.test(name)) continue;
      try {
        const body = await readAll(await this.ctx.storage.get(from.fromKey));
        await this.ctx.storage.put(fileKey(row.shareId, name), body, { contentType: from.contentType });
        out[name] = { contentType: from.contentType };
      } catch (err) {
        if (!(err instanceof ObjectNotFoundError)) throw err;
      }
    }
    for (const name of Object.keys(row.files)) {
      if (!out[name]) await this.ctx.storage.delete(fileKey(row.shareId, name)).catch(() => undefined);
    }
    return out;
  }

  /**
   * Copies one of the owner's uploads into their share as file `name` (served at
   * /share/{id}/files/{name} like the snapshot's files), or removes that file (null), without
   * publishing the entity again. A later publish keeps it only when given again (`extraFiles`).
   */
  async setFile(uid: string, shareId: string, name: string, storageKey: string | null): Promise<ShareRow> {
    if (!FILE_NAME.test(name)) throw badRequest(`name: ${name} is not a file name`);
    return this.writing(async () => {
      const row = await this.own(uid, shareId);
      const files = { ...row.files };
      if (storageKey) {
        const from = await this.ownedFile(uid, storageKey);
        const body = await readAll(await this.ctx.storage.get(from.fromKey));
        await this.ctx.storage.put(fileKey(row.shareId, name), body, { contentType: from.contentType });
        files[name] = { contentType: from.contentType };
      } else if (files[name]) {
        delete files[name];
        await this.ctx.storage.delete(fileKey(row.shareId, name)).catch(() => undefined);
      }
      const [updated] = await this.ctx.db
        .update(shares)
        .set({ files, updatedAt: now() })
        .where(eq(shares.shareId, row.shareId))
        .returning();
      return updated!;
    });
  }

  // ---- settings, listing, revoking ----

  async update(uid: string, input: UpdateShareInput): Promise<ShareRow> {
    return this.writing(() => this.updateNow(uid, input));
  }

  private async updateNow(uid: string, input: UpdateShareInput): Promise<ShareRow> {
    const row = await this.own(uid, input.shareId);
    const patch: Partial<ShareRow> = { updatedAt: now() };
    if (input.title !== undefined) patch.title = input.title;
    if (input.allowDuplication !== undefined) patch.allowDuplication = input.allowDuplication;
    if (input.access !== undefined) patch.access = input.access;
    if (input.expiresAt !== undefined) patch.expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
    if (input.live !== undefined) patch.live = this.liveAllowed(row.entityType, input.live);
    const [updated] = await this.ctx.db
      .update(shares)
      .set(patch)
      .where(eq(shares.shareId, row.shareId))
      .returning();
    this.closeLive(updated!);
    return updated!;
  }

  async list(uid: string, query: ListSharesInput): Promise<ShareRow[]> {
    const where: SQL[] = [eq(shares.uid, uid), isNull(shares.parentShareId)];
    if (query.shareId) where.push(eq(shares.shareId, query.shareId));
    if (query.entityType) where.push(eq(shares.entityType, query.entityType));
    if (query.entityId) where.push(eq(shares.entityId, query.entityId));
    return this.ctx.db
      .select()
      .from(shares)
      .where(and(...where))
      .orderBy(desc(shares.updatedAt), desc(shares.shareId))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize);
  }

  /**
   * Of top-level rows, whether each entity changed after it was published, and the title to show.
   * A live share is never stale (its viewers follow the entity) and shows the entity's title now.
   * `staleness: false` (a viewer's request): only live rows are looked up, for their title.
   */
  async freshness(
    rows: readonly ShareRow[],
    { staleness = true }: { staleness?: boolean } = {},
  ): Promise<Map<string, ShareFreshness>> {
    const out = new Map<string, ShareFreshness>();
    const byType = new Map<SharedEntityType, ShareRow[]>();
    for (const row of rows) {
      out.set(row.shareId, { stale: false, title: row.title });
      if (row.parentShareId || (!staleness && !row.live)) continue;
      byType.set(row.entityType, [...(byType.get(row.entityType) ?? []), row]);
    }
    for (const [type, list] of byType) {
      const fn = this.currentOf.get(type);
      if (!fn) continue;
      const current = await fn(list.map((r) => r.entityId));
      for (const row of list) {
        const now = current.get(row.entityId);
        if (!now) continue;
        if (row.live && !row.templateId)
          out.set(row.shareId, { stale: false, title: now.title || row.title });
        else
          out.set(row.shareId, {
            stale: !row.entityUpdatedAt || now.updatedAt.getTime() > row.entityUpdatedAt.getTime(),
            title: row.title,
          });
      }
    }
    return out;
  }

  /** Revokes the caller's share: it, every child share and their stored files. */
  async revoke(uid: string, shareId: string): Promise<void> {
    return this.writing(() => this.revokeNow(uid, shareId));
  }

  private async revokeNow(uid: string, shareId: string): Promise<void> {
    const row = await this.own(uid, shareId);
    await this.removeTree(row.shareId);
    await this.syncPage(row, 'draft');
    this.closeLive({ ...row, live: false });
  }

  /**
   * A page's status follows its (non-template) share whichever way it was published or revoked
   * (`pages.publish` or the generic `share.new` / `share.delete`): published with the share's id,
   * or a draft without one.
   */
  private async syncPage(row: ShareRow, status: 'published' | 'draft'): Promise<void> {
    if (row.entityType !== 'page' || row.parentShareId || row.templateId) return;
    await this.ctx.db
      .update(pages)
      .set(status === 'published' ? { status, shareId: row.shareId } : { status, shareId: null })
      .where(
        status === 'published'
          ? eq(pages.pageId, row.entityId)
          : and(eq(pages.pageId, row.entityId), eq(pages.shareId, row.shareId)),
      );
  }

  /** Ends the read-only live connections of a share that may no longer be followed live (re-arms their expiry otherwise). */
  private closeLive(row: ShareRow): void {
    const open =
      row.live &&
      row.access === 'anyone' &&
      (!row.expiresAt || row.expiresAt.getTime() > this.ctx.clock.now());
    if (row.entityType !== 'canvas' && row.entityType !== 'document') return;
    const name = row.entityType === 'canvas' ? canvasDocName(row.entityId) : documentDocName(row.entityId);
    // still open: its expiry may have moved, so the connections' expiry timers are re-armed
    if (open) this.deps.services.collab.recheckShareConnections(name, row.shareId);
    else this.deps.services.collab.closeShareConnections(name, row.shareId);
  }

  /** Deletes a share and its descendants with their stored files. */
  private async removeTree(shareId: string): Promise<void> {
    const tree: { shareId: string; files: Record<string, unknown> }[] = [];
    let level = [shareId];
    while (level.length) {
      const rows = await this.ctx.db
        .select({ shareId: shares.shareId, files: shares.files })
        .from(shares)
        .where(inArray(shares.shareId, level));
      tree.push(...rows);
      const children = await this.ctx.db
        .select({ shareId: shares.shareId })
        .from(shares)
        .where(inArray(shares.parentShareId, level));
      level = children.map((c) => c.shareId);
    }
    if (!tree.length) return;
    await this.ctx.db.delete(shares).where(
      inArray(
        shares.shareId,
        tree.map((t) => t.shareId),
      ),
    );
    for (const { shareId: id, files } of tree) {
      this.cache.forget(id);
      const keys = [snapshotKey(id), ...Object.keys(files).map((name) => fileKey(id, name))];
      for (const key of keys) await this.ctx.storage.delete(key).catch(() => undefined);
    }
  }

  // ---- viewing ----

  /** The top-level share `row` was published with (itself when top-level). */
  private async root(row: ShareRow): Promise<ShareRow | undefined> {
    let current: ShareRow | undefined = row;
    for (let depth = 0; current?.parentShareId && depth < 8; depth++)
      current = await this.find(current.parentShareId);
    return current?.parentShareId ? undefined : current;
  }

  /** Whether this viewer may open the share now (the root share's access and expiry decide). */
  async openable(row: ShareRow, viewerUid: string | null): Promise<ShareRow | null> {
    const root = await this.root(row);
    if (!root) return null;
    if (viewerUid && viewerUid === root.uid) return root;
    if (root.access !== 'anyone') return null;
    if (root.expiresAt && root.expiresAt.getTime() <= this.ctx.clock.now()) return null;
    return root;
  }

  /** The share a viewer may open, with its root; E1009 otherwise. */
  async open(shareId: string, viewerUid: string | null): Promise<{ row: ShareRow; root: ShareRow }> {
    const row = await this.find(shareId);
    const root = row && row.storageKey ? await this.openable(row, viewerUid) : null;
    if (!row || !root) throw shareNotFound();
    return { row, root };
  }

  async content(
    shareId: string,
    viewerUid: string | null,
  ): Promise<{ row: ShareRow; root: ShareRow; data: SharedData }> {
    const { row, root } = await this.open(shareId, viewerUid);
    return { row, root, data: await this.snapshot(row) };
  }

  /**
   * What a viewer of a canvas share sees of one entity on it: its child share. A live canvas share
   * follows the owner's edits, so an entity whose node was added after the share was published gets
   * its child share the first time a viewer opens it, when it is on the canvas now (a node of a
   * type published as a child) and the owner may read it. Anything else answers E1009, as an
   * entity that was not published does.
   */
  async child(
    shareId: string,
    entityId: string,
    viewerUid: string | null,
  ): Promise<{ row: ShareRow; root: ShareRow; data: SharedData }> {
    const { row, root } = await this.open(shareId, viewerUid);
    if (row.entityType !== 'canvas' || row.parentShareId) throw shareNotFound();
    let child = await this.childOf(row.shareId, entityId);
    if (!child?.storageKey && root.live) {
      const snapshot = await this.deps.services.canvases.snapshot(row.entityId);
      const node = snapshot.nodes.find((n) => n.data.entityId === entityId && childTypeOf(n.type));
      const type = node ? childTypeOf(node.type) : undefined;
      if (type) child = (await this.publishChild(row.uid, row, type, entityId, child)) ?? undefined;
    }
    if (!child?.storageKey) throw shareNotFound();
    return { row: child, root, data: await this.snapshot(child) };
  }

  /** The parsed snapshot of a share (cached by share and publish time). */
  async snapshot(row: ShareRow): Promise<SharedData> {
    const cacheKey = `${row.shareId}@${row.publishedAt.getTime()}`;
    const hit = this.cache.get(cacheKey);
    if (hit) return hit;
    try {
      const text = (await readAll(await this.ctx.storage.get(row.storageKey))).toString('utf8');
      // Snapshots published before file URLs were relative name the default origin
      // (`http://localhost:PORT/share/…`), which another address cannot load: they become relative.
      const legacy = this.ctx.config.PUBLIC_URL ? null : `${this.ctx.config.publicUrl}/share/`;
      // and those published before citations were structured hold raw markers: cleaned here
      const data = cleanSharedData(
        JSON.parse(text, (_key, value: unknown) =>
          legacy && typeof value === 'string' && value.startsWith(legacy)
            ? value.slice(legacy.length - '/share/'.length)
            : value,
        ) as SharedData,
      );
      this.cache.set(cacheKey, data);
      return data;
    } catch (err) {
      if (err instanceof ObjectNotFoundError) throw shareNotFound();
      throw err;
    }
  }

  /** A copied file of a share a viewer may open; E1009 otherwise. */
  async file(
    shareId: string,
    name: string,
    viewerUid: string | null,
  ): Promise<{ stream: Readable; contentType: string }> {
    const { row } = await this.open(shareId, viewerUid);
    const meta = FILE_NAME.test(name) ? row.files[name] : undefined;
    if (!meta) throw shareNotFound();
    try {
      return {
        stream: await this.ctx.storage.get(fileKey(row.shareId, name)),
        contentType: meta.contentType,
      };
    } catch (err) {
      if (err instanceof ObjectNotFoundError) throw shareNotFound();
      throw err;
    }
  }

  /**
   * One of the owner's files that a live share's entity shows now (an image node of the live
   * canvas, an image in the live document), for anyone who may open the share; E1009 otherwise:
   * a file of someone else, one the entity does not show, a share that is not live.
   */
  async liveFile(
    shareId: string,
    storageKey: string,
    viewerUid: string | null,
  ): Promise<{ stream: Readable; contentType: string }> {
    const { row, root } = await this.open(shareId, viewerUid);
    if (!root.live || row.parentShareId || !isValidStorageKey(storageKey)) throw shareNotFound();
    const shown = await this.shownKeys(row);
    if (!shown.has(storageKey)) throw shareNotFound();
    const [file] = await this.ctx.db
      .select({ contentType: files.contentType })
      .from(files)
      .where(and(eq(files.storageKey, storageKey), eq(files.uid, row.uid)))
      .limit(1);
    if (!file) throw shareNotFound();
    try {
      return { stream: await this.ctx.storage.get(storageKey), contentType: file.contentType };
    } catch (err) {
      if (err instanceof ObjectNotFoundError) throw shareNotFound();
      throw err;
    }
  }

  /** The storage keys of this server's files a live canvas or document shows now. */
  private async shownKeys(row: ShareRow): Promise<Set<string>> {
    const { services } = this.deps;
    if (row.entityType === 'canvas') {
      const snapshot = await services.canvases.snapshot(row.entityId);
      return new Set(
        snapshot.nodes.flatMap((n) =>
          n.type === 'image'
            ? [storageKeyOf(n.data.metadata?.url), storageKeyOf(n.data.metadata?.imageUrl)].filter(
                (k): k is string => Boolean(k),
              )
            : [],
        ),
      );
    }
    if (row.entityType === 'document') {
      const live = await services.documents.liveFields(row.entityId);
      const [stored] = live
        ? [live]
        : await this.ctx.db
            .select({ content: documents.content })
            .from(documents)
            .where(eq(documents.docId, row.entityId))
            .limit(1);
      return new Set(stored ? imageKeysOf(stored.content) : []);
    }
    return new Set();
  }

  // ---- duplicating ----

  /** Copies a share's snapshot into the caller's workspace (new ids); needs allowDuplication. */
  async duplicate(
    uid: string,
    input: { shareId: string; projectId?: string; title?: string },
  ): Promise<{ entityType: ShareEntityType; entityId: string }> {
    const { row, root } = await this.open(input.shareId, uid);
    if (!root.allowDuplication) throw duplicationNotAllowed();
    const duplicate = snapshotDuplicator(row.entityType);
    if (!duplicate) throw badRequest(`shareId: a shared ${row.entityType} cannot be duplicated`);
    if (input.projectId)
      await accessFor(this.ctx.db).require(userActor(uid), 'write', 'project', [input.projectId]);
    const data = await this.snapshot(row);
    return duplicate(this.deps, {
      uid,
      shareId: row.shareId,
      data,
      title: input.title,
      projectId: input.projectId,
      childData: async (childId) => {
        const child = await this.find(childId);
        if (!child || child.parentShareId !== row.shareId || !child.storageKey) return null;
        return this.snapshot(child).catch(() => null);
      },
    });
  }
}
