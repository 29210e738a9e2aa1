/** A route as the HTTP client needs it: no schemas, so it stays small in the browser. */
import type { RouteDef } from './route.js';

export type RouteLite = Pick<RouteDef, 'method' | 'path' | 'auth' | 'requestKind' | 'responseKind'>;

export function routeIndexEntry(def: RouteDef): RouteLite {
  return {
    method: def.method,
    path: def.path,
    auth: def.auth,
    ...(def.requestKind ? { requestKind: def.requestKind } : {}),
    ...(def.responseKind ? { responseKind: def.responseKind } : {}),
  };
}
