// Collaboration latency: two Yjs clients on loopback edit a document and a canvas through the
// server's /collab WebSocket. For N sequential edits by client A we measure propagation (A's
// edit until client B has it) and acknowledgement (until the server confirmed A's edit, which
// it does only after logging it in the database). Goal: propagation p95 < 50 ms.
// The server runs as its own process (from source, through tsx), so clients and server do not
// share an event loop.
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { addNode, updateNode } from '@atelier/canvas';
import { startBenchServer } from './bench-server.js';
import { maxOf, percentile } from './lib.mjs';

const fmt = (n: number, digits = 0) => n.toFixed(digits);

const EDITS = Number(process.env.BENCH_EDITS ?? 500);
const server = await startBenchServer('collab');
const { api } = server;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const start = performance.now();
  while (!check()) {
    if (performance.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setImmediate(r));
  }
}

interface Client {
  doc: Y.Doc;
  provider: HocuspocusProvider;
  destroy(): void;
}
async function connect(name: string): Promise<Client> {
  const { token, url } = await api<{ token: string; url: string }>('GET', '/collab/getToken');
  const socket = new HocuspocusProviderWebsocket({ url, WebSocketPolyfill: WebSocket });
  const doc = new Y.Doc();
  const provider = new HocuspocusProvider({ websocketProvider: socket, name, document: doc, token });
  provider.attach();
  await until(() => provider.isSynced, 10_000, `sync of ${name}`);
  return { doc, provider, destroy: () => (provider.destroy(), socket.destroy()) };
}

interface Figures {
  propagation: number[];
  ack: number[];
}
/** Runs `edit` on A EDITS times; each time waits until B has it and A's edit is acknowledged. */
async function measure(a: Client, b: Client, edit: (i: number) => void): Promise<Figures> {
  const figures: Figures = { propagation: [], ack: [] };
  let received = 0;
  b.doc.on('update', () => void (received += 1));
  for (let i = 0; i < EDITS; i++) {
    const before = received;
    const t0 = performance.now();
    edit(i);
    let seen = 0;
    let acked = 0;
    await until(
      () => {
        const now = performance.now();
        if (!seen && received > before) seen = now;
        if (!acked && !a.provider.hasUnsyncedChanges) acked = now;
        return Boolean(seen && acked);
      },
      5000,
      `edit ${i}`,
    );
    figures.propagation.push(seen - t0);
    figures.ack.push(acked - t0);
  }
  return figures;
}

function report(label: string, f: Figures): boolean {
  const p95 = percentile(f.propagation, 95);
  console.log(
    `${label}: ${EDITS} edits, propagation p50 ${fmt(percentile(f.propagation, 50), 1)} ms, p95 ${fmt(p95, 1)} ms, max ${fmt(maxOf(f.propagation), 1)} ms; ` +
      `acknowledged (logged in the database) p50 ${fmt(percentile(f.ack, 50), 1)} ms, p95 ${fmt(percentile(f.ack, 95), 1)} ms`,
  );
  return p95 < 50;
}

let ok = true;
try {
  await server.signUp();

  const document = await api<{ docId: string }>('POST', '/knowledge/document/create', {
    title: 'Bench',
    initialContent: 'start',
  });
  const [da, db] = [await connect(`doc:${document.docId}`), await connect(`doc:${document.docId}`)];
  const paragraph = da.doc.getXmlFragment('default').get(0) as Y.XmlElement;
  const text = paragraph.get(0) as Y.XmlText;
  await sleep(200);
  ok =
    report(
      'document (typing one character per edit)',
      await measure(da, db, (i) => text.insert(text.length, String(i % 10))),
    ) && ok;
  da.destroy();
  db.destroy();

  const canvas = await api<{ canvasId: string }>('POST', '/canvas/create', { title: 'Bench' });
  const [ca, cb] = [await connect(`canvas:${canvas.canvasId}`), await connect(`canvas:${canvas.canvasId}`)];
  const node = addNode(ca.doc, { type: 'memo', position: { x: 0, y: 0 }, data: { title: 'dragged' } });
  await sleep(200);
  ok =
    report(
      'canvas (moving a node per edit)',
      await measure(ca, cb, (i) => updateNode(ca.doc, node.id, { position: { x: i + 1, y: i % 7 } })),
    ) && ok;
  ca.destroy();
  cb.destroy();
  console.log(`goal p95 < 50 ms: ${ok ? 'met' : 'NOT met'}`);
} finally {
  await server.stop();
}
process.exit(ok ? 0 : 1);
