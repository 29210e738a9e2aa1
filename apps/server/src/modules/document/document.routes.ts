/** /knowledge/document routes: thin handlers that call the document service and present its rows. */
import type { AppContext } from '../../context.js';
import { exportDocument } from '../../export/index.js';
import { RAW, type Handlers } from '../../http/register.js';
import type { Services } from '../../services.js';
import { finishRemoval } from '../access/access.delete.js';
import { contentDisposition } from '../upload/upload.types.js';
import { presentDocument } from './document.presenter.js';

export function documentHandlers(ctx: AppContext, services: Services): Handlers {
  const service = services.documents;

  return {
    'knowledge.document.create': async ({ user, body }) =>
      presentDocument(await service.create(user.uid, body)),
    'knowledge.document.update': async ({ user, body }) =>
      presentDocument(await service.update(user.uid, body)),
    'knowledge.document.batchUpdate': async ({ user, body }) =>
      (await service.batchUpdate(user.uid, body.items)).map((row) => presentDocument(row)),
    'knowledge.document.delete': async ({ user, body }) => {
      await finishRemoval(ctx, await service.delete(user.uid, body.docId));
      return {};
    },
    'knowledge.document.list': async ({ user, query }) =>
      (await service.list(user.uid, query)).map((row) => presentDocument(row)),
    'knowledge.document.detail': async ({ user, query }) =>
      presentDocument(await service.detail(user.uid, query.docId), { withContent: true }),

    'knowledge.document.export': async ({ user, query, reply }) => {
      const row = await service.detail(user.uid, query.docId);
      const file = await exportDocument(ctx, user.uid, {
        title: row.title,
        markdown: row.content,
        format: query.format,
      });
      void reply
        .header('content-type', file.contentType)
        .header('content-disposition', contentDisposition('attachment', file.filename))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.body);
      return RAW;
    },
  };
}
