import {
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
  existsSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ObjectNotFoundError } from '../context.js';
import { FsStorage } from './storage.fs.js';
import { InvalidStorageKeyError, isValidStorageKey } from './storage.keys.js';

let dir: string;
let storage: FsStorage;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'atelier-fs-'));
  storage = await FsStorage.open(join(dir, 'files'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('FsStorage', () => {
  it('stores a buffer and reads it back', async () => {
    const info = await storage.put('f-abc.txt', Buffer.from('hello'), { contentType: 'text/plain' });
    expect(info.size).toBe(5);
    expect(await text(await storage.get('f-abc.txt'))).toBe('hello');
    expect(await storage.stat('f-abc.txt')).toEqual({ size: 5 });
  });

  it('stores a stream, in nested keys, and overwrites atomically', async () => {
    await storage.put('a/b/f-1.bin', Readable.from([Buffer.from('one'), Buffer.from('two')]), {
      contentType: 'application/octet-stream',
    });
    expect(readFileSync(join(dir, 'files', 'a', 'b', 'f-1.bin'), 'utf8')).toBe('onetwo');
    await storage.put('a/b/f-1.bin', Buffer.from('three'), { contentType: 'application/octet-stream' });
    expect(await text(await storage.get('a/b/f-1.bin'))).toBe('three');
    // no temp files left behind
    expect(readdirSync(join(dir, 'files', '.tmp'))).toEqual([]);
  });

  it('leaves the previous content and no temp file when the stream fails', async () => {
    await storage.put('f-keep', Buffer.from('old'), { contentType: 'text/plain' });
    const failing = new Readable({
      read() {
        this.push(Buffer.from('partial'));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(storage.put('f-keep', failing, { contentType: 'text/plain' })).rejects.toThrow(
      'client went away',
    );
    expect(await text(await storage.get('f-keep'))).toBe('old');
    expect(readdirSync(join(dir, 'files', '.tmp'))).toEqual([]);
  });

  it('answers not-found for absent keys and deletes idempotently', async () => {
    await expect(storage.get('f-missing')).rejects.toBeInstanceOf(ObjectNotFoundError);
    expect(await storage.stat('f-missing')).toBeNull();
    await storage.put('f-x', Buffer.from('x'), { contentType: 'text/plain' });
    await storage.delete('f-x');
    await storage.delete('f-x');
    expect(await storage.stat('f-x')).toBeNull();
  });

  it.each([
    '../escape',
    '/etc/passwd',
    'a/../../b',
    '..',
    '.',
    '',
    'a//b',
    '.tmp/x',
    'a\\b',
    'a\0b',
    '.hidden',
    'x'.repeat(513),
  ])('refuses the key %j so nothing escapes the root', async (key) => {
    expect(isValidStorageKey(key)).toBe(false);
    await expect(storage.put(key, Buffer.from('x'), { contentType: 'text/plain' })).rejects.toBeInstanceOf(
      InvalidStorageKeyError,
    );
    await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.stat(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
  });

  it('sweeps stale temp files left by a crash when opened', async () => {
    const stale = join(dir, 'files', '.tmp', 'old.part');
    const fresh = join(dir, 'files', '.tmp', 'new.part');
    writeFileSync(stale, 'x');
    writeFileSync(fresh, 'y');
    const past = new Date(Date.now() - 2 * 60 * 60 * 1000);
    utimesSync(stale, past, past);
    await FsStorage.open(join(dir, 'files'));
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
  });
});
