/**
 * Local-filesystem object storage under DATA_DIR/files. Writes are atomic (a temp file in the same
 * root, fsynced, then renamed over the target), so a reader or a crash never sees half a file.
 * The content type is not kept here: the `files` table is the record of what a key holds.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ObjectNotFoundError, type ObjectStorage, type StoredObjectInfo } from '../context.js';
import { InvalidStorageKeyError, assertStorageKey } from './storage.keys.js';

const TMP_DIR = '.tmp';
/** Temp files older than this are leftovers of a crash and are removed on start. */
const STALE_TMP_MS = 60 * 60 * 1000;

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

async function fsyncPath(path: string, flags = 'r'): Promise<void> {
  const handle = await open(path, flags);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export class FsStorage implements ObjectStorage {
  readonly driver = 'fs' as const;
  private readonly tmpDir: string;

  private constructor(readonly root: string) {
    this.tmpDir = join(root, TMP_DIR);
  }

  static async open(root: string): Promise<FsStorage> {
    const storage = new FsStorage(resolve(root));
    await mkdir(storage.tmpDir, { recursive: true });
    await storage.sweepTemp();
    return storage;
  }

  /** The absolute path of a key, guaranteed to lie inside the root. */
  pathOf(key: string): string {
    assertStorageKey(key);
    const path = resolve(this.root, key);
    const rel = relative(this.root, path);
    if (!rel || rel.startsWith('..') || rel.split(sep)[0] === TMP_DIR) throw new InvalidStorageKeyError(key);
    return path;
  }

  async put(key: string, body: Buffer | Readable, _opts: { contentType: string }): Promise<StoredObjectInfo> {
    const target = this.pathOf(key);
    const tmp = join(this.tmpDir, `${randomBytes(12).toString('hex')}.part`);
    try {
      await pipeline(
        Buffer.isBuffer(body) ? Readable.from([body]) : body,
        createWriteStream(tmp, { flags: 'wx' }),
      );
      await fsyncPath(tmp, 'r+');
      await mkdir(dirname(target), { recursive: true });
      await rename(tmp, target);
    } catch (err) {
      await unlink(tmp).catch(() => undefined);
      throw err;
    }
    // The rename is durable only once the directory entry is on disk.
    await fsyncPath(dirname(target)).catch(() => undefined);
    const info = await stat(target);
    return { size: info.size };
  }

  async get(key: string): Promise<Readable> {
    const path = this.pathOf(key);
    // Open first so a missing file rejects here rather than as a stream error later.
    const handle = await open(path, 'r').catch((err: unknown) => {
      throw isMissing(err) ? new ObjectNotFoundError(key) : err;
    });
    return handle.createReadStream({ autoClose: true });
  }

  async stat(key: string): Promise<StoredObjectInfo | null> {
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? { size: info.size } : null;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async close(): Promise<void> {
    // nothing held open
  }

  private async sweepTemp(): Promise<void> {
    // eslint-disable-next-line no-restricted-syntax -- compared with file mtimes, which the OS writes in real time
    const cutoff = Date.now() - STALE_TMP_MS;
    for (const name of await readdir(this.tmpDir)) {
      const path = join(this.tmpDir, name);
      const info = await stat(path).catch(() => null);
      if (info && info.mtimeMs < cutoff) await rm(path, { force: true, recursive: true });
    }
  }
}
