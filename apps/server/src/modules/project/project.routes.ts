/** /project routes: thin handlers that call the project service and present its rows. */
import type { AppContext } from '../../context.js';
import type { Handlers } from '../../http/register.js';
import type { Services } from '../../services.js';
import { finishRemoval } from '../access/access.delete.js';
import { createProjectItemStores } from './project.items.js';
import { presentProject, presentProjectDetail } from './project.presenter.js';
import { ProjectService } from './project.service.js';

export function projectHandlers(
  ctx: AppContext,
  services: Services,
  projects = new ProjectService(ctx.db, ctx.config, services.uploads, createProjectItemStores(), (names) => {
    for (const name of names) services.collab.disconnectAll(name);
  }),
): Handlers {
  const url = ctx.config.fileBaseUrl;
  return {
    'project.new': async ({ user, body }) => presentProject(await projects.create(user.uid, body), url),
    'project.update': async ({ user, body }) => presentProject(await projects.update(user.uid, body), url),
    'project.delete': async ({ user, body }) => {
      await finishRemoval(ctx, await projects.delete(user.uid, body.projectId));
      return {};
    },
    'project.list': async ({ user, query }) =>
      (await projects.list(user.uid, query)).map((p) => presentProject(p, url)),
    'project.detail': async ({ user, query }) =>
      presentProjectDetail(await projects.detail(user.uid, query.projectId), url),
    'project.updateItems': async ({ user, body }) => {
      await projects.updateItems(user.uid, body.projectId, body.operation, body.items);
      return {};
    },
    'project.deleteItems': async ({ user, body }) => {
      await finishRemoval(ctx, await projects.deleteItems(user.uid, body.projectId, body.items));
      return {};
    },
  };
}
