/**
 * Registers /v1 routes from the contract's table. Each route: refuse foreign origins and bodies
 * of another kind than the route declares (before reading them), authenticate, validate params,
 * query and body with the contract's zod schemas (E0003 naming the field, E2004 for a string
 * over 100k characters), call the handler, wrap its data. Routes of the table without a handler
 * answer HTTP 501 "not implemented", so nothing is silently missing.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  LIMITS,
  routes,
  type RouteBody,
  type RouteDef,
  type RouteId,
  type RouteParams,
  type RouteQuery,
  type RouteResponse,
  type Routes,
} from '@atelier/contract';
import { AppError } from '../lib/errors.js';
import { assertTokenMayCall, type TokenScope } from './api-token-scope.js';
import { findString, rejectNul, wellFormed } from './input-check.js';

export interface AuthUser {
  uid: string;
  /** The sign-in (refresh-token family) the request's access token belongs to. */
  sid: string;
  /** Set when the caller came with a personal API token instead of a session. */
  apiToken?: { tokenId: string; scope: TokenScope };
}

export interface HandlerContext<R extends RouteDef> {
  body: RouteBody<R>;
  query: RouteQuery<R>;
  params: RouteParams<R>;
  user: R['auth'] extends 'user' ? AuthUser : AuthUser | null;
  req: FastifyRequest;
  reply: FastifyReply;
  traceId: string;
}

/**
 * A handler returns the `data` to wrap. Routes whose responseKind is file, sse or redirect
 * (and multipart handlers that stream) write the reply themselves and return `RAW`.
 */
export const RAW = Symbol('raw-reply');
export type HandlerResult<R extends RouteDef> = RouteResponse<R> | typeof RAW;
export type Handler<R extends RouteDef> = (ctx: HandlerContext<R>) => Promise<HandlerResult<R>>;
export type Handlers = { [K in RouteId]?: Handler<Routes[K]> };

export type Authenticate = (req: FastifyRequest) => Promise<AuthUser | null>;

export const API_PREFIX = '/v1';

export function toFastifyPath(path: string): string {
  return API_PREFIX + path.replace(/\{(\w+)\}/g, ':$1');
}

/** Formats the first zod issue as "field: message" so the client can name the field. */
export function describeZodError(error: z.ZodError, where: 'body' | 'query' | 'params'): string {
  const first = error.issues[0];
  if (!first) return `Invalid ${where}`;
  const path = first.path.length ? first.path.join('.') : where;
  return `${path}: ${first.message}`;
}

const isOversize = (s: string) => s.length > LIMITS.maxContentChars;

function parseWith(
  schema: z.ZodType | undefined,
  value: unknown,
  where: 'body' | 'query' | 'params',
): unknown {
  if (!schema) return undefined;
  // a request without a body validates as {}; an explicit JSON null is a bad body
  const result = schema.safeParse(value === undefined && where === 'body' ? {} : value);
  if (!result.success) {
    throw new AppError('E0003', describeZodError(result.error, where), 200, {
      issues: result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message, code: i.code })),
    });
  }
  return result.data;
}

export function sendData(reply: FastifyReply, data: unknown): FastifyReply {
  return reply.send({ success: true, traceId: String(reply.request.id), data: data ?? undefined });
}

export interface RegisterOptions {
  handlers: Handlers;
  authenticate: Authenticate;
  /** Validate handler output against the response schema (off in production for speed). */
  validateResponses: boolean;
  /** Refuses a request before its body is read (request-guard.ts: origin and body kind). */
  guard?: (req: FastifyRequest, requestKind: 'json' | 'multipart') => void;
}

export function registerContractRoutes(app: FastifyInstance, opts: RegisterOptions): void {
  for (const id of Object.keys(routes) as RouteId[]) {
    const def: RouteDef = routes[id];
    const handler = opts.handlers[id] as Handler<RouteDef> | undefined;
    app.route({
      method: def.method,
      url: toFastifyPath(def.path),
      config: { routeId: id },
      onRequest: async (req) => opts.guard?.(req, def.requestKind ?? 'json'),
      handler: async (req, reply) => {
        if (!handler) {
          throw new AppError('E0000', `Not implemented: ${def.method} ${def.path}`, 501);
        }
        // Routes open to everyone still learn who is asking when a valid session is sent (a share's
        // owner may open an 'off' link); a bad token there is just no session.
        const user =
          def.auth === 'none' ? await opts.authenticate(req).catch(() => null) : await opts.authenticate(req);
        if (def.auth === 'user' && !user) throw new AppError('E0011', 'Authentication required', 401);
        if (user?.apiToken) assertTokenMayCall(def, user.apiToken.scope);
        // PostgreSQL text cannot hold U+0000: refused up front (input-check.ts, as on /share and /mcp)
        rejectNul(req.params, 'params');
        rejectNul(req.query, 'query');
        const params = parseWith(def.params, req.params, 'params');
        const query = parseWith(def.query, req.query, 'query');
        let body: unknown;
        if (def.requestKind !== 'multipart' && def.body) {
          const oversize = findString(req.body, isOversize);
          if (oversize !== null)
            throw new AppError('E2004', `${oversize || 'body'}: content exceeds 100k characters`);
          rejectNul(req.body, 'body');
          // a lone surrogate ("\ud800" in the JSON text) becomes U+FFFD: jsonb refuses its escape
          body = parseWith(def.body, wellFormed(req.body), 'body');
        }
        const ctx = {
          body,
          query,
          params,
          user,
          req,
          reply,
          traceId: String(req.id),
        } as HandlerContext<RouteDef>;
        const result = await handler(ctx);
        if (result === RAW || reply.sent) return reply;
        if (opts.validateResponses && (def.responseKind ?? 'json') === 'json') {
          const check = def.response.safeParse(result);
          if (!check.success) {
            req.log.error(
              { issues: check.error.issues, routeId: id },
              'response does not match the contract',
            );
            throw new Error(
              `Response of ${id} does not match the contract: ${describeZodError(check.error, 'body')}`,
            );
          }
        }
        return sendData(reply, result);
      },
    });
  }
}

/** Route ids that have no handler yet (printed by a test so nothing is silently missing). */
export function unimplementedRoutes(handlers: Handlers): RouteId[] {
  return (Object.keys(routes) as RouteId[]).filter((id) => !handlers[id]);
}
