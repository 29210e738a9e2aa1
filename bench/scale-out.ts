// Scale-out (issue 13 point 7): the built server (apps/server/dist/main.js) as 2 `api` + 1 `worker`
// + 1 `collab` processes on loopback, on the PostgreSQL server and Redis already running (a scratch
// database created and dropped, a REDIS_PREFIX of its own whose keys are deleted at the end), under
// a mixed load for 60 s (`--seconds N`), then the same load against ONE process with every role on
// the same PostgreSQL + Redis (a fresh scratch database), and both side by side.
//
// The load, per user (`--users N`, default 4), all at once:
// - 2 REST lanes, each a closed loop of reads (canvas list, document detail, library list, hybrid
//   search) and writes (create and rename canvases and documents), 70/30;
// - live typing: an editor on the collab process appends a marker word to a document every 100 ms,
//   a second editor on the collab process must receive every marker (delivery time per edit), and
//   the document read back through the API at the end must hold every marker (0 lost edits);
// - API writes to live documents: `document.update` with new content through an api instance, an
//   editor on the collab process must see it (the change crosses instances through Redis);
// - skill runs: `skill.invoke` (queued, run by the worker) on a fake OpenAI-compatible model on
//   127.0.0.1, polled until the run has finished;
// - ingestion: pasted text and links to a fake page on 127.0.0.1, polled until the resource is
//   indexed (the worker parses, embeds with the fake model and indexes), then added to a canvas
//   through the API (`canvas.addResource`), where an editor on the collab process must see the node.
// Requests go to the two api instances in turn (client-side round-robin, no proxy); WebSockets go
// straight to the collab process. Every instance shares one DATA_DIR as local file storage (all on
// one machine). Errors are any non-success answer, thrown error, failed run or failed ingestion.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { Redis } from 'ioredis';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { getNode } from '@atelier/canvas';
import { startFakeModelServer, type FakeModelServer } from '../apps/server/test/helpers/fake-model-server.js';
import { freePort, percentile, scratchDatabase } from './lib.mjs';

const { values: opts } = parseArgs({
  options: {
    seconds: { type: 'string', default: process.env.BENCH_SECONDS ?? '60' },
    users: { type: 'string', default: process.env.BENCH_USERS ?? '4' },
  },
  allowPositionals: true,
});
const SECONDS = Number(opts.seconds);
const USERS = Number(opts.users);
if (!(SECONDS > 0) || !(USERS > 0)) throw new Error('--seconds and --users must be positive numbers');
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const TYPING_INTERVAL_MS = 100;
/** How long an edit, a run or an ingestion may take before it counts as lost or failed. */
const DEADLINE_MS = 60_000;

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const serverMain = join(root, 'apps', 'server', 'dist', 'main.js');
const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');

// ---------------------------------------------------------------------------------------------
// What has to be cleaned up, whatever happens (also on Ctrl-C)

const children = new Set<ChildProcess>();
/** `drop` of each scratch database, by name. */
const databases = new Map<string, () => Promise<void>>();
const redisPrefixes = new Set<string>();
const dirs = new Set<string>();
const closers: Array<() => Promise<unknown>> = [];

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}

/** Deletes every key under `prefix` (the job queue, rate-limit windows, the collab fan-out). */
async function deleteRedisKeys(prefix: string): Promise<number> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  let deleted = 0;
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) deleted += await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  return deleted;
}

let cleaning: Promise<void> | null = null;
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    await Promise.all([...children].map(stopChild));
    children.clear();
    for (const close of closers.splice(0)) await close().catch(() => undefined);
    for (const [name, drop] of databases)
      await drop().catch((e: unknown) => console.error(`drop ${name}:`, e));
    databases.clear();
    for (const prefix of redisPrefixes)
      await deleteRedisKeys(prefix).catch((e: unknown) => console.error(`redis keys ${prefix}*:`, e));
    redisPrefixes.clear();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    dirs.clear();
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the processes, dropping the scratch databases and Redis keys`);
    void cleanUp().finally(() => process.exit(130));
  });
}

// ---------------------------------------------------------------------------------------------
// The processes

interface Instance {
  label: string;
  base: string;
  child: ChildProcess;
  /** Log lines at level error or fatal (pino level ≥ 50) this process wrote. */
  errorLines: string[];
}

async function startInstance(label: string, roles: string, env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [serverMain], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      // the fake model servers listen on 127.0.0.1
      PROVIDER_ALLOW_PRIVATE_NETWORK: 'true',
      HOST: '127.0.0.1',
      PORT: String(port),
      ROLES: roles,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  const errorLines: string[] = [];
  let tail = '';
  const onLog = (chunk: Buffer) => {
    const text = tail + chunk.toString();
    const lines = text.split('\n');
    tail = lines.pop() ?? '';
    for (const line of lines) {
      const level = /"level":(\d+)/.exec(line);
      if ((level && Number(level[1]) >= 50) || (!level && line.trim())) errorLines.push(line.slice(0, 600));
    }
  };
  child.stdout!.on('data', onLog);
  child.stderr!.on('data', onLog);
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`${label} exited (${child.exitCode}):\n${errorLines.join('\n')}`);
    try {
      const res = await fetch(`${base}/v1/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 300_000)
      throw new Error(`${label} not healthy in 300 s:\n${errorLines.join('\n')}`);
    await sleep(50);
  }
  return { label, base, child, errorLines };
}

interface Topology {
  name: string;
  api: string[];
  collab: string;
  instances: Instance[];
}

async function startTopology(name: string, split: boolean): Promise<Topology> {
  const db = `atelier_scaleout_${runId}_${split ? 'split' : 'one'}`;
  const database = await scratchDatabase(ADMIN_URL, db);
  databases.set(db, database.drop);
  const prefix = `bench-scaleout-${runId}-${split ? 'split' : 'one'}`;
  redisPrefixes.add(prefix);
  const dataDir = mkdtempSync(join(tmpdir(), `atelier-scaleout-${split ? 'split' : 'one'}-`));
  dirs.add(dataDir);
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL,
    REDIS_PREFIX: prefix,
    // one local folder for every instance's files (they are on one machine)
    DATA_DIR: dataDir,
    STORAGE_DRIVER: 'fs',
    JWT_SECRET: randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    ACCESS_TOKEN_TTL: '1h',
    EMAIL_VERIFICATION: 'false',
    RATE_LIMIT_PER_IP: '100000000',
    AUTH_RATE_LIMIT_PER_IP: '100000',
    AUTH_RATE_LIMIT_PER_ACCOUNT: '100000',
    OLLAMA_DETECT: 'false',
    BUILTIN_TEMPLATES: 'false',
    // the fake page and the fake model are on 127.0.0.1
    FETCH_ALLOW_PRIVATE: 'true',
  };
  if (!split) {
    const one = await startInstance(`all roles`, 'api,worker,collab', env);
    return { name, api: [one.base], collab: one.base, instances: [one] };
  }
  // the first starts alone (it runs the migrations; the others would wait on the advisory lock)
  const api1 = await startInstance(`api-1`, 'api', env);
  const [api2, worker, collab] = await Promise.all([
    startInstance(`api-2`, 'api', env),
    startInstance(`worker`, 'worker', env),
    startInstance(`collab`, 'collab', env),
  ]);
  return { name, api: [api1.base, api2.base], collab: collab.base, instances: [api1, api2, worker, collab] };
}

// ---------------------------------------------------------------------------------------------
// Fake services on 127.0.0.1: the model (the project's test fake) and web pages to ingest

async function startFakePages(): Promise<{ base: string; server: Server }> {
  const server = createServer((req, res) => {
    const id = /^\/page\/([a-z0-9-]+)$/.exec(req.url ?? '')?.[1];
    if (!id) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html><head><title>Page ${id}</title></head><body><article><h1>Page ${id}</h1>` +
        `<p>This page ${id} is about green tea, oolong and the ways of brewing them at home.</p>` +
        `<p>Water just off the boil, three minutes, and a second steeping for page ${id}.</p></article></body></html>`,
    );
  });
  const port = await freePort();
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  return { base: `http://127.0.0.1:${port}`, server };
}

// ---------------------------------------------------------------------------------------------
// Figures

interface Kind {
  latencies: number[];
  /** Operations that ended inside the load window (throughput counts these only). */
  inWindow: number;
  errors: number;
}
class Figures {
  readonly kinds = new Map<string, Kind>();
  readonly samples: string[] = [];
  /** Typed edits that never reached the other editor, and those missing from the stored document. */
  lostDelivered = 0;
  lostStored = 0;
  /** API writes (document content, canvas nodes) an editor never saw. */
  lostApi = 0;
  typed = 0;
  startedAt = 0;
  /** End of the load window: no new operation starts after it; those running finish. */
  windowEnd = 0;
  endedAt = 0;
  errorLines = 0;

  kind(name: string): Kind {
    let k = this.kinds.get(name);
    if (!k) this.kinds.set(name, (k = { latencies: [], inWindow: 0, errors: 0 }));
    return k;
  }
  ok(name: string, ms: number) {
    const k = this.kind(name);
    k.latencies.push(ms);
    if (performance.now() <= this.windowEnd) k.inWindow += 1;
  }
  fail(name: string, err: unknown) {
    this.kind(name).errors += 1;
    if (this.samples.length < 12)
      this.samples.push(`${name}: ${err instanceof Error ? err.message : String(err)}`);
  }
  async time<T>(name: string, fn: () => Promise<T>): Promise<T | undefined> {
    const at = performance.now();
    try {
      const out = await fn();
      this.ok(name, performance.now() - at);
      return out;
    } catch (err) {
      this.fail(name, err);
      return undefined;
    }
  }
  get errors(): number {
    return [...this.kinds.values()].reduce((n, k) => n + k.errors, 0);
  }
  get ops(): number {
    return [...this.kinds.values()].reduce((n, k) => n + k.latencies.length, 0);
  }
  get lost(): number {
    return this.lostDelivered + this.lostStored + this.lostApi;
  }
  /** Operations per second in the window, of the kinds `pick` keeps. */
  rate(pick: (kind: string) => boolean = () => true): number {
    const ops = [...this.kinds.entries()].filter(([k]) => pick(k)).reduce((n, [, k]) => n + k.inWindow, 0);
    return ops / ((this.windowEnd - this.startedAt) / 1000);
  }
  get seconds(): number {
    return (this.endedAt - this.startedAt) / 1000;
  }
}

// ---------------------------------------------------------------------------------------------
// A user: an API session used on every api instance in turn, and editors on the collab process

class ApiError extends Error {}

class User {
  cookie = '';
  private turn = 0;
  constructor(
    private readonly top: Topology,
    first: number,
  ) {
    this.turn = first;
  }

  /** The next api instance (client-side round-robin). */
  next(): string {
    const base = this.top.api[this.turn % this.top.api.length]!;
    this.turn += 1;
    return base;
  }

  async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${this.next()}/v1${path}`, {
      method,
      headers: { cookie: this.cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const set = res.headers.getSetCookie().map((c) => c.split(';')[0]);
    if (set.length) this.cookie = set.join('; ');
    const text = await res.text();
    let json: { success?: boolean; data?: T; errCode?: string; errMsg?: string };
    try {
      json = JSON.parse(text) as typeof json;
    } catch {
      throw new ApiError(`${method} ${path}: HTTP ${res.status}, not JSON: ${text.slice(0, 200)}`);
    }
    if (!res.ok || !json.success)
      throw new ApiError(`${method} ${path}: HTTP ${res.status} ${json.errCode ?? ''} ${json.errMsg ?? ''}`);
    return json.data as T;
  }

  get<T>(path: string, query: Record<string, string> = {}): Promise<T> {
    const q = new URLSearchParams(query).toString();
    return this.call<T>('GET', q ? `${path}?${q}` : path);
  }

  /** An editor of `name` on the collab process (the token from an api instance). */
  async editor(name: string): Promise<Editor> {
    const { token } = await this.get<{ token: string }>('/collab/getToken');
    const socket = new HocuspocusProviderWebsocket({
      url: `${this.top.collab.replace(/^http/, 'ws')}/collab`,
      WebSocketPolyfill: WebSocket,
    });
    const doc = new Y.Doc();
    const provider = new HocuspocusProvider({ websocketProvider: socket, name, document: doc, token });
    provider.attach();
    const started = performance.now();
    while (!provider.isSynced) {
      if (performance.now() - started > 30_000) throw new Error(`no sync of ${name} in 30 s`);
      await sleep(10);
    }
    const editor = {
      doc,
      provider,
      destroy: () => {
        provider.destroy();
        socket.destroy();
      },
    };
    closers.push(async () => editor.destroy());
    return editor;
  }
}

interface Editor {
  doc: Y.Doc;
  provider: HocuspocusProvider;
  destroy(): void;
}

/** Resolves when `check` holds (checked on every update of `doc`), rejects after `ms`. */
function whenDoc(doc: Y.Doc, check: () => boolean, ms: number, what: string): Promise<void> {
  if (check()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onUpdate = () => {
      if (!check()) return;
      clearTimeout(timer);
      doc.off('update', onUpdate);
      resolve();
    };
    const timer = setTimeout(() => {
      doc.off('update', onUpdate);
      reject(new Error(`lost: ${what} not seen in ${ms} ms`));
    }, ms);
    doc.on('update', onUpdate);
  });
}

async function poll<T>(fetchOnce: () => Promise<T>, done: (v: T) => boolean, what: string): Promise<T> {
  const started = performance.now();
  for (;;) {
    const v = await fetchOnce();
    if (done(v)) return v;
    if (performance.now() - started > DEADLINE_MS) throw new Error(`${what}: not done in ${DEADLINE_MS} ms`);
    await sleep(100);
  }
}

// ---------------------------------------------------------------------------------------------
// The load

async function runLoad(top: Topology, fake: FakeModelServer, pages: string): Promise<Figures> {
  const f = new Figures();
  // users, each with a model provider (chat + embeddings on the fake model) and things to work on
  const users = await Promise.all(
    Array.from({ length: USERS }, async (_, u) => {
      const user = new User(top, u);
      await user.call('POST', '/auth/email/signup', {
        email: `scaleout-${u}-${runId}@example.com`,
        password: 'bench-password',
      });
      const provider = await user.call<{ providerId: string }>('POST', '/provider/create', {
        providerKey: 'openai-compatible',
        name: 'Fake',
        categories: ['llm', 'embedding'],
        baseUrl: `${fake.url}/v1`,
      });
      await user.call('POST', '/provider/item/create', {
        providerId: provider.providerId,
        name: 'fake-chat',
        category: 'llm',
        config: { modelId: 'fake-chat', modelName: 'Fake Chat' },
      });
      await user.call('POST', '/provider/item/create', {
        providerId: provider.providerId,
        name: 'Embed',
        category: 'embedding',
        config: { modelId: 'text-embedding-fake', modelName: 'Embed', dimensions: 4 },
      });
      const canvas = await user.call<{ canvasId: string }>('POST', '/canvas/create', { title: `Reads ${u}` });
      const readDoc = await user.call<{ docId: string }>('POST', '/knowledge/document/create', {
        title: `Reads ${u}`,
        initialContent: 'Oolong tea notes for reading.',
      });
      const liveDoc = await user.call<{ docId: string }>('POST', '/knowledge/document/create', {
        title: `Typing ${u}`,
        initialContent: 'start',
      });
      const apiDoc = await user.call<{ docId: string }>('POST', '/knowledge/document/create', {
        title: `API writes ${u}`,
        initialContent: 'api start',
      });
      const liveCanvas = await user.call<{ canvasId: string }>('POST', '/canvas/create', {
        title: `Live ${u}`,
      });
      const typer = await user.editor(`doc:${liveDoc.docId}`);
      const watcher = await user.editor(`doc:${liveDoc.docId}`);
      const apiWatcher = await user.editor(`doc:${apiDoc.docId}`);
      const canvasWatcher = await user.editor(`canvas:${liveCanvas.canvasId}`);
      return {
        u,
        user,
        canvas,
        readDoc,
        liveDoc,
        apiDoc,
        liveCanvas,
        typer,
        watcher,
        apiWatcher,
        canvasWatcher,
      };
    }),
  );

  f.startedAt = performance.now();
  f.windowEnd = f.startedAt + SECONDS * 1000;
  const running = () => performance.now() < f.windowEnd;

  const lanes = users.flatMap((s) => {
    const { u, user } = s;
    let n = 0;
    const rest = async () => {
      while (running()) {
        const pick = Math.random();
        const i = n++;
        if (pick < 0.2) await f.time('read: canvas list', () => user.get('/canvas/list', { pageSize: '20' }));
        else if (pick < 0.4)
          await f.time('read: document detail', () =>
            user.get('/knowledge/document/detail', { docId: s.readDoc.docId }),
          );
        else if (pick < 0.55)
          await f.time('read: library list', () => user.get('/knowledge/resource/list', { pageSize: '20' }));
        else if (pick < 0.7)
          await f.time('read: hybrid search', () =>
            user.call('POST', '/search', { query: 'oolong tea', mode: 'hybrid', limit: 10 }),
          );
        else if (pick < 0.78)
          await f.time('write: create canvas', () =>
            user.call('POST', '/canvas/create', { title: `C ${u}-${i}` }),
          );
        else if (pick < 0.86)
          await f.time('write: create document', () =>
            user.call('POST', '/knowledge/document/create', {
              title: `D ${u}-${i}`,
              initialContent: `note ${i}`,
            }),
          );
        else if (pick < 0.93)
          await f.time('write: rename canvas', () =>
            user.call('POST', '/canvas/update', { canvasId: s.canvas.canvasId, title: `Reads ${u} ${i}` }),
          );
        else
          await f.time('write: rename document', () =>
            user.call('POST', '/knowledge/document/update', {
              docId: s.readDoc.docId,
              title: `Reads ${u} ${i}`,
            }),
          );
      }
    };

    // live typing: one marker word every 100 ms, each must reach the other editor
    const typing = async () => {
      const text = (s.typer.doc.getXmlFragment('default').get(0) as Y.XmlElement).get(0) as Y.XmlText;
      const sent = new Map<number, number>();
      const pattern = new RegExp(`zq${u}n(\\d+)`, 'g');
      const fragment = s.watcher.doc.getXmlFragment('default');
      fragment.observeDeep((events) => {
        const now = performance.now();
        for (const event of events) {
          for (const op of event.delta) {
            if (typeof op.insert !== 'string') continue;
            for (const m of op.insert.matchAll(pattern)) {
              const at = sent.get(Number(m[1]));
              if (at === undefined) continue;
              f.ok('live: typing, editor to editor', now - at);
              sent.delete(Number(m[1]));
            }
          }
        }
      });
      let i = 0;
      let next = performance.now();
      while (running()) {
        sent.set(i, performance.now());
        text.insert(text.length, ` zq${u}n${i}`);
        i++;
        f.typed++;
        next += TYPING_INTERVAL_MS;
        await sleep(Math.max(0, next - performance.now()));
      }
      // every marker reaches the other editor…
      await whenDoc(s.watcher.doc, () => sent.size === 0, DEADLINE_MS, `typed edits of user ${u}`).catch(
        () => undefined,
      );
      f.lostDelivered += sent.size;
      if (sent.size) f.samples.push(`user ${u}: ${sent.size} typed edits never reached the other editor`);
      // …and is stored: the API's read of the document holds every one
      const want = Array.from({ length: i }, (_, k) => `zq${u}n${k}`);
      try {
        await poll(
          () => user.get<{ content?: string }>('/knowledge/document/detail', { docId: s.liveDoc.docId }),
          (d) => want.every((w) => (d.content ?? '').includes(w)),
          'typed edits stored',
        );
      } catch {
        const d = await user.get<{ content?: string }>('/knowledge/document/detail', {
          docId: s.liveDoc.docId,
        });
        const missing = want.filter((w) => !(d.content ?? '').includes(w)).length;
        f.lostStored += missing;
        f.samples.push(`user ${u}: ${missing} typed edits missing from the stored document`);
      }
    };

    // API writes (any api instance) reaching an editor on the collab process
    const apiWrites = async () => {
      const fragment = s.apiWatcher.doc.getXmlFragment('default');
      let i = 0;
      while (running()) {
        const marker = `apiq${u}w${i++}`;
        const at = performance.now();
        try {
          await user.call('POST', '/knowledge/document/update', {
            docId: s.apiDoc.docId,
            content: `API edit ${marker}`,
          });
          await whenDoc(s.apiWatcher.doc, () => fragment.toString().includes(marker), DEADLINE_MS, marker);
          f.ok('live: API write to editor', performance.now() - at);
        } catch (err) {
          if (err instanceof Error && err.message.startsWith('lost')) f.lostApi++;
          f.fail('live: API write to editor', err);
        }
      }
    };

    // skill runs on the worker, against the fake model
    const skills = async () => {
      let i = 0;
      while (running()) {
        await f.time('skill: queued run to finish', async () => {
          const { resultId } = await user.call<{ resultId: string }>('POST', '/skill/invoke', {
            input: { query: `Summarise oolong ${u}-${i++}` },
          });
          const done = await poll(
            () => user.get<{ status: string; errors?: unknown }>('/action/result', { resultId }),
            (r) => r.status === 'finish' || r.status === 'failed',
            `run ${resultId}`,
          );
          if (done.status !== 'finish')
            throw new Error(`run ${resultId} ${done.status} ${JSON.stringify(done.errors)}`);
        });
      }
    };

    // ingestion on the worker, then the resource onto a live canvas through the API
    const ingest = async () => {
      let i = 0;
      while (running()) {
        const link = i % 2 === 1;
        const id = `${u}-${i++}`;
        const resource = await f.time(
          link ? 'ingest: link to ready' : 'ingest: pasted text to ready',
          async () => {
            const created = await user.call<{ resourceId: string }>(
              'POST',
              '/knowledge/resource/create',
              link
                ? { resourceType: 'weblink', title: `Page ${id}`, data: { url: `${pages}/page/${id}` } }
                : {
                    resourceType: 'text',
                    title: `Notes ${id}`,
                    content: `# Notes ${id}\n\nOolong tea ${id} is partially oxidised; brew it at 90 degrees.`,
                  },
            );
            const done = await poll(
              () =>
                user.get<{ indexStatus: string }>('/knowledge/resource/detail', {
                  resourceId: created.resourceId,
                }),
              (r) => r.indexStatus === 'finish' || r.indexStatus.endsWith('failed'),
              `resource ${created.resourceId}`,
            );
            if (done.indexStatus !== 'finish')
              throw new Error(`resource ${created.resourceId} ${done.indexStatus}`);
            return created;
          },
        );
        if (!resource) continue;
        const at = performance.now();
        try {
          const added = await user.call<{ nodeId: string }>('POST', '/canvas/addResource', {
            canvasId: s.liveCanvas.canvasId,
            resourceId: resource.resourceId,
          });
          await whenDoc(
            s.canvasWatcher.doc,
            () => getNode(s.canvasWatcher.doc, added.nodeId) !== undefined,
            DEADLINE_MS,
            `node ${added.nodeId}`,
          );
          f.ok('live: API canvas node to editor', performance.now() - at);
        } catch (err) {
          if (err instanceof Error && err.message.startsWith('lost')) f.lostApi++;
          f.fail('live: API canvas node to editor', err);
        }
      }
    };
    return [rest(), rest(), typing(), apiWrites(), skills(), ingest()];
  });
  await Promise.all(lanes);
  f.endedAt = performance.now();
  for (const s of users) for (const e of [s.typer, s.watcher, s.apiWatcher, s.canvasWatcher]) e.destroy();
  return f;
}

// ---------------------------------------------------------------------------------------------
// Printing

const fmt = (n: number | undefined, digits = 0) =>
  n === undefined || Number.isNaN(n) ? '–' : n.toFixed(digits);

function printSideBySide(split: Figures, one: Figures): void {
  const kinds = [...new Set([...split.kinds.keys(), ...one.kinds.keys()])].sort();
  const row = (cells: string[]) => console.log(`| ${cells.join(' | ')} |`);
  row([
    'kind',
    'scaled out: ops/s',
    'p50 ms',
    'p95 ms',
    'errors',
    'one process: ops/s',
    'p50 ms',
    'p95 ms',
    'errors',
  ]);
  row(Array<string>(9).fill('---'));
  for (const name of kinds) {
    const cells = [name];
    for (const f of [split, one]) {
      const k = f.kinds.get(name) ?? { latencies: [], inWindow: 0, errors: 0 };
      cells.push(
        fmt(
          f.rate((x) => x === name),
          2,
        ),
        fmt(percentile(k.latencies, 50), 1),
        fmt(percentile(k.latencies, 95), 1),
        String(k.errors),
      );
    }
    row(cells);
  }
  // typing is paced (one edit per user every 100 ms), so it is left out of the throughput
  const closedLoop = (k: string) => !k.startsWith('live: typing');
  const rest = (k: string) => k.startsWith('read') || k.startsWith('write');
  const ratio = (pick: (k: string) => boolean) =>
    `scaled out ${fmt(split.rate(pick), 2)}/s, one process ${fmt(one.rate(pick), 2)}/s, ratio ${fmt(split.rate(pick) / one.rate(pick), 2)}`;
  console.log(
    `\nthroughput in the ${SECONDS} s window, every kind but the paced typing: ${ratio(closedLoop)}`,
  );
  console.log(`throughput of reads + writes: ${ratio(rest)}`);
  for (const [label, f] of [
    ['scaled out', split],
    ['one process', one],
  ] as const) {
    console.log(
      `${label}: ${f.ops} operations (window ${SECONDS} s, the last running ones ended after ${fmt(f.seconds, 1)} s), errors ${f.errors}; ` +
        `typed edits ${f.typed}: ${f.lostDelivered} never reached the other editor, ${f.lostStored} missing from the stored document; ` +
        `API writes no editor saw ${f.lostApi}; server error log lines ${f.errorLines}`,
    );
    for (const s of f.samples) console.log(`  ${s}`);
  }
  const ok = [split, one].every((f) => f.errors === 0 && f.lost === 0);
  console.log(`goal 0 errors, 0 lost edits: ${ok ? 'met' : 'NOT met'}`);
}

// ---------------------------------------------------------------------------------------------

let exitCode = 0;
try {
  if (!existsSync(serverMain)) throw new Error('Build the server first: npm run build -w @atelier/server');
  console.log(
    `scale-out: ${SECONDS} s of load, ${USERS} users; ${cpus().length} cores, node ${process.version}; load average at start ${load()}`,
  );
  const fake = await startFakeModelServer();
  closers.push(() => fake.close());
  const pages = await startFakePages();
  closers.push(() => new Promise((r) => pages.server.close(r)));

  const measure = async (name: string, split: boolean): Promise<Figures> => {
    const top = await startTopology(name, split);
    console.log(`${name}: ${top.instances.map((i) => `${i.label} ${i.base}`).join(', ')}; load ${load()}`);
    const f = await runLoad(top, fake, pages.base);
    console.log(`${name}: done in ${fmt(f.seconds, 1)} s; load ${load()}`);
    // the fake model keeps every request: drop them between runs
    fake.requests.length = 0;
    await Promise.all(top.instances.map((i) => stopChild(i.child)));
    f.errorLines = top.instances.reduce((n, i) => n + i.errorLines.length, 0);
    for (const i of top.instances)
      for (const line of i.errorLines.slice(0, 3)) f.samples.push(`${i.label} logged: ${line.slice(0, 300)}`);
    return f;
  };
  const split = await measure('scaled out (2 api + 1 worker + 1 collab)', true);
  const one = await measure('one process (api,worker,collab)', false);
  console.log('');
  printSideBySide(split, one);
  console.log(`load average at the end ${load()}`);
  if ([split, one].some((f) => f.errors || f.lost)) exitCode = 1;
} catch (err) {
  console.error(err);
  exitCode = 1;
} finally {
  await cleanUp();
}
process.exit(exitCode);
