/** /knowledge/resource routes: thin handlers over the resource service (its job: jobs/definitions/). */
import { CreateResourceWithFileFieldsSchema } from '@atelier/contract';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../lib/errors.js';
import { describeZodError, type Handlers } from '../../http/register.js';
import type { Services } from '../../services.js';
import { readUploadForm, uploadSpoolDir } from '../upload/upload.form.js';
import { presentResource } from './resource.presenter.js';
import { uploadLimitFor } from './resource.quota.js';

export function resourceHandlers(ctx: AppContext, services: Services): Handlers {
  const service = services.resources;
  const spoolDir = uploadSpoolDir(ctx.config);
  const present = (row: Parameters<typeof presentResource>[0]) => presentResource(row);

  return {
    'knowledge.resource.create': async ({ user, body }) => present(await service.create(user.uid, body)),
    'knowledge.resource.batchCreate': async ({ user, body }) =>
      (await service.createMany(user.uid, body.items)).map(present),
    'knowledge.resource.update': async ({ user, body }) => present(await service.update(user.uid, body)),
    'knowledge.resource.delete': async ({ user, body }) => {
      await service.delete(user.uid, body.resourceId);
      return {};
    },
    'knowledge.resource.reindex': async ({ user, body }) =>
      (await service.reindex(user.uid, body.resourceIds)).map(present),
    'knowledge.resource.createWithFile': async ({ user, req }) => {
      const maxFileBytes = await uploadLimitFor(ctx, user.uid);
      const form = await readUploadForm(req, { spoolDir, maxFileBytes });
      try {
        const given = Object.fromEntries(Object.entries(form.fields).filter(([, v]) => v !== ''));
        const parsed = CreateResourceWithFileFieldsSchema.safeParse(given);
        if (!parsed.success) throw badRequest(describeZodError(parsed.error, 'body'));
        if (!form.file) throw badRequest('file: a file part named `file` is required');
        return present(await service.createWithFile(user.uid, form.file, parsed.data));
      } finally {
        await form.cleanup();
      }
    },
    'knowledge.resource.list': async ({ user, query }) => (await service.list(user.uid, query)).map(present),
    'knowledge.resource.detail': async ({ user, query }) =>
      presentResource(await service.detail(user.uid, query.resourceId), {
        withContent: true,
        fileUrl: (key) => service.fileUrl(key),
      }),
  };
}
