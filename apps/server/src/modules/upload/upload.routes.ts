/**
 * POST /v1/misc/upload (multipart) and GET /v1/misc/static/{fileName}: thin handlers that read the
 * form, validate the fields, call the upload service and present its answer or stream the file.
 */
import { UploadFieldsSchema } from '@atelier/contract';
import type { AppContext } from '../../context.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { RAW, describeZodError, type Handlers } from '../../http/register.js';
import type { Services } from '../../services.js';
import { uploadLimitFor } from '../resource/resource.quota.js';
import { prepareSpoolDir, readUploadForm, uploadSpoolDir } from './upload.form.js';
import { accessFor, userActor } from '../access/access.js';
import { accessTokenFrom } from '../auth/auth.tokens.js';
import { contentDisposition, isInlineType, servedContentType } from './upload.types.js';

/** Files shown inline still get a locked-down policy; PDFs skip `sandbox`, which stops Chrome's viewer. */
const FILE_CSP = "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'";

export function uploadHandlers(ctx: AppContext, services: Services): Handlers {
  const { config } = ctx;
  const service = services.uploads;
  const spoolDir = uploadSpoolDir(config);
  // Creates the directory at once (synchronously), then sweeps leftovers in the background;
  // the other multipart routes share this directory and rely on this one preparation.
  prepareSpoolDir(spoolDir).catch((err: unknown) =>
    ctx.log.warn({ err }, 'could not sweep the upload spool'),
  );

  return {
    'misc.upload': async ({ req, user }) => {
      const form = await readUploadForm(req, { spoolDir, maxFileBytes: await uploadLimitFor(ctx, user.uid) });
      try {
        // An empty form field means "not given" (browsers send '' for unset inputs).
        const given = Object.fromEntries(Object.entries(form.fields).filter(([, v]) => v !== ''));
        const parsed = UploadFieldsSchema.safeParse(given);
        if (!parsed.success) throw badRequest(describeZodError(parsed.error, 'body'));
        if (!form.file) throw badRequest('file: a file part named `file` is required');
        const fields = parsed.data;
        // A file recorded on an item must be on one the caller may change: ids of others are refused.
        if (fields.entityId !== undefined) {
          if (!fields.entityType) throw badRequest('entityType: required with entityId');
          await accessFor(ctx.db).requireRef(userActor(user.uid), 'write', {
            entityType: fields.entityType,
            entityId: fields.entityId,
          });
        }
        return await service.upload({
          uid: user.uid,
          file: form.file,
          entityType: fields.entityType,
          entityId: fields.entityId,
          visibility: 'visibility' in given ? fields.visibility : undefined,
          storageKey: fields.storageKey,
        });
      } finally {
        await form.cleanup();
      }
    },

    'misc.static': async ({ params, user, req, reply }) => {
      const file = await service.readableFile(user, params.fileName).catch((err: unknown) => {
        // A session token that no longer holds (expired, signed out) reads as no session, and a
        // private file is then "not found": answer 401 instead, so the app refreshes the session
        // and asks again (an <img> would otherwise stay broken). The same answer whether the file
        // exists or not, so it tells nothing about other users' files.
        if (!user && accessTokenFrom(req)) throw new AppError('E0011', 'Authentication required', 401);
        throw err;
      });
      const inline = isInlineType(file.contentType);
      const etag = `"${file.size.toString(36)}-${file.updatedAt.getTime().toString(36)}"`;
      reply
        .header('x-content-type-options', 'nosniff')
        .header('etag', etag)
        // A file can be replaced under the same key, so caches revalidate (cheap: ETag → 304).
        .header('cache-control', file.visibility === 'public' ? 'public, no-cache' : 'private, no-cache')
        .header('cross-origin-resource-policy', file.visibility === 'public' ? 'cross-origin' : 'same-origin')
        .header(
          'content-security-policy',
          file.contentType === 'application/pdf' ? FILE_CSP : `${FILE_CSP}; sandbox`,
        )
        .header(
          'content-disposition',
          contentDisposition(inline ? 'inline' : 'attachment', file.originalName ?? file.storageKey),
        );
      const match = req.headers['if-none-match'];
      if (match && match.split(',').some((t) => t.trim() === etag)) {
        void reply.code(304).send();
        return RAW;
      }
      const body = await service.open(file);
      void reply.type(servedContentType(file.contentType)).send(body);
      return RAW;
    },
  };
}
