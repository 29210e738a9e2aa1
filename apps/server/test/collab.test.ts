/**
 * Live collaboration over the `/collab` WebSocket: tokens, who may open what, two clients
 * converging on a canvas and on a document, read-only refusal, the node limit, API writes
 * reaching open editors, and snapshots derived on store.
 */
import { afterAll, describe, expect } from 'vitest';
import type * as Y from 'yjs';
import { addNode, getCanvasSnapshot, getNodeCount } from '@atelier/canvas';
import { markdownToYDoc, yDocToMarkdown } from '@atelier/editor';
import { connectCollab, openCollab, waitUntil, type CollabClient } from './helpers/collab-client.js';
import { type BuiltUser } from './helpers/factories.js';
import { serverTest } from './helpers/fixtures.js';

const it = serverTest({ CANVAS_MAX_NODES: '5', RATE_LIMIT_PER_IP: '100000' });

const open: CollabClient[] = [];

async function track(client: Promise<CollabClient>): Promise<CollabClient> {
  const c = await client;
  open.push(c);
  return c;
}

afterAll(async () => {
  for (const c of open.splice(0)) c.destroy();
});

async function newCanvas(user: BuiltUser, body: Record<string, unknown> = {}) {
  return user.client.api.call('canvas.create', { body: { title: 'Live', ...body } });
}
async function newDocument(user: BuiltUser, initialContent?: string) {
  return user.client.api.call('knowledge.document.create', { body: { title: 'Notes', initialContent } });
}

describe('collab tokens', () => {
  it('GET /v1/collab/getToken answers a 5-minute token and the ws URL on the same port', async ({
    server,
    alice,
  }) => {
    const res = await alice.client.api.call('collab.getToken');
    expect(res.expiresIn).toBe(300);
    expect(res.url).toBe(`${server.url.replace('http', 'ws')}/collab`);
    const [, payload] = res.token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    expect(claims).toMatchObject({ sub: alice.uid, aud: 'atelier-collab' });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(300);
  });

  it('needs a session (401 without one)', async ({ server }) => {
    const res = await server.client().json('GET', '/v1/collab/getToken');
    expect(res.status).toBe(401);
  });

  it('refuses WebSocket upgrades on other paths', async ({ server }) => {
    const { WebSocket } = await import('ws');
    const ws = new WebSocket(`${server.url.replace('http', 'ws')}/not-collab`);
    const outcome = await new Promise<string>((resolve) => {
      ws.on('open', () => resolve('open'));
      ws.on('error', () => resolve('error'));
      ws.on('unexpected-response', (_req, res) => resolve(`status ${res.statusCode}`));
    });
    ws.terminate();
    expect(outcome).not.toBe('open');
  });
});

describe('who may open a document', () => {
  it("refuses user B on user A's canvas and document, and a bad or foreign token", async ({ alice, bob }) => {
    const canvas = await newCanvas(alice);
    const doc = await newDocument(alice, 'secret');
    for (const name of [`canvas:${canvas.canvasId}`, `doc:${doc.docId}`]) {
      const asBob = await connectCollab(bob.client, name);
      expect(asBob.client, name).toBeNull();
      expect(asBob.denied).toBe('permission-denied');
    }
    const token = await alice.client.api.call('collab.getToken');
    const forged = await connectCollab(alice.client, `doc:${doc.docId}`, {
      url: token.url,
      token: `${token.token}x`,
    });
    expect(forged.denied).toBe('invalid-token');
    const missing = await connectCollab(alice.client, 'doc:d-doesnotexist');
    expect(missing.denied).toBe('permission-denied');
    const odd = await connectCollab(alice.client, 'something-else');
    expect(odd.denied).toBe('unknown-document');
  });
});

describe('two clients converge', () => {
  it('on a canvas: nodes added on either side show on both, and /canvas/data reads the live state', async ({
    alice,
  }) => {
    const canvas = await newCanvas(alice);
    const name = `canvas:${canvas.canvasId}`;
    const a = await track(openCollab(alice.client, name));
    const b = await track(openCollab(alice.client, name));
    addNode(a.doc, { id: 'n-a', type: 'memo', position: { x: 0, y: 0 }, data: { title: 'from A' } });
    addNode(b.doc, { id: 'n-b', type: 'memo', position: { x: 100, y: 0 }, data: { title: 'from B' } });
    await waitUntil(
      () => getNodeCount(a.doc) === 2 && getNodeCount(b.doc) === 2,
      5000,
      'both nodes on both clients',
    );
    expect(getCanvasSnapshot(a.doc)).toEqual(getCanvasSnapshot(b.doc));
    await Promise.all([a.acknowledged(), b.acknowledged()]);
    const data = await alice.client.api.call('canvas.data', { query: { canvasId: canvas.canvasId } });
    expect(data.nodes.map((n) => n.data.title).sort()).toEqual(['from A', 'from B']);
    expect(data.owner?.uid).toBe(alice.uid);
  });

  it('on a document: concurrent typing merges, and the Markdown snapshot follows', async ({ alice }) => {
    const doc = await newDocument(alice, 'Hello');
    const name = `doc:${doc.docId}`;
    const a = await track(openCollab(alice.client, name));
    const b = await track(openCollab(alice.client, name));
    expect(yDocToMarkdown(a.doc)).toBe('Hello\n');
    markdownToYDoc('Hello\n\nA wrote this', a.doc);
    await waitUntil(() => yDocToMarkdown(b.doc).includes('A wrote this'), 5000, 'A on B');
    markdownToYDoc('Hello\n\nA wrote this\n\nB wrote 中文', b.doc);
    await waitUntil(() => yDocToMarkdown(a.doc).includes('B wrote 中文'), 5000, 'B on A');
    expect(yDocToMarkdown(a.doc)).toBe(yDocToMarkdown(b.doc));
    await Promise.all([a.acknowledged(), b.acknowledged()]);
    // Detail reads the live document while it is open.
    const detail = await alice.client.api.call('knowledge.document.detail', { query: { docId: doc.docId } });
    expect(detail.content).toBe('Hello\n\nA wrote this\n\nB wrote 中文\n');
    expect(detail.contentPreview).toBe('Hello A wrote this B wrote 中文');
  });
});

describe('API writes reach open editors', () => {
  it('document update with content shows in a connected client', async ({ alice }) => {
    const doc = await newDocument(alice, 'before');
    const a = await track(openCollab(alice.client, `doc:${doc.docId}`));
    const updated = await alice.client.api.call('knowledge.document.update', {
      body: { docId: doc.docId, content: '# After\n\nfrom the API' },
    });
    expect(updated.contentPreview).toBe('After from the API');
    await waitUntil(
      () => yDocToMarkdown(a.doc) === '# After\n\nfrom the API\n',
      5000,
      'API content on the client',
    );
  });
});

describe('read-only', () => {
  it('a read-only document connects read-only and its edits are refused (not stored, not relayed)', async ({
    alice,
  }) => {
    const doc = await newDocument(alice, 'fixed text');
    await alice.client.api.call('knowledge.document.update', { body: { docId: doc.docId, readOnly: true } });
    const watcher = await connectCollab(alice.client, `doc:${doc.docId}`);
    expect(watcher.readOnly).toBe(true);
    open.push(watcher.client!);
    const editor = await track(openCollab(alice.client, `doc:${doc.docId}`));
    markdownToYDoc('vandalised', editor.doc);
    // positive signal: the server has handled the edit and answered that it was not applied
    await waitUntil(() => editor.refusals() > 0, 5000, 'the refusal of the edit');
    expect(yDocToMarkdown(watcher.client!.doc)).toBe('fixed text\n');
    const detail = await alice.client.api.call('knowledge.document.detail', { query: { docId: doc.docId } });
    expect(detail.content).toBe('fixed text\n');
  });

  it('turning read-only on applies to connections already open', async ({ alice }) => {
    const canvas = await newCanvas(alice);
    const name = `canvas:${canvas.canvasId}`;
    const a = await track(openCollab(alice.client, name));
    addNode(a.doc, { id: 'kept', type: 'memo', position: { x: 0, y: 0 }, data: { title: 'kept' } });
    await a.acknowledged();
    await alice.client.api.call('canvas.update', { body: { canvasId: canvas.canvasId, readOnly: true } });
    // the open client is told, so its screen can stop offering edits
    const told = (readOnly: boolean) =>
      a.stateless.some((s) => s === JSON.stringify({ source: 'server', type: 'readOnly', readOnly }));
    await waitUntil(() => told(true), 5000, 'the read-only message');
    const refusedBefore = a.refusals();
    addNode(a.doc, { id: 'refused', type: 'memo', position: { x: 0, y: 0 }, data: { title: 'refused' } });
    await waitUntil(() => a.refusals() > refusedBefore, 5000, 'the refusal of the edit');
    const data = await alice.client.api.call('canvas.data', { query: { canvasId: canvas.canvasId } });
    expect(data.nodes.map((n) => n.id)).toEqual(['kept']);
    // The owner can still switch it off again, and the client hears that too.
    const back = await alice.client.api.call('canvas.update', {
      body: { canvasId: canvas.canvasId, readOnly: false },
    });
    expect(back.readOnly).toBe(false);
    await waitUntil(() => told(false), 5000, 'the writable-again message');
  });
});

describe('node limit over collab', () => {
  it('refuses an edit that would take a canvas past CANVAS_MAX_NODES, telling the client why', async ({
    alice,
  }) => {
    const canvas = await newCanvas(alice);
    const a = await track(openCollab(alice.client, `canvas:${canvas.canvasId}`));
    for (let i = 0; i < 5; i++)
      addNode(a.doc, { id: `n${i}`, type: 'memo', position: { x: i, y: 0 }, data: { title: `${i}` } });
    await a.acknowledged();
    addNode(a.doc, { id: 'n5', type: 'memo', position: { x: 9, y: 0 }, data: { title: 'one too many' } });
    await waitUntil(() => a.closes.includes('node limit reached'), 5000, 'close with the reason');
    expect(a.stateless.map((s) => JSON.parse(s) as unknown)).toContainEqual({
      source: 'server',
      type: 'error',
      errCode: 'E0003',
      message: 'node limit reached',
    });
    const data = await alice.client.api.call('canvas.data', { query: { canvasId: canvas.canvasId } });
    expect(data.nodes).toHaveLength(5);
  });
});

describe('content limit over collab', () => {
  it('refuses an edit that would take a document past 100k characters (E2004), and keeps what was there', async ({
    alice,
  }) => {
    const doc = await newDocument(alice, 'a'.repeat(99_950));
    const a = await track(openCollab(alice.client, `doc:${doc.docId}`));
    const text = (a.doc.getXmlFragment('default').get(0) as Y.XmlElement).get(0) as Y.XmlText;
    text.insert(text.length, 'b'.repeat(40));
    await a.acknowledged();
    text.insert(text.length, 'c'.repeat(100));
    await waitUntil(
      () => a.closes.some((r) => r.startsWith('Content too large')),
      5000,
      'close with the reason',
    );
    expect(a.stateless.map((s) => (JSON.parse(s) as { errCode: string }).errCode)).toContain('E2004');
    const detail = await alice.client.api.call('knowledge.document.detail', { query: { docId: doc.docId } });
    expect(detail.content).toBe(`${'a'.repeat(99_950)}${'b'.repeat(40)}\n`);
  });
});

describe('derived snapshots', () => {
  it('stores the canvas JSON and node count once the debounced store runs', async ({ server, alice }) => {
    const canvas = await newCanvas(alice);
    const a = await track(openCollab(alice.client, `canvas:${canvas.canvasId}`));
    addNode(a.doc, {
      id: 'x',
      type: 'memo',
      position: { x: 1, y: 1 },
      data: { title: 'stored', contentPreview: 'p' },
    });
    await a.acknowledged();
    const { canvases } = await import('../src/db/schema/canvas.js');
    const { eq } = await import('drizzle-orm');
    const db = server.server.ctx.db;
    const read = async () =>
      (await db.select().from(canvases).where(eq(canvases.canvasId, canvas.canvasId)))[0];
    const deadline = Date.now() + 15_000;
    let row = await read();
    while (row?.nodeCount !== 1 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      row = await read();
    }
    expect(row?.nodeCount).toBe(1);
    expect(row?.snapshot?.nodes[0]?.data.title).toBe('stored');
  });
});

describe('presence (awareness)', () => {
  it("relays a client's presence on a canvas, a read-only viewer's too, and drops it when the client's socket goes", async ({
    alice,
  }) => {
    const canvas = await newCanvas(alice);
    const name = `canvas:${canvas.canvasId}`;
    const a = await track(openCollab(alice.client, name));
    const b = await track(openCollab(alice.client, name));
    const idOf = (c: CollabClient) => c.provider.awareness!.clientID;
    const seen = (watcher: CollabClient, from: CollabClient) =>
      watcher.provider.awareness!.getStates().get(idOf(from)) as
        { user?: { name?: string }; pointer?: { x: number }; selectedNodes?: string[] } | undefined;

    a.provider.awareness!.setLocalState({
      user: { name: 'Alice', color: 'var(--ant-blue-6)' },
      pointer: { x: 10, y: 20 },
      selectedNodes: ['n-1'],
    });
    await waitUntil(() => seen(b, a)?.pointer?.x === 10, 5000, "A's pointer on B");
    // the name is the server's (Alice has no nickname: the neutral one), not what the client wrote
    expect(seen(b, a)).toMatchObject({ user: { name: 'Collaborator' }, selectedNodes: ['n-1'] });

    // a read-only canvas: its viewers cannot edit, but they are still seen
    await alice.client.api.call('canvas.update', { body: { canvasId: canvas.canvasId, readOnly: true } });
    const viewer = await connectCollab(alice.client, name);
    expect(viewer.readOnly).toBe(true);
    open.push(viewer.client!);
    viewer.client!.provider.awareness!.setLocalStateField('selectedNodes', ['n-2']);
    await waitUntil(
      () => seen(a, viewer.client!)?.selectedNodes?.[0] === 'n-2',
      5000,
      "the viewer's selection on A",
    );

    // A's socket dies without a goodbye (a crashed tab): the server tells B that A is gone
    a.stopReconnecting();
    const socket = a.provider.configuration.websocketProvider.webSocket as unknown as { terminate(): void };
    socket.terminate();
    await waitUntil(() => seen(b, a) === undefined, 5000, 'A gone from B');
    expect(seen(b, viewer.client!)?.selectedNodes).toEqual(['n-2']);
  });
});
