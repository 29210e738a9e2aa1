/**
 * What a personal API token may call (issue 12, point 9). A token acts as its user under the
 * same access policy as a cookie session, with two limits:
 * - some calls need a signed-in session whatever the scope: managing tokens, signing out,
 *   refreshing a session, billing, and collaboration tokens (a websocket session is a browser's);
 * - a `read` token calls reading routes only: GET routes and the POST routes that only read
 *   (search). Anything else answers E0016 (a business error, HTTP 200 like the others).
 */
import type { RouteDef } from '@atelier/contract';
import { AppError } from '../lib/errors.js';

export type TokenScope = 'read' | 'read-write';

export const SESSION_ONLY_ROUTES: ReadonlySet<string> = new Set([
  'user.apiToken.list',
  'user.apiToken.create',
  'user.apiToken.revoke',
  'auth.logout',
  'auth.refreshToken',
  'collab.getToken',
  'subscription.createCheckoutSession',
  'subscription.createPortalSession',
]);

/** POST routes that change nothing. */
const READING_POSTS: ReadonlySet<string> = new Set(['search.query', 'search.multilingual']);

export function isReadingRoute(def: Pick<RouteDef, 'id' | 'method'>): boolean {
  return def.method === 'GET' || READING_POSTS.has(def.id);
}

export function tokenMayCall(def: Pick<RouteDef, 'id' | 'method'>, scope: TokenScope): boolean {
  if (SESSION_ONLY_ROUTES.has(def.id)) return false;
  return scope === 'read-write' || isReadingRoute(def);
}

export function assertTokenMayCall(def: Pick<RouteDef, 'id' | 'method'>, scope: TokenScope): void {
  if (!tokenMayCall(def, scope)) throw new AppError('E0016');
}
