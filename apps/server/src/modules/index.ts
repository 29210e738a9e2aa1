/** Every module's handlers, merged into the one map the contract routes are registered from. */
import type { AppContext } from '../context.js';
import type { Handlers } from '../http/register.js';
import type { Services } from '../services.js';
import { collabHandlers } from '../collab/collab.routes.js';
import { actionHandlers } from './action/action.routes.js';
import { apiTokenHandlers } from './api-token/api-token.routes.js';
import { authHandlers } from './auth/auth.routes.js';
import { canvasHandlers } from './canvas/canvas.routes.js';
import { documentHandlers } from './document/document.routes.js';
import { codeArtifactHandlers } from './code-artifact/code-artifact.routes.js';
import { labelHandlers } from './label/label.routes.js';
import { mcpServerHandlers } from './mcp/mcp.routes.js';
import { miscHandlers } from './misc/misc.routes.js';
import { pageHandlers } from './page/page.routes.js';
import { projectHandlers } from './project/project.routes.js';
import { providerHandlers } from './provider/provider.routes.js';
import { referenceHandlers } from './reference/reference.routes.js';
import { resourceHandlers } from './resource/resource.routes.js';
import { shareHandlers } from './share/share.routes.js';
import { templateHandlers } from './template/template.routes.js';
import { searchHandlers } from './search/search.routes.js';
import { skillHandlers } from './skill/skill.routes.js';
import { skillInstanceHandlers } from './skill-instance/skill-instance.routes.js';
import { triggerHandlers } from './trigger/trigger.routes.js';
import { subscriptionHandlers } from './subscription/subscription.routes.js';
import { systemHandlers } from './system/system.routes.js';
import { uploadHandlers } from './upload/upload.routes.js';
import { userHandlers } from './user/user.routes.js';
import { versionHandlers } from './version/version.routes.js';

export function buildHandlers(ctx: AppContext, services: Services): Handlers {
  return {
    ...systemHandlers(ctx),
    ...authHandlers(ctx, services),
    ...userHandlers(ctx, services),
    ...apiTokenHandlers(services),
    ...uploadHandlers(ctx, services),
    ...codeArtifactHandlers(ctx, services),
    ...projectHandlers(ctx, services),
    ...labelHandlers(ctx),
    ...referenceHandlers(ctx),
    ...providerHandlers(ctx),
    ...canvasHandlers(ctx, services),
    ...documentHandlers(ctx, services),
    ...collabHandlers(ctx),
    ...resourceHandlers(ctx, services),
    ...searchHandlers(ctx),
    ...miscHandlers(ctx),
    ...skillHandlers(ctx, services),
    ...skillInstanceHandlers(ctx),
    ...triggerHandlers(ctx),
    ...actionHandlers(services.actions),
    ...subscriptionHandlers(ctx),
    ...mcpServerHandlers(ctx),
    ...shareHandlers(ctx, services),
    ...pageHandlers(ctx, services),
    ...templateHandlers(ctx, services),
    ...versionHandlers(ctx, services),
  };
}
