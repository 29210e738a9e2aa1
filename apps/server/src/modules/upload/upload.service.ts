/**
 * Uploaded files: storing a new file or replacing one the user owns, the `files` row that records
 * owner, type, size and visibility, and who may read a file. Other modules reuse
 * `readOwnedFile` (e.g. avatars, covers) and `fileUrl`.
 */
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { EntityType, UploadResult } from '@atelier/contract';
import type { AppContext } from '../../context.js';
import { ObjectNotFoundError } from '../../context.js';
import { files } from '../../db/schema/files.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { now } from '../../lib/time.js';
import { isValidStorageKey } from '../../storage/storage.keys.js';
import { keyExtension, normaliseContentType } from './upload.types.js';

/** Image types a cover (project, page, template) may have: what the browser shows and ingest reads. */
export const COVER_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

export type Visibility = 'public' | 'private';

export interface StoredFile {
  storageKey: string;
  uid: string;
  contentType: string;
  size: number;
  visibility: Visibility;
  entityType: string | null;
  entityId: string | null;
  originalName: string | null;
  updatedAt: Date;
}

export interface UploadInput {
  uid: string;
  /** The spooled file: its path on local disk, size and what the client said about it. */
  file: { path: string; size: number; filename: string; mimetype: string };
  entityType?: EntityType;
  entityId?: string;
  /** Undefined keeps the visibility of a replaced file (a new file is private). */
  visibility?: Visibility;
  /** Replace the file stored under this key (the caller must own it). */
  storageKey?: string;
}

export type UploadServiceContext = Pick<AppContext, 'db' | 'storage' | 'config' | 'log'>;

/** The URL a stored file is served from (GET /v1/misc/static/{fileName}). */
export function fileUrl(publicUrl: string, storageKey: string): string {
  return `${publicUrl}/v1/misc/static/${encodeURIComponent(storageKey)}`;
}

const notFound = () => new AppError('E1012');

function toStoredFile(row: typeof files.$inferSelect): StoredFile {
  return {
    storageKey: row.storageKey,
    uid: row.uid,
    contentType: row.contentType,
    size: row.size,
    visibility: row.visibility === 'public' ? 'public' : 'private',
    entityType: row.entityType,
    entityId: row.entityId,
    originalName: row.originalName,
    updatedAt: row.updatedAt,
  };
}

export function createUploadService(ctx: UploadServiceContext) {
  const { db, storage, config, log } = ctx;

  async function find(storageKey: string): Promise<StoredFile | null> {
    if (!isValidStorageKey(storageKey)) return null;
    const [row] = await db.select().from(files).where(eq(files.storageKey, storageKey)).limit(1);
    return row ? toStoredFile(row) : null;
  }

  return {
    fileUrl: (storageKey: string) => fileUrl(config.fileBaseUrl, storageKey),

    /** Stores a new file, or replaces the content of one the user owns (same key, same URL). */
    async upload(input: UploadInput): Promise<UploadResult> {
      const contentType = normaliseContentType(input.file.mimetype, input.file.filename);
      // Control characters (NUL above all, which PostgreSQL text refuses) are dropped from the name.
      const originalName =
        [...input.file.filename]
          .filter((c) => c.charCodeAt(0) > 0x1f && c.charCodeAt(0) !== 0x7f)
          .join('')
          .slice(0, 255) || null;

      if (input.storageKey) {
        // Another user's key answers like a missing one, so keys of others cannot be probed.
        const existing = await find(input.storageKey);
        if (!existing || existing.uid !== input.uid) throw notFound();
        await storage.put(existing.storageKey, createReadStream(input.file.path), { contentType });
        await db
          .update(files)
          .set({
            contentType,
            size: input.file.size,
            originalName,
            updatedAt: now(),
            ...(input.visibility ? { visibility: input.visibility } : {}),
            ...(input.entityType ? { entityType: input.entityType } : {}),
            ...(input.entityId ? { entityId: input.entityId } : {}),
          })
          .where(eq(files.storageKey, existing.storageKey));
        return { storageKey: existing.storageKey, url: fileUrl(config.fileBaseUrl, existing.storageKey) };
      }

      const ext = keyExtension(contentType, input.file.filename);
      const storageKey = `${newId('file')}${ext ? `.${ext}` : ''}`;
      await storage.put(storageKey, createReadStream(input.file.path), { contentType });
      try {
        await db.insert(files).values({
          storageKey,
          uid: input.uid,
          entityType: input.entityType ?? null,
          entityId: input.entityId ?? null,
          visibility: input.visibility ?? 'private',
          contentType,
          size: input.file.size,
          originalName,
        });
      } catch (err) {
        // Without its row the object is unreachable: remove it rather than leave an orphan.
        await storage
          .delete(storageKey)
          .catch((e: unknown) => log.warn({ err: e, storageKey }, 'orphan upload left'));
        throw err;
      }
      return { storageKey, url: fileUrl(config.fileBaseUrl, storageKey) };
    },

    /** The file if `uid` owns it; E1012 otherwise (missing and not-yours look the same). */
    async readOwnedFile(uid: string, storageKey: string): Promise<StoredFile> {
      const file = await find(storageKey);
      if (!file || file.uid !== uid) throw notFound();
      return file;
    },

    /**
     * `storageKey` if it is one of `uid`'s own uploads, a PNG, JPEG, GIF or WebP image, and (with
     * `maxBytes`) no larger than that: the cover of a project, page or template. E1012 for a file
     * that is not theirs, E0003 for another type or size.
     */
    async checkOwnCover(uid: string, storageKey: string, maxBytes?: number): Promise<string> {
      const file = await find(storageKey);
      if (!file || file.uid !== uid) throw new AppError('E1012', 'coverStorageKey: no such file');
      if (!COVER_TYPES.includes(file.contentType.toLowerCase())) {
        throw badRequest('coverStorageKey: the cover must be a PNG, JPEG, GIF or WebP image');
      }
      if (maxBytes !== undefined && file.size > maxBytes) {
        const mb = Math.round((maxBytes / 1024 / 1024) * 10) / 10;
        throw badRequest(`coverStorageKey: the cover cannot exceed ${mb} MB`);
      }
      return storageKey;
    },

    /** The file if this reader may see it: public files to anyone, private ones to their owner. */
    async readableFile(reader: { uid: string } | null, storageKey: string): Promise<StoredFile> {
      const file = await find(storageKey);
      if (!file) throw notFound();
      if (file.visibility !== 'public' && file.uid !== reader?.uid) throw notFound();
      return file;
    },

    /** The bytes of a file; E1012 (and a warning) when the row exists but the object is gone. */
    async open(file: StoredFile): Promise<Readable> {
      try {
        return await storage.get(file.storageKey);
      } catch (err) {
        if (err instanceof ObjectNotFoundError) {
          log.warn({ storageKey: file.storageKey }, 'file row without a stored object');
          throw notFound();
        }
        throw err;
      }
    },

    /** Makes an owned file public or private (e.g. an avatar others should see). */
    async setVisibility(uid: string, storageKey: string, visibility: Visibility): Promise<StoredFile> {
      const file = await find(storageKey);
      if (!file || file.uid !== uid) throw notFound();
      await db.update(files).set({ visibility, updatedAt: now() }).where(eq(files.storageKey, storageKey));
      return { ...file, visibility };
    },
  };
}

export type UploadService = ReturnType<typeof createUploadService>;
