/**
 * Share links (issue 11) over real HTTP: publishing a canvas with its child shares (and nothing of
 * entities its owner may not read), "Update link", the owner / other user / anonymous matrix over
 * every share route, 'off' access, expiry on the server clock, revoking (children and files too),
 * duplicate (refused without allowDuplication; from the snapshot, into the caller's account),
 * staleness, and the server-rendered HTML at /share/{shareId}.
 */
import { applySnapshot } from '@atelier/canvas';
import type { ShareRecord, SharedCanvas, SharedContent } from '@atelier/contract';
import { describe, expect } from 'vitest';
import { markdownToYDoc, yDocToMarkdown } from '@atelier/editor';
import { canvasDocName } from '../src/collab/index.js';
import { connectCollab, waitUntil } from './helpers/collab-client.js';
import { buildCodeArtifact, buildDocument, buildResource, type BuiltUser } from './helpers/factories.js';
import { serverTest } from './helpers/fixtures.js';
import { expectData, expectFailure, importCanvas, uploadFile } from './helpers/items.js';
import type { TestServer } from './helpers/server.js';

const it = serverTest({ RATE_LIMIT_PER_IP: '100000' });

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

const node = (id: string, type: string, entityId = '', metadata: Record<string, unknown> = {}) => ({
  id,
  type,
  position: { x: 0, y: 0 },
  data: { title: id, entityId, metadata },
});

const share = async (user: BuiltUser, body: Record<string, unknown>) =>
  expectData<ShareRecord>(await user.post('/v1/share/new', body));
const detail = (client: { get: BuiltUser['get'] }, shareId: string) =>
  client.get<SharedContent>('/v1/share/detail', { shareId });

/** A canvas of Alice's: her document, artifact and text resource, an image she uploaded, and a node pointing at Bob's private document. */
async function aliceCanvas(alice: BuiltUser, bob: BuiltUser) {
  const doc = await buildDocument(alice, {
    title: 'Alice notes',
    initialContent: '# Plan\n\nShip **it** <script>x</script>',
  });
  const art = await buildCodeArtifact(alice, { title: 'Widget', content: '<b>w</b>' });
  const res = await buildResource(alice, { title: 'Source text', content: 'Quoted source' });
  const secret = await buildDocument(bob, { title: 'Bob secret title', initialContent: 'Bob secret body' });
  const key = await uploadFile(alice.client, { body: PNG, name: 'p.png', type: 'image/png' });
  const canvasId = await importCanvas(alice, 'Launch', [
    node('doc', 'document', doc.docId),
    node('art', 'codeArtifact', art.artifactId),
    node('res', 'resource', res.resourceId),
    node('bob', 'document', secret.docId),
    node('img', 'image', '', { url: `/v1/misc/static/${key}` }),
    { id: 'memo', type: 'memo', position: { x: 1, y: 1 }, data: { title: 'memo note' } },
  ]);
  return { canvasId, doc, art, res, secret, key };
}

async function removeNode(server: TestServer, canvasId: string, title: string) {
  const services = server.server.services;
  const snap = await services.canvases.snapshot(canvasId);
  await services.collab.write(canvasDocName(canvasId), (doc) =>
    applySnapshot(doc, { ...snap, nodes: snap.nodes.filter((n) => n.data.title !== title) }),
  );
}

describe('publishing a canvas', () => {
  it('publishes nodes with child shares, copies images, and exposes nothing of entities the owner cannot read', async ({
    server,
    alice,
    bob,
  }) => {
    const c = await aliceCanvas(alice, bob);
    const rec = await share(alice, { entityType: 'canvas', entityId: c.canvasId });
    expect(rec.shareId).toMatch(/^sh-[A-Za-z0-9]{24}$/);
    // built on the address the request came to (no PUBLIC_URL here), never a made-up localhost
    expect(rec.url).toBe(`${server.url}/share/${rec.shareId}`);
    expect(rec).toMatchObject({
      entityType: 'canvas',
      access: 'anyone',
      live: false,
      title: 'Launch',
      stale: false,
    });

    const anon = server.client();
    const seen = expectData(await detail(anon, rec.shareId));
    const data = seen.data as SharedCanvas;
    expect(data.kind).toBe('canvas');
    const titles = data.nodes.map((n) => n.data.title).sort();
    expect(titles).toEqual(['art', 'doc', 'img', 'memo note', 'res']);
    expect(Object.keys(data.children).sort()).toEqual(
      [c.art.artifactId, c.doc.docId, c.res.resourceId].sort(),
    );
    const whole = JSON.stringify(seen);
    expect(whole).not.toContain(c.secret.docId);
    expect(whole).not.toContain('Bob secret');
    expect(whole).not.toContain('/v1/misc/static/');

    // Children: readable by anyone holding the parent link, with their content.
    const child = expectData(await detail(anon, data.children[c.doc.docId]!));
    expect(child.data).toMatchObject({ kind: 'document', title: 'Alice notes' });
    expect((child.data as { content: string }).content).toContain('Ship');
    expect(child.share.parentShareId).toBe(rec.shareId);

    // The image is served through the share.
    const img = data.nodes.find((n) => n.data.title === 'img')!;
    const url = String(img.data.metadata?.url);
    // relative: it loads from whichever address the viewer reached the app at
    expect(url.startsWith(`/share/${rec.shareId}/files/`)).toBe(true);
    const file = await anon.fetch(url);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);

    // Bob cannot publish Alice's canvas (nor learn it exists), nor share his own canvas's private neighbour.
    expectFailure(await bob.post('/v1/share/new', { entityType: 'canvas', entityId: c.canvasId }), 'E1000');
    expectFailure(
      await bob.post('/v1/share/new', { entityType: 'document', entityId: c.doc.docId }),
      'E1003',
    );
    expect((await anon.post('/v1/share/new', { entityType: 'document', entityId: c.doc.docId })).status).toBe(
      401,
    );
  });

  it('sharing again updates the same link; children no longer on the canvas are revoked with their files', async ({
    server,
    alice,
    bob,
  }) => {
    const c = await aliceCanvas(alice, bob);
    const first = await share(alice, { entityType: 'canvas', entityId: c.canvasId, allowDuplication: true });
    const anon = server.client();
    const before = (expectData(await detail(anon, first.shareId)).data as SharedCanvas).children;
    const oldDocChild = before[c.doc.docId]!;
    // The owner edits: the document node leaves the canvas, a memo changes; then "Update link".
    await removeNode(server, c.canvasId, 'doc');
    const again = await share(alice, { entityType: 'canvas', entityId: c.canvasId });
    expect(again.shareId).toBe(first.shareId);
    expect(again.allowDuplication).toBe(true);
    const after = expectData(await detail(anon, first.shareId)).data as SharedCanvas;
    expect(after.nodes.map((n) => n.data.title)).not.toContain('doc');
    expect(after.children[c.doc.docId]).toBeUndefined();
    // Kept children keep their ids; the removed one answers E1009.
    expect(after.children[c.art.artifactId]).toBe(before[c.art.artifactId]);
    expectFailure(await detail(anon, oldDocChild), 'E1009');
    const list = expectData<ShareRecord[]>(await alice.get('/v1/share/list', { entityId: c.canvasId }));
    expect(list.map((s) => s.shareId)).toEqual([first.shareId]);
  });
});

describe('who may do what', () => {
  it('every route × owner, other user, anonymous: nothing of Alice’s share leaks', async ({
    server,
    alice,
    bob,
  }) => {
    const doc = await buildDocument(alice, { title: 'Private plan', initialContent: 'secret words' });
    const rec = await share(alice, { entityType: 'document', entityId: doc.docId, access: 'off' });
    const anon = server.client();
    const id = rec.shareId;
    // share.update / share.delete / share.duplicate: Bob gets E1009, exactly like a missing id.
    for (const target of [id, 'sh-doesnotexist000000000000']) {
      expectFailure(await bob.post('/v1/share/update', { shareId: target, access: 'anyone' }), 'E1009');
      expectFailure(await bob.post('/v1/share/delete', { shareId: target }), 'E1009');
      expectFailure(await bob.post('/v1/share/duplicate', { shareId: target }), 'E1009');
      expectFailure(await bob.get('/v1/share/detail', { shareId: target }), 'E1009');
      expectFailure(await anon.get('/v1/share/detail', { shareId: target }), 'E1009');
      expectFailure(await anon.get('/v1/share/liveToken', { shareId: target }), 'E1009');
    }
    // Signed-in routes refuse the anonymous caller.
    for (const [path, body] of [
      ['/v1/share/new', { entityType: 'document', entityId: doc.docId }],
      ['/v1/share/update', { shareId: id, access: 'anyone' }],
      ['/v1/share/delete', { shareId: id }],
      ['/v1/share/duplicate', { shareId: id }],
    ] as const) {
      expect((await anon.post(path, body)).status).toBe(401);
    }
    expect((await anon.get('/v1/share/list')).status).toBe(401);
    // Bob's list holds nothing of Alice's, whatever the filter.
    expect(expectData(await bob.get('/v1/share/list', { shareId: id }))).toEqual([]);
    expect(expectData(await bob.get('/v1/share/list', { entityId: doc.docId }))).toEqual([]);
    // Bad input answers E0003.
    expectFailure(await alice.post('/v1/share/new', { entityType: 'user', entityId: alice.uid }), 'E0003');
    expectFailure(await alice.post('/v1/share/update', { shareId: id, access: 'public' }), 'E0003');
    expectFailure(
      await alice.post('/v1/share/new', { entityType: 'document', entityId: doc.docId, live: 'x' }),
      'E0003',
    );
    expectFailure(await anon.get('/v1/share/detail', {}), 'E0003');
    // The owner sees her 'off' share; after opening it, it is still intact.
    expect(expectData(await detail(alice, id)).data).toMatchObject({
      kind: 'document',
      content: 'secret words\n',
    });
    const opened = expectData(
      await alice.post<ShareRecord>('/v1/share/update', { shareId: id, access: 'anyone' }),
    );
    expect(opened.access).toBe('anyone');
    expect(expectData(await detail(anon, id)).data).toMatchObject({ kind: 'document' });
    expect(expectData(await detail(bob, id)).share.stale).toBe(false);
  });

  it("'off' hides the link and its children from everyone but the owner; an expiry ends it on the server clock", async ({
    server,
    alice,
    bob,
  }) => {
    const c = await aliceCanvas(alice, bob);
    const rec = await share(alice, { entityType: 'canvas', entityId: c.canvasId });
    const anon = server.client();
    const children = (expectData(await detail(anon, rec.shareId)).data as SharedCanvas).children;
    const childId = children[c.doc.docId]!;
    const imgPath = async () => {
      const d = expectData(await detail(alice, rec.shareId)).data as SharedCanvas;
      return String(d.nodes.find((n) => n.data.title === 'img')!.data.metadata?.url);
    };
    const path = await imgPath();

    expectData(await alice.post('/v1/share/update', { shareId: rec.shareId, access: 'off' }));
    for (const target of [rec.shareId, childId]) {
      expectFailure(await detail(anon, target), 'E1009');
      expectFailure(await detail(bob, target), 'E1009');
      expectData(await detail(alice, target));
    }
    expect((await anon.fetch(path)).status).toBe(404);
    expect((await anon.fetch(`/share/${rec.shareId}`)).status).toBe(404);

    const expiresAt = new Date(server.clock.now() + 60_000).toISOString();
    expectData(await alice.post('/v1/share/update', { shareId: rec.shareId, access: 'anyone', expiresAt }));
    expectData(await detail(anon, childId));
    server.clock.advance(61_000);
    expectFailure(await detail(anon, rec.shareId), 'E1009');
    expectFailure(await detail(anon, childId), 'E1009');
    expect((await anon.fetch(path)).status).toBe(404);
    expectData(await detail(alice, rec.shareId));
    expectData(await alice.post('/v1/share/update', { shareId: rec.shareId, expiresAt: null }));
    expectData(await detail(anon, rec.shareId));
  });

  it('revoking: the link, every child and every copied file answer E1009 / 404', async ({
    server,
    alice,
    bob,
  }) => {
    const c = await aliceCanvas(alice, bob);
    const rec = await share(alice, { entityType: 'canvas', entityId: c.canvasId });
    const anon = server.client();
    const data = expectData(await detail(anon, rec.shareId)).data as SharedCanvas;
    const path = String(data.nodes.find((n) => n.data.title === 'img')!.data.metadata?.url);
    expect((await anon.fetch(path)).status).toBe(200);
    expectFailure(await bob.post('/v1/share/delete', { shareId: rec.shareId }), 'E1009');
    expectData(await alice.post('/v1/share/delete', { shareId: rec.shareId }));
    expectFailure(await detail(anon, rec.shareId), 'E1009');
    expectFailure(await detail(alice, rec.shareId), 'E1009');
    for (const childId of Object.values(data.children)) expectFailure(await detail(anon, childId), 'E1009');
    expect((await anon.fetch(path)).status).toBe(404);
    // The stored objects are gone too.
    const storage = server.server.ctx.storage;
    for (const id of [rec.shareId, ...Object.values(data.children)]) {
      expect(await storage.stat(`shares/${id}/data.json`)).toBeNull();
    }
    expect(await storage.stat(`shares/${rec.shareId}/files/img-0`)).toBeNull();
    expect(expectData(await alice.get('/v1/share/list', { entityId: c.canvasId }))).toEqual([]);
  });
});

describe('duplicate', () => {
  it('is refused without allowDuplication, and copies from the snapshot into the caller’s account', async ({
    server,
    alice,
    bob,
  }) => {
    const c = await aliceCanvas(alice, bob);
    const rec = await share(alice, { entityType: 'canvas', entityId: c.canvasId });
    const refused = expectFailure(await bob.post('/v1/share/duplicate', { shareId: rec.shareId }), 'E0003');
    expect(refused).toContain('does not allow duplication');

    expectData(await alice.post('/v1/share/update', { shareId: rec.shareId, allowDuplication: true }));
    // Alice edits her document after publishing: the copy still has the published text.
    expectData(
      await alice.post('/v1/knowledge/document/update', { docId: c.doc.docId, content: 'changed later' }),
    );
    const list = expectData<ShareRecord[]>(await alice.get('/v1/share/list', { shareId: rec.shareId }));
    expect(list).toHaveLength(1);

    const copy = expectData<{ entityType: string; entityId: string }>(
      await bob.post('/v1/share/duplicate', { shareId: rec.shareId, title: 'Mine now' }),
    );
    expect(copy.entityType).toBe('canvas');
    expect(copy.entityId).not.toBe(c.canvasId);
    const canvas = expectData<{ uid: string; title: string; status: string }>(
      await bob.get('/v1/canvas/detail', { canvasId: copy.entityId }),
    );
    expect(canvas).toMatchObject({ title: 'Mine now', status: 'ready' });
    expectFailure(await alice.get('/v1/canvas/detail', { canvasId: copy.entityId }), 'E1000');
    const nodes = expectData<{ nodes: { type: string; data: { title: string; entityId: string } }[] }>(
      await bob.get('/v1/canvas/data', { canvasId: copy.entityId }),
    ).nodes;
    const docNode = nodes.find((n) => n.data.title === 'doc')!;
    expect(docNode.data.entityId).not.toBe(c.doc.docId);
    const copiedDoc = expectData<{ content: string }>(
      await bob.get('/v1/knowledge/document/detail', { docId: docNode.data.entityId }),
    );
    expect(copiedDoc.content).toContain('Ship');
    expect(copiedDoc.content).not.toContain('changed later');
    const artNode = nodes.find((n) => n.data.title === 'art')!;
    expectData(await bob.get('/v1/codeArtifact/detail', { artifactId: artNode.data.entityId }));
    expect(nodes.map((n) => n.data.title)).not.toContain('bob');
    // Anonymous callers cannot duplicate.
    expect((await server.client().post('/v1/share/duplicate', { shareId: rec.shareId })).status).toBe(401);
  });

  it('a document share: the copy is a new document of the caller; the owner sees the share stale after an edit', async ({
    alice,
    bob,
  }) => {
    const doc = await buildDocument(alice, { title: 'Essay', initialContent: 'First draft' });
    const rec = await share(alice, { entityType: 'document', entityId: doc.docId, allowDuplication: true });
    expect(rec.stale).toBe(false);
    const copy = expectData<{ entityType: string; entityId: string }>(
      await bob.post('/v1/share/duplicate', { shareId: rec.shareId }),
    );
    expect(copy.entityType).toBe('document');
    const got = expectData<{ title: string; content: string }>(
      await bob.get('/v1/knowledge/document/detail', { docId: copy.entityId }),
    );
    expect(got).toMatchObject({ title: 'Essay' });
    expect(got.content).toContain('First draft');
    expectData(await alice.post('/v1/knowledge/document/update', { docId: doc.docId, title: 'Essay v2' }));
    const [listed] = expectData<ShareRecord[]>(
      await alice.get('/v1/share/list', { entityType: 'document', entityId: doc.docId }),
    );
    expect(listed!.stale).toBe(true);
    const republished = await share(alice, { entityType: 'document', entityId: doc.docId });
    expect(republished.stale).toBe(false);
  });
});

describe('the share page', () => {
  it('answers real HTML with meta tags and the escaped text; unknown or revoked links answer 404 with the message', async ({
    server,
    alice,
  }) => {
    const doc = await buildDocument(alice, {
      title: 'Notes <b>&</b> "quotes"',
      initialContent: '# Heading\n\nBody with <script>alert(1)</script> and **bold**',
    });
    const rec = await share(alice, { entityType: 'document', entityId: doc.docId });
    const anon = server.client();
    const res = await anon.fetch(`/share/${rec.shareId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html).toContain('<title>Notes &lt;b&gt;&amp;&lt;/b&gt; &quot;quotes&quot; · Atelier</title>');
    expect(html).toContain('property="og:title" content="Notes &lt;b&gt;&amp;&lt;/b&gt; &quot;quotes&quot;"');
    expect(html).toContain(`property="og:url" content="${rec.url}"`);
    expect(html).toContain('name="twitter:card"');
    expect(html).toContain('<h2>Heading</h2>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).not.toContain('<script>alert(1)</script>');

    for (const path of ['/share/sh-doesnotexist000000000000', `/share/${rec.shareId}x`]) {
      const missing = await anon.fetch(path);
      expect(missing.status).toBe(404);
      expect(await missing.text()).toContain('This share link may have expired or does not exist');
    }
    expectData(await alice.post('/v1/share/delete', { shareId: rec.shareId }));
    const gone = await anon.fetch(`/share/${rec.shareId}`);
    expect(gone.status).toBe(404);
    expect(await gone.text()).toContain('This share link may have expired or does not exist');
  });

  it('answers from remembered share rows yet follows every change at once: title, access, expiry, revoke, deleting the entity', async ({
    server,
    alice,
    bob,
  }) => {
    const anon = server.client();
    const page = async (shareId: string) => {
      const res = await anon.fetch(`/share/${shareId}`);
      return { status: res.status, html: await res.text() };
    };
    const doc = await buildDocument(alice, { title: 'Cached notes', initialContent: 'Some text' });
    const rec = await share(alice, { entityType: 'document', entityId: doc.docId });
    // read several times: the row (and the rendered page) are now remembered
    for (let i = 0; i < 3; i += 1) expect((await page(rec.shareId)).status).toBe(200);
    expectData(await detail(anon, rec.shareId));

    expectData(await alice.post('/v1/share/update', { shareId: rec.shareId, title: 'Renamed link' }));
    expect((await page(rec.shareId)).html).toContain('<title>Renamed link · Atelier</title>');
    expect(expectData(await detail(anon, rec.shareId)).share.title).toBe('Renamed link');

    expectData(await alice.post('/v1/share/update', { shareId: rec.shareId, access: 'off' }));
    expect((await page(rec.shareId)).status).toBe(404);
    expectFailure(await detail(anon, rec.shareId), 'E1009');
    expectFailure(await detail(bob, rec.shareId), 'E1009');
    expect((await alice.client.fetch(`/share/${rec.shareId}`)).status).toBe(200);

    const expiresAt = new Date(server.clock.now() + 60_000).toISOString();
    expectData(await alice.post('/v1/share/update', { shareId: rec.shareId, access: 'anyone', expiresAt }));
    expect((await page(rec.shareId)).status).toBe(200);
    server.clock.advance(61_000);
    expect((await page(rec.shareId)).status).toBe(404);
    expectData(await alice.post('/v1/share/update', { shareId: rec.shareId, expiresAt: null }));
    expect((await page(rec.shareId)).status).toBe(200);

    // revoking: 404 on the very next request, page and API alike
    expectData(await alice.post('/v1/share/delete', { shareId: rec.shareId }));
    const revoked = await page(rec.shareId);
    expect(revoked.status).toBe(404);
    expect(revoked.html).toContain('This share link may have expired or does not exist');
    expectFailure(await detail(anon, rec.shareId), 'E1009');

    // deleting the shared entities ends their links (and a canvas's child links) at once too
    const again = await share(alice, { entityType: 'document', entityId: doc.docId });
    const c = await aliceCanvas(alice, bob);
    const canvasShare = await share(alice, { entityType: 'canvas', entityId: c.canvasId });
    const childId = (expectData(await detail(anon, canvasShare.shareId)).data as SharedCanvas).children[
      c.doc.docId
    ]!;
    for (const id of [again.shareId, canvasShare.shareId, childId]) expect((await page(id)).status).toBe(200);
    expectData(await alice.post('/v1/knowledge/document/delete', { docId: doc.docId }));
    expect((await page(again.shareId)).status).toBe(404);
    expectFailure(await detail(anon, again.shareId), 'E1009');
    expectData(await alice.post('/v1/canvas/delete', { canvasId: c.canvasId }));
    for (const id of [canvasShare.shareId, childId]) {
      expect((await page(id)).status).toBe(404);
      expectFailure(await detail(anon, id), 'E1009');
    }
  });

  it('a canvas page carries its minimap as the absolute og:image', async ({ server, alice }) => {
    const key = await uploadFile(alice.client, { body: PNG, name: 'm.png', type: 'image/png' });
    const canvas = expectData<{ canvasId: string }>(
      await alice.post('/v1/canvas/create', { title: 'Map', minimapStorageKey: key }),
    );
    const rec = await share(alice, { entityType: 'canvas', entityId: canvas.canvasId });
    const html = await (await server.client().fetch(`/share/${rec.shareId}`)).text();
    const image = `${server.url}/share/${rec.shareId}/files/cover`;
    expect(html).toContain(`property="og:image" content="${image}"`);
    // the record's cover is relative (no PUBLIC_URL); only the link preview needs the origin
    expect(rec.coverUrl).toBe(`/share/${rec.shareId}/files/cover`);
    expect((await server.client().fetch(new URL(image).pathname)).status).toBe(200);
  });
});

describe('live shares', () => {
  it('a live document share: a read-only connection that follows edits, refuses writes, and stops when no longer live', async ({
    server,
    alice,
  }) => {
    const doc = await buildDocument(alice, { title: 'Live', initialContent: 'first words' });
    const frozen = await share(alice, { entityType: 'document', entityId: doc.docId });
    const anon = server.client();
    expectFailure(await anon.get('/v1/share/liveToken', { shareId: frozen.shareId }), 'E1009');
    expectFailure(
      await alice.post('/v1/share/new', { entityType: 'codeArtifact', entityId: 'ca-x', live: true }),
      'E1013',
    );
    const rec = expectData<ShareRecord>(
      await alice.post('/v1/share/update', { shareId: frozen.shareId, live: true }),
    );
    expect(rec.live).toBe(true);
    const live = expectData<{ url: string; token: string; documentName: string }>(
      await anon.get('/v1/share/liveToken', { shareId: rec.shareId }),
    );
    expect(live.documentName).toBe(`doc:${doc.docId}`);
    const viewer = await connectCollab(anon, live.documentName, { url: live.url, token: live.token });
    expect(viewer.denied).toBeUndefined();
    expect(viewer.readOnly).toBe(true);
    const client = viewer.client!;
    expect(yDocToMarkdown(client.doc)).toContain('first words');

    // The owner edits: the viewer follows.
    expectData(
      await alice.post('/v1/knowledge/document/update', { docId: doc.docId, content: 'second words' }),
    );
    await waitUntil(() => yDocToMarkdown(client.doc).includes('second words'), 5000, 'the live edit');

    // The viewer's writes are refused and change nothing.
    markdownToYDoc('vandalised', client.doc);
    await waitUntil(() => client.refusals() > 0, 5000, 'a refusal');
    const stored = expectData<{ content: string }>(
      await alice.get('/v1/knowledge/document/detail', { docId: doc.docId }),
    );
    expect(stored.content).not.toContain('vandalised');

    // The token opens nothing else.
    const other = await buildDocument(alice, { title: 'Other' });
    const elsewhere = await connectCollab(anon, `doc:${other.docId}`, { url: live.url, token: live.token });
    expect(elsewhere.denied).toBeDefined();

    // No longer live: the connection ends and the token opens nothing.
    client.stopReconnecting();
    expectData(await alice.post('/v1/share/update', { shareId: rec.shareId, live: false }));
    await waitUntil(() => client.closes.length > 0, 5000, 'the close');
    client.destroy();
    const again = await connectCollab(anon, live.documentName, { url: live.url, token: live.token });
    expect(again.denied).toBeDefined();
    expectFailure(await anon.get('/v1/share/liveToken', { shareId: rec.shareId }), 'E1009');

    // Live again, then revoked: the same.
    expectData(await alice.post('/v1/share/update', { shareId: rec.shareId, live: true }));
    const token2 = expectData<{ url: string; token: string }>(
      await anon.get('/v1/share/liveToken', { shareId: rec.shareId }),
    );
    const viewer2 = (await connectCollab(anon, live.documentName, { url: token2.url, token: token2.token }))
      .client!;
    viewer2.stopReconnecting();
    expectData(await alice.post('/v1/share/delete', { shareId: rec.shareId }));
    await waitUntil(() => viewer2.closes.length > 0, 5000, 'the close after revoke');
    viewer2.destroy();
    expect(
      (await connectCollab(anon, live.documentName, { url: token2.url, token: token2.token })).denied,
    ).toBeDefined();
  });
});
