/** The route table: every /v1 call, keyed by operation id. */
import { actionRoutes } from './action.js';
import { authRoutes } from './auth.js';
import { canvasRoutes } from './canvas.js';
import { codeArtifactRoutes } from './code-artifact.js';
import { documentRoutes } from './document.js';
import { labelRoutes } from './label.js';
import { mcpRoutes } from './mcp.js';
import { miscRoutes } from './misc.js';
import { pagesRoutes } from './pages.js';
import { projectRoutes } from './project.js';
import { providerRoutes } from './provider.js';
import { resourceRoutes } from './resource.js';
import { searchRoutes } from './search.js';
import { shareRoutes } from './share.js';
import { skillRoutes } from './skill.js';
import { subscriptionRoutes } from './subscription.js';
import { templateRoutes } from './template.js';
import { userRoutes } from './user.js';
import { versionRoutes } from './version.js';

export const routes = {
  ...authRoutes,
  ...userRoutes,
  ...canvasRoutes,
  ...pagesRoutes,
  ...resourceRoutes,
  ...documentRoutes,
  ...codeArtifactRoutes,
  ...labelRoutes,
  ...projectRoutes,
  ...skillRoutes,
  ...actionRoutes,
  ...templateRoutes,
  ...shareRoutes,
  ...mcpRoutes,
  ...providerRoutes,
  ...subscriptionRoutes,
  ...searchRoutes,
  ...miscRoutes,
  ...versionRoutes,
} as const;

export type Routes = typeof routes;
export type RouteId = keyof Routes;
export type AnyRoute = Routes[RouteId];

/** Every route as a list (for registering handlers and building the OpenAPI document). */
export const routeList: readonly AnyRoute[] = Object.values(routes);
