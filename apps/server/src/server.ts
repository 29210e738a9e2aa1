/**
 * Starts one server process: opens the database (migrating it), builds the context and the
 * services (services.ts, the composition root), registers the routes, jobs and collaboration,
 * listens, and starts the worker role. `close()` shuts everything down in order so
 * PGlite checkpoints its WAL. Used by main.ts and by the integration tests.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { createLogger } from './lib/logger.js';
import type { Config } from './config.js';
import { startCollab } from './collab/index.js';
import type { AppContext } from './context.js';
import { migrationsFolder, openDatabase } from './db/connect.js';
import { VectorIndexes } from './modules/search/search.vector-index.js';
import { lockDataDir } from './db/data-dir.js';
import { systemClock, type Clock } from './lib/clock.js';
import { instanceSecret } from './db/secrets.js';
import { buildApp } from './http/app.js';
import { registerSharePages } from './modules/share/share.html.js';
import type { Handlers } from './http/register.js';
import { createQueue } from './jobs/index.js';
import { defineJobs, startWorkerRole } from './jobs/registry.js';
import { migrateCitationMarkers } from './skills/skill.citations.migrate.js';
import { createEventBus } from './lib/events.js';
import { createMailer } from './mail/mailer.js';
import { isFamilyLive } from './modules/auth/auth.repository.js';
import { makeAuthenticate, tokenKeys } from './modules/auth/auth.tokens.js';
import { registerStripeWebhook } from './modules/subscription/subscription.webhook.js';
import { registerMcpEndpoint } from './modules/mcp-endpoint/mcp-endpoint.js';
import { buildHandlers } from './modules/index.js';
import { watchSkillRuns } from './modules/skill/skill.lease.js';
import { GlobalProviders } from './modules/provider/provider.global.js';
import { BuiltinTemplateInstaller, seedCategories } from './modules/template/template.builtin.js';
import { buildServices, type Services } from './services.js';
import { createStorage } from './storage/index.js';

export interface RunningServer {
  app: FastifyInstance;
  ctx: AppContext;
  /** The services built once at start and shared by routes, jobs and collaboration. */
  services: Services;
  /** The handler map the routes were registered from (routes without one answer 501). */
  handlers: Handlers;
  /** Base URL, e.g. http://127.0.0.1:5800 */
  url: string;
  /**
   * The built-in template install, started after the server listens (never blocks start, never
   * fails it: errors are logged). Resolves when done or failed; already resolved when
   * BUILTIN_TEMPLATES is off. Tests that need the templates await it.
   */
  builtinTemplates: Promise<void>;
  /** The start's citation-marker migration (skill.citations.migrate.ts). */
  citationMigration: Promise<void>;
  close(): Promise<void>;
}

function defaultWebDist(config: Config): string | null {
  const candidates = [config.WEB_DIST_DIR, join(dirname(migrationsFolder()), '..', 'web', 'dist')];
  for (const c of candidates) if (c && existsSync(join(c, 'index.html'))) return resolve(c);
  return null;
}

export interface StartOptions {
  /** Tests pass a TestClock; the system clock otherwise. */
  clock?: Clock;
}

export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const clock = options.clock ?? systemClock;
  // Uptime and start-up duration are measured in real time (reported, never acted on).
  // eslint-disable-next-line no-restricted-syntax
  const startedAt = Date.now();
  // The lock guards the embedded database (one process per PGlite directory). With a PostgreSQL
  // server, DATA_DIR holds only files and temp files under random names, and several instances on
  // one host may share it as their local file storage (docs/scaling.md).
  const releaseLock = config.DATABASE_URL ? () => undefined : lockDataDir(config.dataDir);
  const cleanups: Array<() => Promise<void> | void> = [releaseLock];
  const runCleanups = async () => {
    for (const fn of cleanups.reverse()) await fn();
  };
  try {
    const log = createLogger({ level: config.LOG_LEVEL, format: config.LOG_FORMAT });
    const database = await openDatabase(
      {
        databaseUrl: config.DATABASE_URL,
        dataDir: config.dataDir,
        sharedBuffers: config.PGLITE_SHARED_BUFFERS,
      },
      log,
    );
    cleanups.push(() => database.close());
    const [jwt, encryption] = await Promise.all([
      instanceSecret(database.db, 'jwt', config.JWT_SECRET),
      instanceSecret(database.db, 'encryption', config.ENCRYPTION_KEY),
    ]);
    const keys = tokenKeys(
      jwt,
      config.ACCESS_TOKEN_TTL,
      config.REFRESH_TOKEN_TTL,
      config.cookieSecure,
      clock,
    );

    let redis: Redis | undefined;
    if (config.REDIS_URL) {
      const client = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null });
      redis = client;
      cleanups.push(async () => {
        await client.quit().catch(() => client.disconnect());
      });
    }
    const storage = await createStorage(config);
    cleanups.push(() => storage.close());
    const mailer = await createMailer(config, log, clock);
    cleanups.push(() => mailer.close());
    const queue = await createQueue(config, log, redis, clock);
    cleanups.push(() => queue.close());

    const ctx: AppContext = {
      config,
      log,
      db: database.db,
      dbKind: database.kind,
      dbLock: database.lock,
      vectorIndexes: new VectorIndexes(database.db, database.kind, log),
      secrets: { jwt, encryption },
      storage,
      queue,
      mailer,
      events: createEventBus(log),
      // Probes for a local Ollama once, at start.
      providers: new GlobalProviders(config, log),
      startedAt,
      clock,
    };
    const services = buildServices(ctx);
    // Categories on every start (a few rows, needed by every template route). The built-in
    // templates are built after listen: see below.
    await seedCategories(ctx);
    // Covers of templates made before covers were copied into their shares (one query when none).
    const covers = await services.templates.copyMissingCovers();
    if (covers) log.info({ covers }, 'Template covers copied into their shares');
    defineJobs({ ctx, services });
    const handlers = buildHandlers(ctx, services);
    const authenticate = makeAuthenticate(
      keys,
      (claims) => isFamilyLive(database.db, claims.uid, claims.sid, clock.date()),
      (token) => services.apiTokens.authenticate(token),
    );
    const webDistDir = defaultWebDist(config);
    const app = await buildApp({
      config,
      handlers,
      authenticate,
      logger: log,
      redis,
      clock,
      webDistDir,
      extraRoutes: (instance) =>
        registerSharePages(instance, {
          shares: services.shares,
          authenticate,
          webDistDir,
          ratePerIp: config.SHARE_RATE_LIMIT_PER_IP,
        }),
    });
    cleanups.push(() => app.close());
    registerMcpEndpoint(app, { ctx, services, handlers, authenticate });
    registerStripeWebhook(app, ctx);
    // Runs before app.close (cleanups run in reverse): flushes live documents while the DB is open.
    const collab = startCollab(ctx, services.collab, app.server);
    cleanups.push(() => collab.close());

    if (config.ROLES.includes('worker')) {
      await startWorkerRole({ ctx, services });
      cleanups.push(watchSkillRuns(ctx));
      services.triggers.start();
      cleanups.push(() => services.triggers.stop());
      services.versionPruner.start();
      cleanups.push(() => services.versionPruner.stop());
    }
    await app.listen({ port: config.PORT, host: config.HOST });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? '127.0.0.1' : config.HOST;
    app.log.info(
      // eslint-disable-next-line no-restricted-syntax -- a measured duration for the log
      { port, database: database.kind, roles: config.ROLES, ms: Date.now() - startedAt },
      'Atelier is ready',
    );
    // Built-in templates: built on the first start and when their version rises (later starts
    // only compare rows). Run after listen so a slow build (44 canvases) never delays start;
    // a failure is logged and the next start retries. Close waits for it (it writes to the DB).
    const builtinTemplates = config.BUILTIN_TEMPLATES
      ? installBuiltinTemplates(ctx, services)
      : Promise.resolve();
    cleanups.push(() => builtinTemplates);
    // Raw citation markers left in stored text by earlier versions (skill.citations.migrate.ts):
    // after listen, logged on failure and retried by the next start.
    const citationMigration = migrateCitationMarkers(ctx, services.collab).then(
      () => undefined,
      (err: unknown) => log.error({ err }, 'Citation markers could not be migrated; the next start retries'),
    );
    cleanups.push(() => citationMigration);
    // HNSW indexes of the embedding dimensions in use, after listen (a first build over existing
    // vectors can take a while); until one is ready, searches of its dimension are exact scans.
    void ctx.vectorIndexes
      .start()
      .catch((err: unknown) => log.warn({ err }, 'could not list the embedding dimensions in use'));
    cleanups.push(() => ctx.vectorIndexes.settled());
    return {
      app,
      ctx,
      services,
      handlers,
      url: `http://${host}:${port}`,
      builtinTemplates,
      citationMigration,
      close: runCleanups,
    };
  } catch (err) {
    await runCleanups().catch(() => undefined);
    throw err;
  }
}

async function installBuiltinTemplates(ctx: AppContext, services: Services): Promise<void> {
  // eslint-disable-next-line no-restricted-syntax -- a measured duration for the log
  const started = Date.now();
  try {
    await new BuiltinTemplateInstaller(ctx, services, services.shares).install();
    // eslint-disable-next-line no-restricted-syntax -- a measured duration for the log
    ctx.log.info({ ms: Date.now() - started }, 'Built-in templates up to date');
  } catch (err) {
    ctx.log.error({ err }, 'Built-in templates could not be installed; the next start retries');
  }
}
