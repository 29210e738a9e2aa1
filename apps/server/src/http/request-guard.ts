/**
 * Cross-site request forgery defences of the contract routes, checked before the body is read:
 * a state-changing request must come from this server's own origin or a configured CORS origin,
 * and must carry the body kind its route declares (JSON, or multipart for the few upload routes),
 * so a cross-site HTML form (urlencoded, multipart, text/plain) can never reach a JSON route.
 */
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../lib/errors.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface GuardConfig {
  /** PUBLIC_URL (or its default): the origin users reach the app at. */
  publicUrl: string;
  CORS_ORIGINS: string[];
  /** Development only: the Vite dev server proxies from another loopback port. */
  allowLoopbackOrigins: boolean;
}

/**
 * Browser extensions' origins: the URL standard gives a non-special scheme the opaque origin
 * 'null', but browsers send `Origin: chrome-extension://<id>` for an extension's requests.
 */
const EXTENSION_SCHEMES = new Set(['chrome-extension:', 'moz-extension:', 'safari-web-extension:']);

export function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    if (EXTENSION_SCHEMES.has(url.protocol)) return url.host ? `${url.protocol}//${url.host}` : null;
    return url.origin === 'null' ? null : url.origin;
  } catch {
    return null;
  }
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether a request's Origin (or, without one, its Sec-Fetch-Site) shows it came from us. */
export function makeOriginCheck(config: GuardConfig): (req: FastifyRequest) => string | null {
  const allowed = new Set(
    [config.publicUrl, ...config.CORS_ORIGINS].map(originOf).filter((o): o is string => o !== null),
  );
  return (req) => {
    const header = req.headers.origin;
    if (header === undefined) {
      // Browsers send Origin on every POST/PUT/DELETE; Sec-Fetch-Site covers the rest. Neither
      // header (curl, scripts, server-to-server) is not a browser, so no cookie is riding along.
      const site = req.headers['sec-fetch-site'];
      return site === 'cross-site' || site === 'same-site' ? `a ${site} request` : null;
    }
    const origin = originOf(header);
    if (!origin) return `origin '${header}'`;
    if (allowed.has(origin)) return null;
    if (EXTENSION_SCHEMES.has(new URL(origin).protocol)) return `origin '${origin}'`;
    const { host, hostname } = new URL(origin);
    // The host the browser addressed: same host means same site as the app, whatever the proxy.
    if (host === req.headers.host || host === req.host) return null;
    if (config.allowLoopbackOrigins && LOOPBACK.has(hostname)) return null;
    return `origin '${origin}'`;
  };
}

function bodyKindOf(req: FastifyRequest): string | null {
  const type = req.headers['content-type'];
  if (type === undefined) return null;
  return type.split(';')[0]!.trim().toLowerCase();
}

/** The checks of one route; throws the catalogue answer, before any body is parsed. */
export function makeRequestGuard(config: GuardConfig) {
  const foreign = makeOriginCheck(config);
  return (req: FastifyRequest, requestKind: 'json' | 'multipart'): void => {
    if (!STATE_CHANGING.has(req.method)) return;
    const refused = foreign(req);
    if (refused) {
      throw new AppError(
        'E0003',
        `Cross-origin request refused: ${refused} is neither this server's origin nor in CORS_ORIGINS`,
        403,
      );
    }
    const kind = bodyKindOf(req);
    // no content type: an empty body (a bodyless POST); anything sent must be of the declared kind
    if (kind === null) return;
    const expected = requestKind === 'multipart' ? 'multipart/form-data' : 'application/json';
    if (kind !== expected) {
      throw badRequest(`content-type: this route takes ${expected}, not ${kind}`);
    }
  };
}
