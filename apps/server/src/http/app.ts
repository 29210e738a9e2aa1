/**
 * The Fastify application: security headers, CORS, cookies, multipart, rate limits, the
 * response wrapper and error mapping, the contract routes, OpenAPI, and the web app behind
 * one catch-all route.
 */
import { join } from 'node:path';
import Fastify, {
  LogController,
  type FastifyError,
  type FastifyInstance,
  type FastifyBaseLogger,
} from 'fastify';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { LIMITS, errorMessage } from '@atelier/contract';
import { buildOpenApiDocument } from '@atelier/contract/openapi';
import { randomToken } from '../lib/ids.js';
import { AppError } from '../lib/errors.js';
import { errorBody, frameworkErrorHandler, makeClientErrorHandler } from './framework-errors.js';
import { rejectDeepJson } from './input-check.js';
import { makeRequestGuard } from './request-guard.js';
import { API_PREFIX, registerContractRoutes, type Authenticate, type Handlers } from './register.js';
import type { Config } from '../config.js';
import { systemClock, type Clock } from '../lib/clock.js';
import { clockRateLimitStore } from './rate-limit.store.js';

export interface AppOptions {
  config: Config;
  handlers: Handlers;
  authenticate: Authenticate;
  logger: FastifyBaseLogger;
  /** ioredis client for the shared rate-limit store when scaled out. */
  redis?: unknown;
  /** Times the in-memory rate-limit windows (the Redis store keeps its own, real-time TTLs). */
  clock?: Clock;
  webDistDir: string | null;
  /** Routes outside /v1 registered before the app's catch-all (the share pages at /share/{id}). */
  extraRoutes?: (app: FastifyInstance) => void;
}

/**
 * The page the web app loads in its sandboxed artifact preview iframe (sandbox="allow-scripts",
 * never allow-same-origin). User HTML and React code run there, so it needs inline scripts and
 * eval, which the app's own policy forbids; it gets no network access (connect-src 'none') and
 * can only be framed by the app. By default nothing leaves the frame at all: images, fonts and
 * media only from data: and blob: URLs, scripts and styles only the page's own, so an artifact
 * cannot beacon out through an <img> (one reached 127.0.0.1). With `?net=1` (the preview's
 * "Allow network access" switch, off by default) they may also come from the network.
 */
const ARTIFACT_SANDBOX_PAGE = 'artifact-sandbox.html';
const sandboxPolicy = (directives: string[]) =>
  [
    "default-src 'none'",
    ...directives,
    "connect-src 'none'",
    "frame-src 'none'",
    "form-action 'none'",
    "base-uri 'none'",
    "frame-ancestors 'self'",
  ].join('; ');
const ARTIFACT_SANDBOX_CSP = sandboxPolicy([
  "script-src 'self' 'unsafe-inline' 'unsafe-eval' blob: data:",
  "style-src 'self' 'unsafe-inline'",
  'img-src data: blob:',
  'font-src data:',
  'media-src data: blob:',
]);
const ARTIFACT_SANDBOX_NETWORK_CSP = sandboxPolicy([
  "script-src 'self' 'unsafe-inline' 'unsafe-eval' blob: data: https:",
  "style-src 'self' 'unsafe-inline' https:",
  'img-src * data: blob:',
  'font-src * data:',
  'media-src * data: blob:',
]);

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const app = Fastify({
    loggerInstance: opts.logger,
    bodyLimit: LIMITS.maxPayloadBytes,
    genReqId: () => randomToken(16),
    logController: new LogController({
      requestIdLogLabel: 'traceId',
      disableRequestLogging: config.NODE_ENV === 'test',
    }),
    trustProxy: config.TRUST_PROXY,
    routerOptions: { maxParamLength: 256 },
    // Node's and Fastify's own refusals answer the wrapper too (framework-errors.ts)
    clientErrorHandler: makeClientErrorHandler(opts.logger),
    frameworkErrors: frameworkErrorHandler,
  });

  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-trace-id', req.id);
  });

  // Fastify's own JSON parser (prototype poisoning refused), after a scan that refuses nesting
  // deeper than MAX_JSON_DEPTH with E0003: deeper bodies overflowed the stack further on (HTTP 500).
  // Every JSON body (/v1, /mcp) comes through here.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    try {
      rejectDeepJson(text);
    } catch (err) {
      done(err as Error, undefined);
      return;
    }
    void parseJson(req, text, done);
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        frameSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cors, {
    origin: config.CORS_ORIGINS.length ? config.CORS_ORIGINS : false,
    credentials: true,
    // @fastify/cors allows only GET, HEAD and POST by default; the API also uses PUT and DELETE.
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
    exposedHeaders: ['x-trace-id'],
  });
  await app.register(cookie);
  await app.register(multipart, {
    limits: { fileSize: config.UPLOAD_MAX_BYTES, files: 20, fields: 50, fieldSize: LIMITS.maxPayloadBytes },
  });
  await app.register(rateLimit, {
    global: true,
    max: config.RATE_LIMIT_PER_IP,
    timeWindow: 60_000,
    ...(opts.redis
      ? { redis: opts.redis as never, nameSpace: `${config.REDIS_PREFIX}-rl:` }
      : { store: clockRateLimitStore(opts.clock ?? systemClock) }),
    // /v1 calls (cookie or API token) and the MCP endpoint (API token) share the per-IP window;
    // Stripe's signed webhooks come in bursts from few addresses and are not counted
    allowList: (req) =>
      !(req.url.startsWith(API_PREFIX) || req.url.startsWith('/mcp')) ||
      req.url.startsWith(`${API_PREFIX}/health`) ||
      req.url.startsWith(`${API_PREFIX}/subscription/webhook/`),
    errorResponseBuilder: () => new AppError('E0010', errorMessage('E0010'), 429),
  });

  app.setErrorHandler((error: FastifyError | AppError, req, reply) => {
    const traceId = String(req.id);
    if (error instanceof AppError) {
      if (error.httpStatus >= 500) req.log.warn({ err: error }, error.message);
      return reply.status(error.httpStatus).send(errorBody(traceId, error.code, error.message));
    }
    const fe = error as FastifyError;
    if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || fe.statusCode === 413) {
      return reply.status(200).send(errorBody(traceId, 'E2005', errorMessage('E2005')));
    }
    if (fe.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.status(200).send(errorBody(traceId, 'E0003', 'File size cannot exceed the limit'));
    }
    if (fe.code === 'FST_FILES_LIMIT' || fe.code === 'FST_PARTS_LIMIT') {
      return reply.status(200).send(errorBody(traceId, 'E0003', 'Too many files or fields in one upload'));
    }
    if (fe.statusCode === 429) {
      return reply.status(429).send(errorBody(traceId, 'E0010', errorMessage('E0010')));
    }
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      // malformed JSON, wrong content type, empty body…: the client sent something we cannot read
      return reply.status(200).send(errorBody(traceId, 'E0003', fe.message));
    }
    req.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send(
        errorBody(traceId, 'E0000', errorMessage('E0000'), config.isProduction ? undefined : error.stack),
      );
  });

  registerContractRoutes(app, {
    handlers: opts.handlers,
    authenticate: opts.authenticate,
    validateResponses: !config.isProduction,
    guard: makeRequestGuard({
      publicUrl: config.publicUrl,
      CORS_ORIGINS: config.CORS_ORIGINS,
      allowLoopbackOrigins: config.NODE_ENV === 'development',
    }),
  });

  // built on the first request: the document is large and most servers never serve it
  let openapi: ReturnType<typeof buildOpenApiDocument> | null = null;
  app.get(`${API_PREFIX}/openapi.json`, async () => (openapi ??= buildOpenApiDocument()));

  const webDist = opts.webDistDir;
  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      // the build writes .br and .gz copies of the text assets (apps/web/vite.config.ts): sent,
      // with Content-Encoding and Vary, to a client that accepts them
      preCompressed: true,
      setHeaders: (reply, path) => {
        if (path.includes(`${join('/', 'assets', '/')}`)) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
          // The artifact preview frame has an opaque origin (sandboxed without allow-same-origin);
          // its module scripts are fetched in CORS mode. Built assets are public anyway.
          reply.header('access-control-allow-origin', '*');
          reply.header('cross-origin-resource-policy', 'cross-origin');
        }
        if (path.endsWith(`${join('/', ARTIFACT_SANDBOX_PAGE)}`)) {
          const query = reply.request.query as Record<string, unknown> | undefined;
          const network = query?.net === '1';
          reply.header(
            'content-security-policy',
            network ? ARTIFACT_SANDBOX_NETWORK_CSP : ARTIFACT_SANDBOX_CSP,
          );
          reply.header('cache-control', 'no-cache');
        }
      },
    });
  }

  opts.extraRoutes?.(app);

  // The single catch-all: unknown /v1 calls answer the wrapper; every other GET renders the app.
  app.setNotFoundHandler(async (req, reply) => {
    const traceId = String(req.id);
    const path = req.url.split('?')[0] ?? '/';
    // Only app routes render the app: a missing asset (old chunk after a redeploy) is a 404.
    const looksLikeFile = path.startsWith('/assets/') || /\.[a-z0-9]{1,8}$/i.test(path);
    if (req.url.startsWith(API_PREFIX) || req.method !== 'GET' || !webDist || looksLikeFile) {
      return reply.status(404).send(errorBody(traceId, 'E0000', `Not found: ${req.method} ${path}`));
    }
    reply.header('cache-control', 'no-cache');
    return reply.type('text/html').sendFile('index.html');
  });

  return app;
}
