/** /project routes: thin handlers that call the project service and present its rows. */
import { collabFor } from '../../collab/index.js';
import type { AppContext } from '../../context.js';
import type { Handlers } from '../../http/register.js';
import { finishRemoval } from '../access/access.delete.js';
import { createUploadService } from '../upload/upload.service.js';
import { createProjectItemStores } from './project.items.js';
import { presentProject, presentProjectDetail } from './project.presenter.js';
import { ProjectService } from './project.service.js';

export function projectHandlers(
  ctx: AppContext,
  projects = new ProjectService(
    ctx.db,
    ctx.config,
    createUploadService(ctx),
    createProjectItemStores(),
    (names) => {
      const collab = collabFor(ctx);
      for (const name of names) collab.disconnectAll(name);
    },
  ),
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
