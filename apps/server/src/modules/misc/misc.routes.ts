/** POST /misc/scrape and multipart POST /misc/convert: thin handlers over misc.service. */
import { ConvertFieldsSchema } from '@atelier/contract';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../lib/errors.js';
import { describeZodError, type Handlers } from '../../http/register.js';
import { readUploadForm, uploadSpoolDir } from '../upload/upload.form.js';
import { convert, scrape } from './misc.service.js';

export function miscHandlers(ctx: AppContext): Handlers {
  const spoolDir = uploadSpoolDir(ctx.config);
  return {
    'misc.scrape': async ({ body }) => scrape(ctx, body.url),
    'misc.convert': async ({ req }) => {
      const form = await readUploadForm(req, { spoolDir, maxFileBytes: ctx.config.UPLOAD_MAX_BYTES });
      try {
        const given = Object.fromEntries(Object.entries(form.fields).filter(([, v]) => v !== ''));
        const parsed = ConvertFieldsSchema.safeParse(given);
        if (!parsed.success) throw badRequest(describeZodError(parsed.error, 'body'));
        if (!form.file) throw badRequest('file: a file part named `file` is required');
        return { content: await convert(ctx, form.file, parsed.data.from) };
      } finally {
        await form.cleanup();
      }
    },
  };
}
