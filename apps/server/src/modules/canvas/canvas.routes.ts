/** /canvas routes: thin handlers that read input, call the canvas service and present its rows. */
import { readFile } from 'node:fs/promises';
import { ImportCanvasFieldsSchema } from '@atelier/contract';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../lib/errors.js';
import { RAW, describeZodError, type Handlers } from '../../http/register.js';
import type { Services } from '../../services.js';
import { finishRemoval } from '../access/access.delete.js';
import { readUploadForm, uploadSpoolDir } from '../upload/upload.form.js';
import { contentDisposition } from '../upload/upload.types.js';
import { addResourceToCanvas } from './canvas.add-resource.js';
import { presentCanvas, presentCanvasData } from './canvas.presenter.js';
import { exportCanvasFile, importCanvasFile } from './canvas.transfer.js';

/** Largest canvas file accepted by /canvas/import (a 2,000-node canvas is about 1 MB). */
export const CANVAS_IMPORT_MAX_BYTES = 10 * 1024 * 1024;

export function canvasHandlers(ctx: AppContext, services: Services): Handlers {
  const service = services.canvases;
  const url = ctx.config.fileBaseUrl;
  const spoolDir = uploadSpoolDir(ctx.config);

  return {
    'canvas.create': async ({ user, body }) => presentCanvas(await service.create(user.uid, body), url),
    'canvas.update': async ({ user, body }) => presentCanvas(await service.update(user.uid, body), url),
    'canvas.delete': async ({ user, body }) => {
      await finishRemoval(ctx, await service.delete(user.uid, body.canvasId));
      return {};
    },
    'canvas.list': async ({ user, query }) =>
      (await service.list(user.uid, query)).map((c) => presentCanvas(c, url)),
    'canvas.detail': async ({ user, query }) =>
      presentCanvas(await service.load(user.uid, query.canvasId), url),
    'canvas.data': async ({ user, query }) =>
      presentCanvasData(await service.data(user.uid, query.canvasId), url),
    'canvas.duplicate': async ({ user, body }) => presentCanvas(await service.duplicate(user.uid, body), url),
    'canvas.addResource': async ({ user, body }) => addResourceToCanvas(services, user.uid, body),
    'canvas.autoName': async ({ user, body }) => ({
      title: await service.autoName(user.uid, body.canvasId, body.directUpdate),
    }),

    'canvas.import': async ({ user, req }) => {
      const form = await readUploadForm(req, {
        spoolDir,
        maxFileBytes: Math.min(ctx.config.UPLOAD_MAX_BYTES, CANVAS_IMPORT_MAX_BYTES),
      });
      try {
        const given = Object.fromEntries(Object.entries(form.fields).filter(([, v]) => v !== ''));
        const fields = ImportCanvasFieldsSchema.safeParse(given);
        if (!fields.success) throw badRequest(describeZodError(fields.error, 'body'));
        if (!form.file) throw badRequest('file: a file part named `file` is required');
        const text = await readFile(form.file.path, 'utf8');
        const row = await importCanvasFile(service, user.uid, {
          ...fields.data,
          text,
          filename: form.file.filename,
        });
        return presentCanvas(row, url);
      } finally {
        await form.cleanup();
      }
    },

    'canvas.export': async ({ user, query, reply }) => {
      const canvas = await service.load(user.uid, query.canvasId);
      const file = exportCanvasFile(await service.snapshot(canvas.canvasId), canvas.title, query.format);
      void reply
        .header('content-type', file.contentType)
        .header('content-disposition', contentDisposition('attachment', file.filename))
        .header('cache-control', 'private, no-store')
        .send(file.body);
      return RAW;
    },
  };
}
