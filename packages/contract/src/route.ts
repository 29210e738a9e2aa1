/**
 * What one route of the /v1 API is: method, path, request schemas, the schema of the
 * `data` inside the wrapper, and the catalogue codes it may answer with. The server
 * registers its handlers from these, the client is typed by them, and the OpenAPI
 * document is generated from them.
 */
import type { z } from 'zod';
import type { ErrorCode } from './errors.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteDef {
  /** Stable operation id, also the key in the route table, e.g. `canvas.create`. */
  readonly id: string;
  readonly method: HttpMethod;
  /** Path below /v1, with `{name}` for path parameters, e.g. `/pages/{pageId}`. */
  readonly path: string;
  readonly summary: string;
  /** OpenAPI tag, usually the domain (canvas, knowledge, auth…). */
  readonly tag: string;
  /** `user`: signed-in session required; `optional`: read if present; `none`: public. */
  readonly auth: 'user' | 'optional' | 'none';
  /** `json` (default) or `multipart` (uploads; `body` then describes the non-file fields). */
  readonly requestKind?: 'json' | 'multipart';
  /** `json` (default, wrapped), `sse` (Server-Sent Events), `file` (raw bytes), `redirect`. */
  readonly responseKind?: 'json' | 'sse' | 'file' | 'redirect';
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** Schema of `data` in the wrapper (or of one SSE event for `sse`). */
  readonly response: z.ZodType;
  readonly errors: readonly ErrorCode[];
  /** True for calls that are ours, beyond spec section 7 (OAuth redirects, health…). */
  readonly extension?: boolean;
}

export function defineRoute<const T extends RouteDef>(def: T): T {
  return def;
}

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;
type Input<T> = T extends z.ZodType ? z.input<T> : undefined;

export type RouteBody<R extends RouteDef> = Infer<R['body']>;
export type RouteQuery<R extends RouteDef> = Infer<R['query']>;
export type RouteParams<R extends RouteDef> = Infer<R['params']>;
export type RouteResponse<R extends RouteDef> = z.infer<R['response']>;
export type RouteBodyInput<R extends RouteDef> = Input<R['body']>;
export type RouteQueryInput<R extends RouteDef> = Input<R['query']>;
export type RouteParamsInput<R extends RouteDef> = Input<R['params']>;
