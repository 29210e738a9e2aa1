/** /codeArtifact routes: thin handlers over the code artifact service. */
import type { AppContext } from '../../context.js';
import type { Handlers } from '../../http/register.js';
import type { Services } from '../../services.js';
import { finishRemoval } from '../access/access.delete.js';
import { presentCodeArtifact } from './code-artifact.presenter.js';
import { CodeArtifactService } from './code-artifact.service.js';

export function codeArtifactHandlers(
  ctx: AppContext,
  services: Services,
  artifacts = new CodeArtifactService(ctx.db, services.uploads, services.collab),
): Handlers {
  const url = ctx.config.fileBaseUrl;
  return {
    'codeArtifact.new': async ({ user, body }) =>
      presentCodeArtifact(await artifacts.create(user.uid, body), url),
    'codeArtifact.update': async ({ user, body }) =>
      presentCodeArtifact(await artifacts.update(user.uid, body), url),
    'codeArtifact.detail': async ({ user, query }) =>
      presentCodeArtifact(await artifacts.get(user.uid, query.artifactId), url),
    'codeArtifact.delete': async ({ user, body }) => {
      await finishRemoval(ctx, await artifacts.delete(user.uid, body.artifactId));
      return {};
    },
    'codeArtifact.list': async ({ user, query }) =>
      (await artifacts.list(user.uid, query)).map((row) =>
        presentCodeArtifact(row, url, { withContent: false }),
      ),
  };
}
