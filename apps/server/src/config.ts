/**
 * Server configuration: every environment variable, parsed and validated once at start.
 * A bad value stops the server with one readable line per problem. docs/configuration.md
 * documents each variable; keep the two in step.
 */
import { loadGlobalMcpServers, type GlobalMcpServer } from './config.mcp.js';
import { resolve } from 'node:path';
import { z } from 'zod';
import { LIMITS } from '@atelier/contract';

const bool = (def: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? def : ['true', '1', 'yes', 'on'].includes(v)));

const int = (def: number, min = 0, max = Number.MAX_SAFE_INTEGER) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return def;
      const n = Number(v);
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `must be a whole number from ${min} to ${max}, got '${v}'` });
        return z.NEVER;
      }
      return n;
    });

/** Durations like `900`, `15m`, `30d`, `3s`, `250ms`; returned in milliseconds. */
export function parseDuration(v: string): number | null {
  const m = /^(\d+)(ms|s|m|h|d)?$/.exec(v.trim());
  if (!m) return null;
  const n = Number(m[1]);
  const unit = m[2] ?? 's';
  const mult = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[unit] ?? 1000;
  return n * mult;
}
const duration = (def: string) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      const ms = parseDuration(v && v.trim() ? v : def);
      if (ms === null || ms <= 0) {
        ctx.addIssue({ code: 'custom', message: `must be a duration like 30s, 15m, 7d, got '${v}'` });
        return z.NEVER;
      }
      return ms;
    });

const optionalStr = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : undefined));
const url = (label: string) =>
  optionalStr.refine((v) => v === undefined || URL.canParse(v), { message: `must be a URL (${label})` });
/** A URL with one of the given schemes: `localhost:5800` or `minio:9000` parse as URLs but are mistakes. */
const urlOf = (label: string, schemes: string[]) =>
  optionalStr.refine((v) => v === undefined || (URL.canParse(v) && schemes.includes(new URL(v).protocol)), {
    message: `must be a URL starting with ${schemes.map((p) => `${p}//`).join(' or ')} (${label})`,
  });

const ROLES = ['api', 'worker', 'collab'] as const;
export type Role = (typeof ROLES)[number];

const EnvSchema = z.object({
  // Production unless told otherwise: no stack traces in answers, no loopback-origin exemption.
  // `npm run dev` (scripts/dev.mjs) sets development; the tests set test.
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: int(5800, 0, 65535),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: urlOf('PUBLIC_URL', ['http:', 'https:']),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: urlOf('DATABASE_URL', ['postgres:', 'postgresql:']),
  // Embedded PGlite's buffer cache, held in memory from the start (PostgreSQL's default of
  // 128MB alone put an idle server near 400 MB RSS); the OS still caches the data files.
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^[1-9][0-9]*(kB|MB|GB)$/, 'must be a size such as 32MB (units kB, MB or GB)')
    .default('32MB'),
  REDIS_URL: urlOf('REDIS_URL', ['redis:', 'rediss:']),
  // Key prefix of everything this deployment keeps in Redis (job queue, rate-limit windows, collab
  // fan-out): several deployments (or test runs) can share one Redis under different prefixes.
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'must be 1–64 letters, digits, dots, dashes or underscores')
    .default('atelier'),
  ROLES: z
    .string()
    .default('api,worker,collab')
    .transform((v, ctx) => {
      const list = v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const bad = list.filter((r) => !(ROLES as readonly string[]).includes(r));
      if (bad.length || !list.length) {
        ctx.addIssue({ code: 'custom', message: `roles must be some of ${ROLES.join(', ')}, got '${v}'` });
        return z.NEVER;
      }
      return [...new Set(list)] as Role[];
    }),
  /** Trust X-Forwarded-* headers (only behind a proxy that overwrites them). */
  TRUST_PROXY: bool(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** auto: short readable lines when stdout is a terminal, JSON lines otherwise; or json / pretty. */
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  WEB_DIST_DIR: optionalStr,
  JWT_SECRET: optionalStr.refine((v) => v === undefined || v.length >= 32, {
    message: 'must be at least 32 characters',
  }),
  ENCRYPTION_KEY: optionalStr.refine((v) => v === undefined || /^[0-9a-fA-F]{64}$/.test(v), {
    message: 'must be 64 hex characters (32 bytes)',
  }),
  ACCESS_TOKEN_TTL: duration('15m'),
  REFRESH_TOKEN_TTL: duration('30d'),
  /** A rotated refresh token presented again this soon yields its successor (two tabs refreshing at once). */
  REFRESH_REUSE_GRACE: duration('10s'),
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  CORS_ORIGINS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  SMTP_URL: url('SMTP_URL'),
  MAIL_FROM: z.string().default('Atelier <no-reply@localhost>'),
  EMAIL_VERIFICATION: bool(true),
  VERIFICATION_CODE_TTL: duration('10m'),
  VERIFICATION_RESEND_COOLDOWN: duration('60s'),
  BETA_GATE: bool(false),
  GITHUB_CLIENT_ID: optionalStr,
  GITHUB_CLIENT_SECRET: optionalStr,
  GOOGLE_CLIENT_ID: optionalStr,
  GOOGLE_CLIENT_SECRET: optionalStr,
  /** Provider endpoints, overridable for tests (a fake provider) or a proxy. */
  GITHUB_OAUTH_BASE_URL: url('GITHUB_OAUTH_BASE_URL').transform((v) =>
    (v ?? 'https://github.com').replace(/\/+$/, ''),
  ),
  GITHUB_API_BASE_URL: url('GITHUB_API_BASE_URL').transform((v) =>
    (v ?? 'https://api.github.com').replace(/\/+$/, ''),
  ),
  GOOGLE_OAUTH_BASE_URL: url('GOOGLE_OAUTH_BASE_URL').transform((v) => v?.replace(/\/+$/, '')),
  AUTH_RATE_LIMIT_PER_IP: int(30, 1),
  AUTH_RATE_LIMIT_PER_ACCOUNT: int(10, 1),
  AUTH_RATE_LIMIT_WINDOW: duration('1m'),
  RATE_LIMIT_PER_IP: int(600, 1),
  SHARE_RATE_LIMIT_PER_IP: int(600, 1),
  STORAGE_DRIVER: z.enum(['fs', 's3']).default('fs'),
  S3_ENDPOINT: urlOf('S3_ENDPOINT', ['http:', 'https:']),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: optionalStr,
  S3_ACCESS_KEY_ID: optionalStr,
  S3_SECRET_ACCESS_KEY: optionalStr,
  S3_FORCE_PATH_STYLE: bool(true),
  UPLOAD_MAX_BYTES: int(20 * 1024 * 1024, 1),
  AVATAR_MAX_BYTES: int(2 * 1024 * 1024, 1),
  PROJECT_COVER_MAX_BYTES: int(5 * 1024 * 1024, 1),
  /** Most nodes one canvas holds: imports and collaboration edits past it answer 'node limit reached'. */
  CANVAS_MAX_NODES: int(LIMITS.maxCanvasNodes, 1, 100_000),
  /** History: at most one automatic version of a canvas or document per this many minutes of editing. */
  VERSION_INTERVAL_MINUTES: int(10, 1, 24 * 60),
  /** History: automatic versions are kept this many days (named and restore versions forever). */
  VERSION_RETENTION_DAYS: int(30, 1, 36_500),
  /** Install and update the built-in templates at start (template.builtin.ts); tests turn it off. */
  BUILTIN_TEMPLATES: bool(true),
  MAINTENANCE_ENABLED: bool(false),
  MAINTENANCE_START: z
    .string()
    .regex(/^\d{2}:\d{2}$/, 'must be HH:MM')
    .default('21:00'),
  MAINTENANCE_END: z
    .string()
    .regex(/^\d{2}:\d{2}$/, 'must be HH:MM')
    .default('23:00'),
  MAINTENANCE_TIMEZONE: z.string().default('Asia/Shanghai'),
  FEATURE_SUBSCRIPTION: bool(false),
  /** Billing (with FEATURE_SUBSCRIPTION): Stripe's secret API key; unset, checkout and the portal answer E0003. */
  STRIPE_SECRET_KEY: optionalStr,
  /** Signing secret of the webhook endpoint (whsec_…); unset, every webhook is refused. */
  STRIPE_WEBHOOK_SECRET: optionalStr,
  /** Stripe coupon applied at checkout of a yearly plan: the first year's extra 50 % off. */
  STRIPE_FIRST_YEAR_COUPON: optionalStr,
  /** Stripe's API origin (a proxy or a test fake); default https://api.stripe.com. */
  STRIPE_API_BASE: urlOf('STRIPE_API_BASE', ['http:', 'https:']).transform((v) => v?.replace(/\/+$/, '')),
  FEATURE_CANVAS_TEMPLATE: bool(true),
  FEATURE_ERROR_REPORTING: bool(false),
  SHUTDOWN_TIMEOUT: duration('10s'),
  /** Global model providers offered to every user (read-only for them); keys stay in memory. */
  OPENAI_API_KEY: optionalStr,
  OPENAI_BASE_URL: urlOf('OPENAI_BASE_URL', ['http:', 'https:']).transform((v) => v?.replace(/\/+$/, '')),
  ANTHROPIC_API_KEY: optionalStr,
  ANTHROPIC_BASE_URL: urlOf('ANTHROPIC_BASE_URL', ['http:', 'https:']).transform((v) =>
    v?.replace(/\/+$/, ''),
  ),
  OLLAMA_BASE_URL: urlOf('OLLAMA_BASE_URL', ['http:', 'https:']).transform((v) => v?.replace(/\/+$/, '')),
  /** Without OLLAMA_BASE_URL, probe http://127.0.0.1:11434 once at start. */
  OLLAMA_DETECT: bool(true),
  SEARXNG_URL: urlOf('SEARXNG_URL', ['http:', 'https:']).transform((v) => v?.replace(/\/+$/, '')),
  /** Timeout of a provider's model list (the connection test); E3003 after it. */
  PROVIDER_REQUEST_TIMEOUT: duration('15s'),
  /**
   * true: user-configured providers (and image API results) may reach loopback, private and
   * link-local addresses. Off by default; PROVIDER_ALLOWED_HOSTS names the local model servers
   * users may point at instead (operator-configured global providers are always allowed).
   */
  PROVIDER_ALLOW_PRIVATE_NETWORK: bool(false),
  /** `host` or `host:port` entries (comma-separated) users' providers may reach on a private network. */
  PROVIDER_ALLOWED_HOSTS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const list = (v ?? '')
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean);
      const bad = list.filter((h) => !URL.canParse(`http://${h}`) || new URL(`http://${h}`).host !== h);
      if (bad.length) {
        ctx.addIssue({
          code: 'custom',
          message: `entries must be host or host:port, got '${bad.join("', '")}'`,
        });
        return z.NEVER;
      }
      return list;
    }),
  /** false: MCP servers users configure may not point at loopback, private or link-local addresses. */
  MCP_ALLOW_PRIVATE_NETWORK: bool(false),
  /** Global MCP servers offered to every user, read-only (config.mcp.ts): JSON text, or a JSON file. */
  MCP_GLOBAL_SERVERS: optionalStr,
  MCP_GLOBAL_SERVERS_FILE: optionalStr,
  /** Deadline of an MCP server's validation (connect, initialize, list tools). */
  MCP_CONNECT_TIMEOUT: duration('15s'),
  /** Deadline of one MCP tool call. */
  MCP_TOOL_TIMEOUT: duration('60s'),
  /** Largest MCP tool result kept (its text, in bytes); longer results are cut and say so. */
  MCP_TOOL_RESULT_MAX_BYTES: int(100 * 1024, 1024),
  /** The agent skill: most model calls of one run (each may call tools); then it answers with what it has. */
  AGENT_MAX_STEPS: int(12, 1, 50),
  /** Fetching links and scraping may reach loopback, private and link-local addresses (tests, trusted LANs). */
  FETCH_ALLOW_PRIVATE: bool(false),
  /** Deadline of one page fetch (all redirects included). */
  FETCH_TIMEOUT: duration('15s'),
  /** Largest page body fetched (after decompression). */
  FETCH_MAX_BYTES: int(10 * 1024 * 1024, 1),
  /** Most PDF pages parsed for one resource; longer files end parse_failed (pageLimitExceeded). */
  PARSE_MAX_PAGES: int(500, 1),
  /** A skill run fails with E3003 when the model sends nothing for this long. */
  SKILL_IDLE_TIMEOUT: duration('60s'),
  /** Retries of a model call that failed before streaming (429, 5xx), with the AI SDK's backoff. */
  SKILL_MODEL_RETRIES: int(2, 0, 10),
  /** How often a running skill checks the database for an abort asked on another instance. */
  SKILL_ABORT_POLL: duration('1s'),
  /**
   * A running skill's heartbeat (every SKILL_ABORT_POLL) holds its run; a run not heard from for
   * this long lost its worker (a crash, kill -9, a lost instance) and fails as interrupted.
   */
  SKILL_RUN_LEASE: duration('30s'),
  /** imageGeneration: the run fails (timeout) when the image API has not finished by then. */
  IMAGE_GENERATION_TIMEOUT: duration('5m'),
  /** imageGeneration: how often the image API is asked for the task's progress. */
  IMAGE_GENERATION_POLL: duration('2s'),
  /** How often the worker role looks for due timer triggers (on the app's clock). */
  TRIGGER_POLL_INTERVAL: duration('1s'),
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config extends Env {
  dataDir: string;
  publicUrl: string;
  /** Prefix of file URLs in answers: PUBLIC_URL when configured, else '' (same-origin relative URLs). */
  fileBaseUrl: string;
  cookieSecure: boolean;
  databaseKind: 'pglite' | 'postgres';
  isProduction: boolean;
  /** The global MCP servers of MCP_GLOBAL_SERVERS / MCP_GLOBAL_SERVERS_FILE. */
  mcpGlobalServers: GlobalMcpServer[];
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Parse the environment; throws ConfigError listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const problems: string[] = [];
  if (e.STORAGE_DRIVER === 's3' && !e.S3_BUCKET) problems.push('S3_BUCKET: required when STORAGE_DRIVER=s3');
  if (Boolean(e.GITHUB_CLIENT_ID) !== Boolean(e.GITHUB_CLIENT_SECRET))
    problems.push('GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET: set both or neither');
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET))
    problems.push('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET: set both or neither');
  const mcpGlobal = loadGlobalMcpServers(e);
  problems.push(...mcpGlobal.problems);
  if (problems.length) throw new ConfigError(problems);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    ...e,
    dataDir: resolve(e.DATA_DIR),
    publicUrl,
    fileBaseUrl: e.PUBLIC_URL ? publicUrl : '',
    cookieSecure: e.COOKIE_SECURE === 'auto' ? publicUrl.startsWith('https:') : e.COOKIE_SECURE === 'true',
    databaseKind: e.DATABASE_URL ? 'postgres' : 'pglite',
    isProduction: e.NODE_ENV === 'production',
    mcpGlobalServers: mcpGlobal.servers,
  };
}
