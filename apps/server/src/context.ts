/**
 * The services one server process holds, built once at start and handed to every module.
 * Modules depend on these interfaces, not on the adapters behind them.
 */
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Config } from './config.js';
import type { Clock } from './lib/clock.js';
import type { Db, DbLock } from './db/connect.js';
import type { EventBus } from './lib/events.js';
import type { GlobalProviderList } from './lib/providers/providers.types.js';

export interface StoredObjectInfo {
  size: number;
  contentType?: string;
}

/** Object storage (local filesystem by default, S3/MinIO when configured). Keys are opaque strings. */
export interface ObjectStorage {
  readonly driver: 'fs' | 's3';
  put(key: string, body: Buffer | Readable, opts: { contentType: string }): Promise<StoredObjectInfo>;
  /** A readable stream of the object; rejects with ObjectNotFoundError when absent. */
  get(key: string): Promise<Readable>;
  stat(key: string): Promise<StoredObjectInfo | null>;
  delete(key: string): Promise<void>;
  close(): Promise<void>;
}

export class ObjectNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`object not found: ${key}`);
  }
}

/** A typed job: its payload schema, retries with backoff, and an idempotent handler. */
export interface JobDefinition<P = unknown> {
  readonly name: string;
  readonly payload: z.ZodType<P>;
  /** Total tries including the first. */
  readonly attempts: number;
  /** Delay before the first retry; doubles on each further retry. */
  readonly backoffMs: number;
  /** Must be safe to run twice for the same payload. */
  handle(payload: P): Promise<void>;
}

export interface EnqueueOptions {
  /** Jobs with the same id are enqueued once while one is pending. */
  jobId?: string;
  delayMs?: number;
}

export interface JobQueue {
  readonly driver: 'memory' | 'bullmq';
  define<P>(def: JobDefinition<P>): void;
  enqueue<P>(name: string, payload: P, opts?: EnqueueOptions): Promise<void>;
  /** Start consuming (worker role only). */
  startWorker(): Promise<void>;
  /** Resolves when no job is queued or running (tests and shutdown). */
  drain(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The HNSW indexes of library vectors, one per embedding dimension in use (the search module's
 * VectorIndexes builds them).
 */
export interface LibraryVectorIndexes {
  /** Builds the indexes of every dimension a library is bound to (after listen). */
  start(): Promise<void>;
  /** Builds the index of the dimension `uid`'s library is bound to, if any; true when usable. */
  ensureFor(uid: string): Promise<boolean>;
  /** True when a query of `dims` dimensions can use its index now (else an exact scan). */
  usable(dims: number): Promise<boolean>;
  /** Resolves when every build started so far has ended (tests, shutdown). */
  settled(): Promise<void>;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Machine-readable extras kept in the development outbox (e.g. the verification code). */
  meta?: Record<string, string>;
}

export interface Mailer {
  readonly driver: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

export interface AppContext {
  config: Config;
  db: Db;
  dbKind: 'pglite' | 'postgres';
  /** A lock every instance on the database honours (connect.ts `DbLock`); quotas take turns on it. */
  dbLock: DbLock;
  /** The HNSW indexes of library vectors, one per embedding dimension (search.vector-index.ts). */
  vectorIndexes: LibraryVectorIndexes;
  log: FastifyBaseLogger;
  secrets: { jwt: string; encryption: string };
  storage: ObjectStorage;
  queue: JobQueue;
  mailer: Mailer;
  /** In-process events (e.g. "resource ready"), one bus per server. */
  events: EventBus;
  /** Providers configured by the environment (and a detected local Ollama), read-only for users. */
  providers: GlobalProviderList;
  startedAt: number;
  /** Every behaviour that depends on time (expiries, cool-downs) asks this clock. */
  clock: Clock;
}
