/** /version routes: thin handlers over the version service (history of canvases and documents). */
import type { AppContext } from '../../context.js';
import type { Handlers } from '../../http/register.js';
import type { Services } from '../../services.js';
import type { UserActor } from './version.service.js';
import { presentContent, presentHistory, presentVersion } from './version.presenter.js';

export function versionHandlers(ctx: AppContext, services: Services): Handlers {
  const service = services.versions;
  const url = ctx.config.fileBaseUrl;
  const actorOf = (uid: string): UserActor => ({ kind: 'user', uid });

  return {
    'version.history': async ({ user, query }) =>
      presentHistory(await service.history(actorOf(user.uid), query), ctx.config),
    'version.create': async ({ user, body }) =>
      presentVersion(await service.createNamed(actorOf(user.uid), body.target, body.name), url),
    'version.detail': async ({ user, query }) => {
      const { versionId, ...target } = query;
      const { row, content } = await service.detail(actorOf(user.uid), target, versionId);
      return { version: presentVersion(row, url), content: presentContent(content, url) };
    },
    'version.restore': async ({ user, body }) => {
      const { row, undoVersionId } = await service.restore(actorOf(user.uid), body.target, body.versionId);
      return { version: presentVersion(row, url), undoVersionId };
    },
  };
}
