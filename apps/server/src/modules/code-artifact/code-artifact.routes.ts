/** /codeArtifact routes: thin handlers over the code artifact service. */
import type { AppContext } from '../../context.js';
import type { Handlers } from '../../http/register.js';
import { createUploadService } from '../upload/upload.service.js';
import { registerCodeArtifactDuplicators } from './code-artifact.duplicate.js';
import { presentCodeArtifact } from './code-artifact.presenter.js';
import { CodeArtifactService } from './code-artifact.service.js';

export function codeArtifactHandlers(
  ctx: AppContext,
  artifacts = new CodeArtifactService(ctx.db, createUploadService(ctx)),
): Handlers {
  const url = ctx.config.fileBaseUrl;
  registerCodeArtifactDuplicators();
  return {
    'codeArtifact.new': async ({ user, body }) =>
      presentCodeArtifact(await artifacts.create(user.uid, body), url),
    'codeArtifact.update': async ({ user, body }) =>
      presentCodeArtifact(await artifacts.update(user.uid, body), url),
    'codeArtifact.detail': async ({ user, query }) =>
      presentCodeArtifact(await artifacts.get(user.uid, query.artifactId), url),
    'codeArtifact.list': async ({ user, query }) =>
      (await artifacts.list(user.uid, query)).map((row) =>
        presentCodeArtifact(row, url, { withContent: false }),
      ),
  };
}
