// Collaboration at load (issue 13, point 5). Many real WebSocket clients (HocuspocusProvider +
// Yjs, the provider the web app uses, here on the `ws` package) edit documents through the
// server's /collab endpoint; the same clients, edits and pacing run against a bare Hocuspocus
// server (same @hocuspocus/server version, no hooks, no extensions) in the same run.
//
// Scenarios: A) CLIENTS clients on one document; B) DOCS documents × PER_DOC clients each. In
// both, EDITS edits are sent at RATE edits/s, round-robin over the clients. An edit types
// `[id]` at the end of the document's first paragraph (as the editor does), and, like the
// editor's caret plugin, moves the typing client's cursor in the awareness; every client
// publishes its user in the awareness when it opens the document, as the web app does. Each
// client records when it observes each edit (the id in the inserted text; send times are kept
// in this process, so one clock measures both ends).
//
// Figures: delivery (edit sent until a client has it) p50/p95/max over every (edit, other
// client) pair, convergence (first edit sent until every client has every edit and the clients
// of a document hold equal state vectors and text), edits lost (pairs never delivered), and the
// messages the clients received. Each server is its own process; the clients all run in this
// one, on the same 2 cores as the server: the load generator competes with what it measures.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadavg } from 'node:os';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { startBenchServer } from './bench-server.js';
import { freePort, maxOf, percentile, waitForHealth } from './lib.mjs';

const EDITS = Number(process.env.BENCH_EDITS ?? 900);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 300);
const DOCS = Number(process.env.BENCH_DOCS ?? 50);
const PER_DOC = Number(process.env.BENCH_PER_DOC ?? 10);
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 180_000);
/** Which servers to measure: `ours,bare` (default), or one of them. */
const SERVERS = (process.env.BENCH_SERVERS ?? 'ours,bare').split(',');
/** Which scenarios: `one,many` (default), or one of them. */
const SCENARIOS = (process.env.BENCH_SCENARIOS ?? 'one,many').split(',');
const CONNECT_PARALLEL = 10;

const here = dirname(fileURLToPath(import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const fmt = (n: number, digits = 0) =>
  Number.isFinite(n)
    ? n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : String(n);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** A server the clients connect to: where, and a token for a document name. */
interface Target {
  label: string;
  url: string;
  token(): Promise<string>;
  /** Creates a document and returns its collab name. */
  createDocument(i: number): Promise<string>;
}

interface Client {
  doc: Y.Doc;
  docIndex: number;
  provider: HocuspocusProvider;
  socket: HocuspocusProviderWebsocket;
  text: Y.XmlText | null;
  /** seen[edit] = 1 once this client has the edit. */
  seen: Uint8Array;
  count: number;
}

interface Run {
  sentAt: Float64Array;
  /** The document each edit is typed into. */
  editDoc: Int32Array;
  delays: number[];
  lastArrival: number;
  messages: number;
}

const ID = /\[(\d+)\]/g;

function paragraphText(doc: Y.Doc): Y.XmlText | null {
  const paragraph = doc.getXmlFragment('default').get(0);
  if (!(paragraph instanceof Y.XmlElement)) return null;
  const text = paragraph.get(0);
  return text instanceof Y.XmlText ? text : null;
}

async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const start = performance.now();
  while (!check()) {
    if (performance.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

async function connect(
  target: Target,
  name: string,
  docIndex: number,
  run: Run,
  token: string,
): Promise<Client> {
  const socket = new HocuspocusProviderWebsocket({ url: target.url, WebSocketPolyfill: WebSocket });
  const doc = new Y.Doc();
  const provider = new HocuspocusProvider({ websocketProvider: socket, name, document: doc, token });
  const client: Client = {
    doc,
    docIndex,
    provider,
    socket,
    text: null,
    seen: new Uint8Array(EDITS),
    count: 0,
  };
  provider.on('message', () => void (run.messages += 1));
  provider.attach();
  await until(() => provider.isSynced, TIMEOUT_MS, `sync of ${name}`);
  // the web app publishes who is here as soon as the document opens
  provider.setAwarenessField('user', { name: `Bench user ${docIndex}`, color: '#1677ff' });
  return client;
}

/** Starts observing the paragraph: every `[id]` typed into it is an edit arriving at this client. */
function observe(client: Client, run: Run): void {
  const text = paragraphText(client.doc);
  if (!text) throw new Error('the document has no paragraph');
  client.text = text;
  text.observe((event) => {
    const now = performance.now();
    for (const op of event.delta) {
      if (typeof op.insert !== 'string') continue;
      for (const match of op.insert.matchAll(ID)) {
        const id = Number(match[1]);
        if (id >= EDITS || client.seen[id]) continue;
        client.seen[id] = 1;
        client.count += 1;
        if (event.transaction.local) continue; // the typing client itself
        run.delays.push(now - run.sentAt[id]!);
        if (now > run.lastArrival) run.lastArrival = now;
      }
    }
  });
}

interface Result {
  label: string;
  connectMs: number;
  delays: number[];
  convergenceMs: number;
  afterLastEditMs: number;
  lost: number;
  messages: number;
  sendSpanMs: number;
}

async function scenario(target: Target, docs: number, perDoc: number): Promise<Result> {
  const run: Run = {
    sentAt: new Float64Array(EDITS),
    editDoc: new Int32Array(EDITS),
    delays: [],
    lastArrival: 0,
    messages: 0,
  };
  const names: string[] = [];
  for (let d = 0; d < docs; d++) names.push(await target.createDocument(d));
  const token = await target.token();
  const clients: Client[][] = names.map(() => []);
  const connectStart = performance.now();
  // The first client of each document opens it (and, on the bare server, writes the paragraph
  // our server's document starts with); the rest connect CONNECT_PARALLEL at a time.
  for (let d = 0; d < docs; d++) {
    const first = await connect(target, names[d]!, d, run, token);
    if (!paragraphText(first.doc)) {
      first.doc.transact(() => {
        const paragraph = new Y.XmlElement('paragraph');
        paragraph.insert(0, [new Y.XmlText('start')]);
        first.doc.getXmlFragment('default').insert(0, [paragraph]);
      });
      await until(() => !first.provider.hasUnsyncedChanges, 10_000, 'the seeded paragraph');
    }
    clients[d]!.push(first);
  }
  const rest: Array<[number, string]> = [];
  for (let k = 1; k < perDoc; k++) for (let d = 0; d < docs; d++) rest.push([d, names[d]!]);
  for (let i = 0; i < rest.length; i += CONNECT_PARALLEL) {
    const batch = await Promise.all(
      rest.slice(i, i + CONNECT_PARALLEL).map(([d, name]) => connect(target, name, d, run, token)),
    );
    for (const c of batch) clients[c.docIndex]!.push(c);
  }
  const all = clients.flat();
  await until(
    () => all.every((c) => paragraphText(c.doc) !== null),
    30_000,
    'every client to have the paragraph',
  );
  for (const c of all) observe(c, run);
  const connectMs = performance.now() - connectStart;
  // let the awareness of the last joins settle before typing starts
  await sleep(1000);
  run.messages = 0;

  // Typing: edit i by the (i / docs)-th client of document i % docs, at RATE edits/s.
  const interval = 1000 / RATE;
  const start = performance.now();
  for (let i = 0; i < EDITS; i++) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    const d = i % docs;
    const list = clients[d]!;
    const c = list[Math.floor(i / docs) % list.length]!;
    const text = c.text!;
    run.editDoc[i] = d;
    run.sentAt[i] = performance.now();
    text.insert(text.length, `[${i}]`);
    // the caret plugin moves this client's cursor in the awareness after each keystroke
    const at = Y.relativePositionToJSON(Y.createRelativePositionFromTypeIndex(text, text.length));
    c.provider.setAwarenessField('cursor', { anchor: at, head: at });
  }
  const lastSent = performance.now();
  const expected = (d: number) => {
    let n = 0;
    for (let i = 0; i < EDITS; i++) if (run.editDoc[i] === d) n += 1;
    return n;
  };
  const perDocExpected = names.map((_, d) => expected(d));
  const converged = () =>
    all.every((c) => c.count === perDocExpected[c.docIndex]) &&
    clients.every((list) => {
      const vector = Buffer.from(Y.encodeStateVector(list[0]!.doc));
      const content = list[0]!.text!.toString();
      return list.every(
        (c) => Buffer.from(Y.encodeStateVector(c.doc)).equals(vector) && c.text!.toString() === content,
      );
    });
  let convergedAt = Number.NaN;
  try {
    await until(converged, TIMEOUT_MS, 'convergence');
    convergedAt = performance.now();
  } catch {
    // reported as lost edits below
  }
  let lost = 0;
  for (const c of all)
    for (let i = 0; i < EDITS; i++) if (run.editDoc[i] === c.docIndex && !c.seen[i]) lost += 1;
  const result: Result = {
    label: target.label,
    connectMs,
    delays: run.delays,
    convergenceMs: convergedAt - start,
    afterLastEditMs: convergedAt - lastSent,
    lost,
    messages: run.messages,
    sendSpanMs: lastSent - start,
  };
  for (const c of all) {
    c.provider.destroy();
    c.socket.destroy();
  }
  return result;
}

function report(what: string, r: Result, goalP95: number, goalConvergence?: number): void {
  const p95 = percentile(r.delays, 95);
  const met =
    r.lost === 0 && p95 < goalP95 && (goalConvergence === undefined || r.convergenceMs < goalConvergence);
  console.log(
    `${r.label} — ${what}: connect+sync ${fmt(r.connectMs)} ms; ${EDITS} edits sent in ${fmt(r.sendSpanMs)} ms; ` +
      `delivery p50 ${fmt(percentile(r.delays, 50), 1)} ms, p95 ${fmt(p95, 1)} ms, max ${fmt(maxOf(r.delays), 1)} ms ` +
      `(${r.delays.length} deliveries); convergence ${fmt(r.convergenceMs)} ms after the first edit ` +
      `(${fmt(r.afterLastEditMs)} ms after the last); lost ${r.lost}; messages to clients ${r.messages}` +
      (r.label === 'ours' ? `; goal ${met ? 'met' : 'NOT met'}` : '') +
      `; load ${load()}`,
  );
}

async function startBare(): Promise<{ target: Target; stop(): Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', join(here, 'collab-bare-server.ts')], {
    cwd: join(here, '..'),
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`bare Hocuspocus exited (${code})`)));
  });
  let n = 0;
  return {
    target: {
      label: 'bare Hocuspocus',
      url: `ws://127.0.0.1:${port}`,
      token: () => Promise.resolve('bare'),
      createDocument: () => Promise.resolve(`bench-${Date.now()}-${(n += 1)}`),
    },
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

console.log(
  `collab-load: ${EDITS} edits at ${RATE}/s; A) ${CLIENTS} clients × 1 document, B) ${DOCS} documents × ${PER_DOC} clients; ` +
    `clients in this process, each server in its own; load ${load()}`,
);
// BENCH_PROFILE_DIR: our server writes a CPU profile there when it stops (--cpu-prof).
const profileDir = process.env.BENCH_PROFILE_DIR;
const ours = await startBenchServer(
  'collab-load',
  {},
  profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
);
const bare = await startBare();
try {
  // on a busy machine the server may take minutes to start; signUp alone waits 2
  const healthyMs = await waitForHealth(ours.base, 600_000);
  console.log(`ours: healthy after ${fmt(healthyMs)} ms; load ${load()}`);
  await ours.signUp();
  const oursTarget: Target = {
    label: 'ours',
    url: '',
    token: async () => {
      const { token, url } = await ours.api<{ token: string; url: string }>('GET', '/collab/getToken');
      oursTarget.url = url;
      return token;
    },
    createDocument: async (i) => {
      const { docId } = await ours.api<{ docId: string }>('POST', '/knowledge/document/create', {
        title: `Load ${i}`,
        initialContent: 'start',
      });
      return `doc:${docId}`;
    },
  };
  await oursTarget.token();
  const targets = [
    ...(SERVERS.includes('ours') ? [oursTarget] : []),
    ...(SERVERS.includes('bare') ? [bare.target] : []),
  ];
  if (SCENARIOS.includes('one')) {
    for (const t of targets)
      report(`${CLIENTS} clients × 1 document`, await scenario(t, 1, CLIENTS), 2000, 10_000);
  }
  if (SCENARIOS.includes('many')) {
    for (const t of targets)
      report(`${DOCS} documents × ${PER_DOC} clients`, await scenario(t, DOCS, PER_DOC), 200);
  }
  console.log('goals: A) 0 lost, p95 < 2 s, convergence < 10 s; B) 0 lost, p95 < 200 ms');
} finally {
  await bare.stop();
  await ours.stop();
}
process.exit(0);
