/** /pages routes: thin handlers over the page service (services.pages). */
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context.js';
import type { ExportedFile } from '../../export/index.js';
import { RAW, type Handlers } from '../../http/register.js';
import type { Services } from '../../services.js';
import { presentShare } from '../share/share.presenter.js';
import { contentDisposition } from '../upload/upload.types.js';
import { exportPage, exportSharedPage } from './page.export.js';
import { presentPage, presentPageDetail } from './page.presenter.js';

function sendFile(reply: FastifyReply, file: ExportedFile): typeof RAW {
  void reply
    .header('content-type', file.contentType)
    .header('content-disposition', contentDisposition('attachment', file.filename))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.body);
  return RAW;
}

export function pageHandlers(ctx: AppContext, services: Services): Handlers {
  const pages = services.pages;
  const url = ctx.config.fileBaseUrl;
  return {
    'pages.addNodes': async ({ user, params, body }) =>
      presentPageDetail(await pages.addNodes(user.uid, params.canvasId, body.nodeIds), url),
    'pages.byCanvas': async ({ user, params }) =>
      presentPageDetail(await pages.byCanvas(user.uid, params.canvasId), url),
    'pages.detail': async ({ user, params }) =>
      presentPageDetail(await pages.detail(user.uid, params.pageId), url),
    'pages.list': async ({ user, query }) =>
      (await pages.list(user.uid, query)).map((p) => presentPage(p, url)),
    'pages.update': async ({ user, params, body }) =>
      presentPageDetail(await pages.update(user.uid, params.pageId, body), url),
    'pages.delete': async ({ user, params }) => {
      await pages.delete(user.uid, params.pageId);
      return {};
    },
    'pages.deleteNode': async ({ user, params }) =>
      presentPageDetail(await pages.deleteNode(user.uid, params.pageId, params.nodeId), url),
    'pages.share': async ({ user, params, req }) => {
      const row = await pages.publish(user.uid, params.pageId);
      return presentShare(services.shares, row, services.shares.origin(req));
    },
    'pages.unpublish': async ({ user, params }) =>
      presentPageDetail(await pages.unpublish(user.uid, params.pageId), url),
    'pages.export': async ({ user, params, query, reply }) =>
      sendFile(reply, await exportPage(ctx, services, user.uid, params.pageId, query.format)),
    // A published page's slides for anyone who may open its share (issue 11 point 9).
    'share.exportPage': async ({ user, query, reply }) =>
      sendFile(reply, await exportSharedPage(ctx, services, user?.uid ?? null, query.shareId, query.format)),
  };
}
