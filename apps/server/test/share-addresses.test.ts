/**
 * Shares that work from any address (issue 32 §4) over real HTTP, without PUBLIC_URL:
 * - the images and files of live and published shares load for anonymous viewers and for
 *   another signed-in user (relative, share-scoped URLs; a live share's images through
 *   `/share/{id}/live/{key}` while the live entity shows them), and the server refuses a file
 *   the share does not show (another file of the owner's, someone else's, a removed image);
 * - the link is built on the address the request came to, never a made-up `localhost`; the
 *   share page's og:url and og:image too;
 * - renaming a canvas and sharing again renames the link (list, viewer heading, og:title); a
 *   live share follows its canvas's title at once;
 * - "changed since published" only after a real change: never on a live share, never right after
 *   publishing a page, not after a thumbnail redraw or the collab store that follows an edit.
 */
import { addNode, getCanvasSnapshot, removeNodes } from '@atelier/canvas';
import type { PageDetail, ShareRecord, SharedCanvas, SharedContent } from '@atelier/contract';
import { describe, expect, vi } from 'vitest';
import { markdownToYDoc } from '@atelier/editor';
import * as Y from 'yjs';
import { canvasDocName, documentDocName } from '../src/collab/index.js';
import { openCollab, waitUntil } from './helpers/collab-client.js';
import { buildDocument, type BuiltUser } from './helpers/factories.js';
import { serverTest } from './helpers/fixtures.js';
import { expectData, importCanvas, PNG, uploadFile } from './helpers/items.js';
import type { TestClient } from './helpers/http.js';
import type { TestServer } from './helpers/server.js';

const it = serverTest({ RATE_LIMIT_PER_IP: '100000', SHARE_RATE_LIMIT_PER_IP: '100000' });

const share = async (user: BuiltUser, body: Record<string, unknown>) =>
  expectData<ShareRecord>(await user.post('/v1/share/new', body));
const detail = async (client: Pick<TestClient, 'get'>, shareId: string) =>
  expectData(await client.get<SharedContent>('/v1/share/detail', { shareId }));
const listed = async (user: BuiltUser, entityId: string) =>
  expectData(await user.get<ShareRecord[]>('/v1/share/list', { entityId }))[0]!;

const image = (id: string, key: string) => ({
  id,
  type: 'image',
  position: { x: 0, y: 0 },
  data: { title: id, metadata: { url: `/v1/misc/static/${key}` } },
});

/** GETs `path` as each caller and expects the PNG's bytes. */
async function expectPng(callers: Pick<TestClient, 'fetch'>[], path: string): Promise<void> {
  for (const caller of callers) {
    const res = await caller.fetch(path);
    expect(res.status, path).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
  }
}

async function expectRefused(callers: Pick<TestClient, 'fetch'>[], path: string): Promise<void> {
  for (const caller of callers) expect((await caller.fetch(path)).status, path).toBe(404);
}

const upload = (user: BuiltUser, name = 'p.png') =>
  uploadFile(user.client, { body: PNG, name, type: 'image/png' });

async function writeCanvas(server: TestServer, canvasId: string, change: (doc: Y.Doc) => void) {
  await server.server.services.collab.write(canvasDocName(canvasId), change);
}

describe('images and files of shares', () => {
  it('a published canvas: its image loads for anyone from a relative URL; files not in the share are refused', async ({
    server,
    alice,
    bob,
  }) => {
    const key = await upload(alice);
    const canvasId = await importCanvas(alice, 'Snapshot board', [image('pic', key)]);
    const rec = await share(alice, { entityType: 'canvas', entityId: canvasId });
    const anon = server.client();
    for (const viewer of [anon, bob.client]) {
      const data = (await detail(viewer, rec.shareId)).data as SharedCanvas;
      const url = String(data.nodes[0]!.data.metadata?.url);
      expect(url).toBe(`/share/${rec.shareId}/files/img-0`);
      expect(JSON.stringify(data)).not.toContain('localhost');
    }
    await expectPng([anon, bob.client], `/share/${rec.shareId}/files/img-0`);
    // what the share does not hold: another name, the owner's file by key, the live route
    await expectRefused([anon, bob.client], `/share/${rec.shareId}/files/img-1`);
    await expectRefused([anon, bob.client], `/share/${rec.shareId}/live/${encodeURIComponent(key)}`);
    // the owner's private file itself stays hers
    const own = await bob.client.fetch(`/v1/misc/static/${encodeURIComponent(key)}`);
    expect(Buffer.from(await own.arrayBuffer()).equals(PNG)).toBe(false);
  });

  it('a live canvas: images added after publishing load through the share while shown; nothing else does', async ({
    server,
    alice,
    bob,
  }) => {
    const first = await upload(alice, 'a.png');
    const canvasId = await importCanvas(alice, 'Live board', [image('a', first)]);
    const rec = await share(alice, { entityType: 'canvas', entityId: canvasId, live: true });
    const later = await upload(alice, 'b.png');
    const unshown = await upload(alice, 'c.png');
    const bobs = await upload(bob, 'bob.png');
    await writeCanvas(server, canvasId, (doc) => {
      addNode(doc, image('b', later) as never);
      addNode(doc, image('bob', bobs) as never);
    });
    const anon = server.client();
    const live = (key: string) => `/share/${rec.shareId}/live/${encodeURIComponent(key)}`;
    await expectPng([anon, bob.client], live(later));
    await expectPng([anon, bob.client], live(first));
    // the owner's file the canvas does not show, and Bob's file placed on Alice's canvas
    await expectRefused([anon, bob.client], live(unshown));
    await expectRefused([anon, bob.client], live(bobs));
    await expectRefused([anon], `/share/${rec.shareId}/live/..%2Fsecret`);
    // removed from the canvas: no longer served
    await writeCanvas(server, canvasId, (doc) => removeNodes(doc, ['b']));
    await expectRefused([anon, bob.client], live(later));
    // no longer live: the route serves nothing
    expectData(await alice.post('/v1/share/update', { shareId: rec.shareId, live: false }));
    await expectRefused([anon, bob.client], live(first));
  });

  it("a document's images are copied into its share; a live document's images load through the share", async ({
    server,
    alice,
    bob,
  }) => {
    const key = await upload(alice);
    const doc = await buildDocument(alice, {
      title: 'Illustrated',
      initialContent: `# Field notes\n\n![a bird](/v1/misc/static/${key})\n`,
    });
    const rec = await share(alice, { entityType: 'document', entityId: doc.docId });
    const anon = server.client();
    const content = ((await detail(anon, rec.shareId)).data as { content: string }).content;
    expect(content).toContain(`![a bird](/share/${rec.shareId}/files/img-0)`);
    expect(content).not.toContain('/v1/misc/static/');
    await expectPng([anon, bob.client], `/share/${rec.shareId}/files/img-0`);

    expectData(await alice.post('/v1/share/update', { shareId: rec.shareId, live: true }));
    await expectPng([anon, bob.client], `/share/${rec.shareId}/live/${encodeURIComponent(key)}`);
    const other = await upload(alice, 'other.png');
    await expectRefused([anon, bob.client], `/share/${rec.shareId}/live/${encodeURIComponent(other)}`);
  });
});

describe('links on the address the app is reached at', () => {
  it('builds the link, og:url and og:image on the request origin, never on a made-up localhost', async ({
    server,
    alice,
  }) => {
    const minimap = await upload(alice, 'map.png');
    const created = expectData<{ canvasId: string }>(
      await alice.post('/v1/canvas/create', { title: 'Map', minimapStorageKey: minimap }),
    );
    const rec = await share(alice, { entityType: 'canvas', entityId: created.canvasId });
    expect(server.server.ctx.config.publicUrl).toMatch(/localhost/);
    expect(rec.url).toBe(`${server.url}/share/${rec.shareId}`);
    expect(rec.url).not.toContain('localhost');

    // the same share asked through another address (a proxy forwarding a LAN name)
    const lan = { 'x-forwarded-host': 'atelier.lan:8080', 'x-forwarded-proto': 'http' };
    const seen = await alice.client.fetch(`/v1/share/list?entityId=${created.canvasId}`, { headers: lan });
    const [record] = ((await seen.json()) as { data: ShareRecord[] }).data;
    expect(record!.url).toBe(`http://atelier.lan:8080/share/${rec.shareId}`);

    const html = await (await server.client().fetch(`/share/${rec.shareId}`, { headers: lan })).text();
    expect(html).toContain(`property="og:url" content="http://atelier.lan:8080/share/${rec.shareId}"`);
    expect(html).toContain(
      `property="og:image" content="http://atelier.lan:8080/share/${rec.shareId}/files/cover"`,
    );
    expect(html).not.toContain('localhost');
  });
});

describe('snapshots published before file URLs were relative', () => {
  it("read the default origin's absolute URLs as relative ones", async ({ server, alice }) => {
    const key = await upload(alice);
    const canvasId = await importCanvas(alice, 'Old board', [image('pic', key)]);
    const rec = await share(alice, { entityType: 'canvas', entityId: canvasId });
    // what an earlier version stored: the file URL on the made-up default origin
    const { publicUrl } = server.server.ctx.config;
    const stored = `shares/${rec.shareId}/data.json`;
    const { storage } = server.server.ctx;
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.get(stored)) chunks.push(Buffer.from(chunk as Buffer));
    const legacy = Buffer.concat(chunks)
      .toString('utf8')
      .replaceAll(`"/share/${rec.shareId}/files/`, `"${publicUrl}/share/${rec.shareId}/files/`);
    expect(legacy).toContain(`${publicUrl}/share/`);
    await storage.put(stored, Buffer.from(legacy), { contentType: 'application/json' });
    const data = (await detail(server.client(), rec.shareId)).data as SharedCanvas;
    expect(data.nodes[0]!.data.metadata?.url).toBe(`/share/${rec.shareId}/files/img-0`);
  });
});

describe('the title of a share', () => {
  it('renaming a canvas and sharing again renames the link: list, viewer, og:title', async ({
    server,
    alice,
  }) => {
    const canvasId = await importCanvas(alice, 'First name', []);
    const rec = await share(alice, { entityType: 'canvas', entityId: canvasId });
    expect(rec.title).toBe('First name');
    expectData(await alice.post('/v1/canvas/update', { canvasId, title: 'Second name' }));
    expect((await listed(alice, canvasId)).stale).toBe(true);
    const again = await share(alice, { entityType: 'canvas', entityId: canvasId });
    expect(again).toMatchObject({ shareId: rec.shareId, title: 'Second name', stale: false });
    expect((await listed(alice, canvasId)).title).toBe('Second name');
    const anon = server.client();
    expect((await detail(anon, rec.shareId)).share.title).toBe('Second name');
    const html = await (await anon.fetch(`/share/${rec.shareId}`)).text();
    expect(html).toContain('property="og:title" content="Second name"');
    expect(html).not.toContain('First name');
  });

  it('a live share follows its canvas title without publishing again', async ({ server, alice }) => {
    const canvasId = await importCanvas(alice, 'Live first', []);
    const rec = await share(alice, { entityType: 'canvas', entityId: canvasId, live: true });
    const anon = server.client();
    expect((await anon.fetch(`/share/${rec.shareId}`).then((r) => r.text())).includes('Live first')).toBe(
      true,
    );
    expectData(await alice.post('/v1/canvas/update', { canvasId, title: 'Live renamed' }));
    expect(await listed(alice, canvasId)).toMatchObject({ title: 'Live renamed', stale: false });
    expect((await detail(anon, rec.shareId)).share.title).toBe('Live renamed');
    const html = await (await anon.fetch(`/share/${rec.shareId}`)).text();
    expect(html).toContain('property="og:title" content="Live renamed"');
  });
});

describe('"changed since published"', () => {
  it('never on a live share, whatever changes', async ({ server, alice }) => {
    const canvasId = await importCanvas(alice, 'Always live', []);
    const rec = await share(alice, { entityType: 'canvas', entityId: canvasId, live: true });
    await writeCanvas(server, canvasId, (doc) =>
      addNode(doc, { id: 'm', type: 'memo', position: { x: 0, y: 0 }, data: { title: 'new' } } as never),
    );
    expectData(await alice.post('/v1/canvas/update', { canvasId, title: 'Renamed live' }));
    expect((await listed(alice, canvasId)).stale).toBe(false);
    expect((await detail(alice.client, rec.shareId)).share.stale).toBe(false);
    // switched to a published snapshot, the same change shows
    expectData(await alice.post('/v1/share/update', { shareId: rec.shareId, live: false }));
    expect((await listed(alice, canvasId)).stale).toBe(true);
  });

  it('not right after publishing a page, and after an edit of it', async ({ alice }) => {
    const canvasId = await importCanvas(alice, 'Deck source', [
      { id: 'm', type: 'memo', position: { x: 0, y: 0 }, data: { title: 'Slide one', contentPreview: 'Hi' } },
    ]);
    const { nodes } = expectData(
      await alice.get<{ nodes: { id: string }[] }>('/v1/canvas/data', { canvasId }),
    );
    const page = expectData<PageDetail>(
      await alice.post(`/v1/pages/canvas/${canvasId}/nodes`, { nodeIds: [nodes[0]!.id] }),
    );
    const published = expectData<ShareRecord>(await alice.post(`/v1/pages/${page.pageId}/share`));
    expect(published.stale).toBe(false);
    expect((await listed(alice, page.pageId)).stale).toBe(false);
    expect((await detail(alice.client, published.shareId)).share.stale).toBe(false);
    // a real change of the page does show
    expectData(await alice.client.json('PUT', `/v1/pages/${page.pageId}`, { title: 'Deck renamed' }));
    expect((await listed(alice, page.pageId)).stale).toBe(true);
  });

  it('"Update link" of a page keeps its cover', async ({ server, alice }) => {
    const canvasId = await importCanvas(alice, 'Covered deck', [
      { id: 'm', type: 'memo', position: { x: 0, y: 0 }, data: { title: 'One', contentPreview: 'Hi' } },
    ]);
    const { nodes } = expectData(
      await alice.get<{ nodes: { id: string }[] }>('/v1/canvas/data', { canvasId }),
    );
    const page = expectData<PageDetail>(
      await alice.post(`/v1/pages/canvas/${canvasId}/nodes`, { nodeIds: [nodes[0]!.id] }),
    );
    const cover = await upload(alice, 'cover.png');
    expectData(await alice.client.json('PUT', `/v1/pages/${page.pageId}`, { coverStorageKey: cover }));
    const published = expectData<ShareRecord>(await alice.post(`/v1/pages/${page.pageId}/share`));
    // the share dialog's "Update link" publishes through share.new, without the cover's key
    await share(alice, { entityType: 'page', entityId: page.pageId });
    const anon = server.client();
    const data = (await detail(anon, published.shareId)).data as { coverUrl?: string | null };
    expect(data.coverUrl).toBe(`/share/${published.shareId}/files/cover`);
    await expectPng([anon], data.coverUrl!);
  });

  it('not after the canvas thumbnail is redrawn, nor after the debounced store of an edit made before publishing', async ({
    server,
    alice,
  }) => {
    const canvasId = await importCanvas(alice, 'Drawn board', []);
    const name = canvasDocName(canvasId);
    const editor = await openCollab(alice.client, name);
    try {
      // an edit through the editor, published before its debounced store has run
      editor.doc.transact(() =>
        addNode(editor.doc, {
          id: 'typed',
          type: 'memo',
          position: { x: 0, y: 0 },
          data: { title: 'typed' },
        } as never),
      );
      // arrived on the server (its live document), not yet stored
      await vi.waitFor(
        async () => {
          const arrived = await server.server.services.collab.read(name, (doc) =>
            getCanvasSnapshot(doc).nodes.some((n) => n.data.title === 'typed'),
          );
          if (!arrived) throw new Error('the edit has not reached the server yet');
        },
        { timeout: 10_000, interval: 20 },
      );
      const rec = await share(alice, { entityType: 'canvas', entityId: canvasId });
      expect(rec.stale).toBe(false);
      // the web app redraws the thumbnail a few seconds later
      const thumb = await upload(alice, 'thumb.png');
      expectData(await alice.post('/v1/canvas/update', { canvasId, minimapStorageKey: thumb }));
      expect((await listed(alice, canvasId)).stale).toBe(false);
    } finally {
      editor.destroy();
    }
    // the editor closed: the canvas is stored (the edit was published already): still current
    await waitUntil(
      () => !server.server.services.collab.openNames().includes(name),
      10_000,
      'the canvas unloaded after its store',
    );
    expect((await listed(alice, canvasId)).stale).toBe(false);
  });

  it('a document typed in and shared at once is not stale once its store has run', async ({
    server,
    alice,
  }) => {
    const doc = await buildDocument(alice, { title: 'Quick note', initialContent: 'Start' });
    const name = documentDocName(doc.docId);
    const editor = await openCollab(alice.client, name);
    try {
      const typed = markdownToYDoc('Start and more');
      editor.doc.transact(() => Y.applyUpdate(editor.doc, Y.encodeStateAsUpdate(typed)));
      await waitUntil(
        () => server.server.services.collab.openNames().includes(name),
        5000,
        'the document open on the server',
      );
      const rec = await share(alice, { entityType: 'document', entityId: doc.docId });
      expect(rec.stale).toBe(false);
    } finally {
      editor.destroy();
    }
    // the editor closed: Hocuspocus stores the document; the share is still current
    await waitUntil(
      () => !server.server.services.collab.openNames().includes(name),
      10_000,
      'the document unloaded after its store',
    );
    expect((await listed(alice, doc.docId)).stale).toBe(false);
  });
});
