/**
 * Reads the multipart body of an upload: text fields plus one file part named `file`, spooled to
 * a temp file under DATA_DIR/tmp/uploads. Spooling lets fields arrive before or after the file and
 * lets the service refuse a request before anything reaches object storage.
 */
import { createWriteStream, mkdirSync } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../lib/errors.js';
import { randomToken } from '../../lib/ids.js';

export const FILE_TOO_LARGE_MESSAGE = 'File size cannot exceed the limit';

export interface SpooledFile {
  path: string;
  size: number;
  filename: string;
  mimetype: string;
}

export interface UploadForm {
  fields: Record<string, string>;
  file: SpooledFile | null;
  /** Removes the spooled file; call it in a finally. */
  cleanup(): Promise<void>;
}

export interface FormLimits {
  spoolDir: string;
  maxFileBytes: number;
}

/**
 * Where every multipart route (uploads, resources, canvas import, convert) spools its file. The
 * upload module prepares it once at start; the others only read the path.
 */
export function uploadSpoolDir(config: { dataDir: string }): string {
  return join(config.dataDir, 'tmp', 'uploads');
}

/** Creates the spool directory and removes files a crash left there more than an hour ago. */
export async function prepareSpoolDir(spoolDir: string): Promise<void> {
  mkdirSync(spoolDir, { recursive: true });
  // eslint-disable-next-line no-restricted-syntax -- compared with file mtimes, which the OS writes in real time
  const cutoff = Date.now() - 60 * 60 * 1000;
  for (const name of await readdir(spoolDir)) {
    const info = await stat(join(spoolDir, name)).catch(() => null);
    if (info && info.mtimeMs < cutoff) await rm(join(spoolDir, name), { force: true });
  }
}

/** Maps @fastify/multipart and busboy failures to catalogue answers. */
function multipartError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return badRequest(FILE_TOO_LARGE_MESSAGE);
  if (code === 'FST_FILES_LIMIT') return badRequest('Only one file can be uploaded at a time');
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return badRequest('Too many form fields');
  if (code === 'FST_PROTO_VIOLATION') return badRequest('Invalid form field name');
  const status = (err as { statusCode?: number }).statusCode;
  const message = err instanceof Error ? err.message : '';
  if (
    (status && status >= 400 && status < 500) ||
    /multipart|part terminated|unexpected end/i.test(message)
  ) {
    return badRequest('Malformed multipart body');
  }
  return err;
}

export async function readUploadForm(req: FastifyRequest, limits: FormLimits): Promise<UploadForm> {
  if (!req.isMultipart())
    throw badRequest('Expected a multipart/form-data body with a file part named `file`');
  const fields = Object.create(null) as Record<string, string>;
  let file: SpooledFile | null = null;
  const cleanup = async () => {
    if (file) await rm(file.path, { force: true });
  };
  try {
    const parts = req.parts({
      limits: { fileSize: limits.maxFileBytes, files: 1, fields: 20, parts: 21, fieldSize: 1024 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          throw badRequest(`Unexpected file part '${part.fieldname}': the file part is named 'file'`);
        }
        // The name and type are stored in text columns, which cannot hold U+0000.
        if (part.filename.includes('\u0000') || part.mimetype.includes('\u0000')) {
          part.file.resume();
          throw badRequest('file: the file name must not contain a NUL character');
        }
        const spooled: SpooledFile = {
          path: join(limits.spoolDir, `${randomToken(20)}.part`),
          size: 0,
          filename: part.filename,
          mimetype: part.mimetype,
        };
        file = spooled;
        await pipeline(part.file, createWriteStream(spooled.path, { flags: 'wx' }));
        if (part.file.truncated) throw badRequest(FILE_TOO_LARGE_MESSAGE);
        spooled.size = (await stat(spooled.path)).size;
      } else {
        if (part.valueTruncated) throw badRequest(`${part.fieldname}: value too long`);
        if (part.fieldname in fields) throw badRequest(`${part.fieldname}: given more than once`);
        if (String(part.value).includes('\u0000'))
          throw badRequest(`${part.fieldname}: must not contain a NUL character`);
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (err) {
    await cleanup();
    throw multipartError(err);
  }
  return { fields, file, cleanup };
}
