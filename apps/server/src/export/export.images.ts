/**
 * Images for DOCX and PDF exports, read from our own storage: a source pointing at
 * `/v1/misc/static/<key>` (any host) is loaded when the exporting user may read that file (theirs,
 * or public). Other sources are never fetched (no requests to arbitrary hosts); the writers show
 * their alt text and link instead. PNG, JPEG and GIF are embedded.
 */
import type { Readable } from 'node:stream';
import { inflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { files } from '../db/schema/files.js';

export type ExportImageType = 'png' | 'jpg' | 'gif';

export interface ExportImage {
  data: Buffer;
  type: ExportImageType;
  width: number;
  height: number;
}

export type ExportImages = Map<string, ExportImage>;

const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
const MAX_IMAGES = 50;
const STATIC_PATH = /^\/v1\/misc\/static\/([^/?#]+)$/;

/** The storage key a source points at, or null for anything that is not one of our files. */
export function storageKeyOf(src: string, publicUrl: string): string | null {
  try {
    const url = new URL(src, publicUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    const m = STATIC_PATH.exec(url.pathname);
    return m ? decodeURIComponent(m[1]!) : null;
  } catch {
    return null;
  }
}

/** Kind and pixel size from the first bytes; null for formats we do not embed. */
export function probeImage(data: Buffer): Pick<ExportImage, 'type' | 'width' | 'height'> | null {
  if (data.length > 24 && data.readUInt32BE(0) === 0x89504e47) {
    return { type: 'png', width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
  }
  if (data.length > 10 && data.toString('latin1', 0, 4) === 'GIF8') {
    return { type: 'gif', width: data.readUInt16LE(6), height: data.readUInt16LE(8) };
  }
  if (data.length > 4 && data[0] === 0xff && data[1] === 0xd8) {
    let offset = 2;
    while (offset + 9 < data.length) {
      if (data[offset] !== 0xff) return null;
      const marker = data[offset + 1]!;
      const length = data.readUInt16BE(offset + 2);
      // SOF0…SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
      if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
        return { type: 'jpg', height: data.readUInt16BE(offset + 5), width: data.readUInt16BE(offset + 7) };
      }
      offset += 2 + length;
    }
  }
  return null;
}

/** Whether a PNG's image data inflates (pdfkit inflates it later, where a failure cannot be caught). */
function pngInflates(data: Buffer): boolean {
  const parts: Buffer[] = [];
  let offset = 8;
  while (offset + 8 <= data.length) {
    const length = data.readUInt32BE(offset);
    const type = data.toString('latin1', offset + 4, offset + 8);
    if (type === 'IDAT') parts.push(data.subarray(offset + 8, offset + 8 + length));
    if (type === 'IEND') break;
    offset += 12 + length;
  }
  try {
    inflateSync(Buffer.concat(parts));
    return parts.length > 0;
  } catch {
    return false;
  }
}

/** Kind and size of an image we can embed safely (a PNG must decode), or null. */
function embeddable(data: Buffer): Pick<ExportImage, 'type' | 'width' | 'height'> | null {
  const probe = probeImage(data);
  if (!probe || probe.width <= 0 || probe.height <= 0) return null;
  if (probe.type === 'png' && !pngInflates(data)) return null;
  return probe;
}

async function readCapped(stream: Readable, max: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    size += buf.length;
    if (size > max) {
      stream.destroy();
      return null;
    }
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
}

/** An image from a stream (a file we serve), or null when too large or not PNG, JPEG or GIF. */
export async function readExportImage(stream: Readable): Promise<ExportImage | null> {
  const data = await readCapped(stream, MAX_IMAGE_BYTES);
  const probe = data && embeddable(data);
  return data && probe ? { data, ...probe } : null;
}

export async function loadExportImages(
  ctx: Pick<AppContext, 'db' | 'storage' | 'config' | 'log'>,
  uid: string,
  sources: readonly string[],
): Promise<ExportImages> {
  const images: ExportImages = new Map();
  for (const src of sources.slice(0, MAX_IMAGES)) {
    const key = storageKeyOf(src, ctx.config.publicUrl);
    if (!key) continue;
    try {
      const [file] = await ctx.db.select().from(files).where(eq(files.storageKey, key)).limit(1);
      if (!file || (file.uid !== uid && file.visibility !== 'public') || file.size > MAX_IMAGE_BYTES)
        continue;
      const data = await readCapped(await ctx.storage.get(key), MAX_IMAGE_BYTES);
      const probe = data && embeddable(data);
      if (data && probe) images.set(src, { data, ...probe });
    } catch (err) {
      // A missing or unreadable image leaves its alt text; the export itself goes on.
      ctx.log.warn({ err, key }, 'image left out of an export');
    }
  }
  return images;
}
