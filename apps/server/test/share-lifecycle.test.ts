/**
 * Share loose ends (issue 11): a page's status follows its share whichever route published or
 * revoked it (`/v1/pages/{id}/share` or the generic `/v1/share/new` / `/v1/share/delete`), and
 * deleting a canvas takes its canvas share and its page's share (with their child shares) down:
 * the links answer E1009 on /v1 and 404 on /share/{id}. Deleting a code artifact
 * (`/v1/codeArtifact/delete`) revokes its own link and its child shares inside canvas shares.
 * A live canvas share gives an entity added after it was published its child share when a viewer
 * first opens it (`/v1/share/child`); a frozen one only after "Update link".
 */
import { addNode } from '@atelier/canvas';
import type { PageDetail, SharedContent, ShareRecord } from '@atelier/contract';
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { canvasDocName } from '../src/collab/index.js';
import { shares } from '../src/db/schema/index.js';
import { buildCodeArtifact, buildDocument, type BuiltUser } from './helpers/factories.js';
import { serverTest } from './helpers/fixtures.js';
import { expectData, expectFailure, importCanvas } from './helpers/items.js';

const it = serverTest({ RATE_LIMIT_PER_IP: '100000' });

/** The owner adds a node to her canvas (as her open editor would, through the live state). */
async function addEntityNode(alice: BuiltUser, canvasId: string, id: string, type: string, entityId: string) {
  await alice.server.server.services.collab.write(canvasDocName(canvasId), (doc) => {
    addNode(doc, { id, type, position: { x: 5, y: 5 }, data: { title: id, entityId } } as Parameters<
      typeof addNode
    >[1]);
  });
}

const child = (client: { get: BuiltUser['get'] }, shareId: string, entityId: string) =>
  client.get<SharedContent>('/v1/share/child', { shareId, entityId });

async function canvasWithPage(alice: BuiltUser) {
  const doc = await buildDocument(alice, { title: 'Plan', initialContent: '# Plan\n\nShip it' });
  const canvasId = await importCanvas(alice, 'Launch', [
    { id: 'doc', type: 'document', position: { x: 0, y: 0 }, data: { title: 'doc', entityId: doc.docId } },
    { id: 'memo', type: 'memo', position: { x: 1, y: 1 }, data: { title: 'memo' } },
  ]);
  const snap = await alice.server.server.services.canvases.snapshot(canvasId);
  const page = expectData<PageDetail>(
    await alice.post(`/v1/pages/canvas/${canvasId}/nodes`, { nodeIds: snap.nodes.map((n) => n.id) }),
  );
  return { canvasId, page, doc };
}

describe('share lifecycle', () => {
  it('publishing a page through share.new makes it published; share.delete makes it a draft', async ({
    alice,
  }) => {
    const { page } = await canvasWithPage(alice);
    const share = expectData<ShareRecord>(
      await alice.post('/v1/share/new', { entityType: 'page', entityId: page.pageId }),
    );
    const published = expectData<PageDetail>(await alice.get(`/v1/pages/${page.pageId}`));
    expect(published).toMatchObject({ status: 'published', shareId: share.shareId });

    // The page route and the generic route agree on the one share.
    const again = expectData<ShareRecord>(await alice.post(`/v1/pages/${page.pageId}/share`));
    expect(again.shareId).toBe(share.shareId);

    expectData(await alice.post('/v1/share/delete', { shareId: share.shareId }));
    const draft = expectData<PageDetail>(await alice.get(`/v1/pages/${page.pageId}`));
    expect(draft).toMatchObject({ status: 'draft', shareId: null });
  });

  it('deleting a canvas revokes its canvas share, its page share and their child shares', async ({
    server,
    alice,
  }) => {
    const { canvasId, page } = await canvasWithPage(alice);
    const canvasShare = expectData<ShareRecord>(
      await alice.post('/v1/share/new', { entityType: 'canvas', entityId: canvasId }),
    );
    const pageShare = expectData<ShareRecord>(await alice.post(`/v1/pages/${page.pageId}/share`));
    const anon = server.client();
    for (const id of [canvasShare.shareId, pageShare.shareId]) {
      expectData(await anon.get('/v1/share/detail', { shareId: id }));
      expect((await anon.fetch(`/share/${id}`)).status).toBe(200);
    }
    const before = (await server.server.ctx.db.select().from(shares)).map((s) => s.shareId);
    expect(before.length).toBeGreaterThan(2); // the document's child shares too

    expectData(await alice.post('/v1/canvas/delete', { canvasId }));
    for (const id of before) {
      expectFailure(await anon.get('/v1/share/detail', { shareId: id }), 'E1009');
      expectFailure(await alice.get('/v1/share/detail', { shareId: id }), 'E1009');
      const html = await anon.fetch(`/share/${id}`);
      expect(html.status).toBe(404);
      expect(await html.text()).toContain('This share link may have expired or does not exist');
    }
    expect(await server.server.ctx.db.select().from(shares)).toHaveLength(0);
    const listed = expectData<ShareRecord[]>(await alice.get('/v1/share/list'));
    expect(listed).toHaveLength(0);
  });

  it('deleting a document on a shared canvas revokes its child share; the canvas link stays', async ({
    server,
    alice,
  }) => {
    const { canvasId, doc } = await canvasWithPage(alice);
    const canvasShare = expectData<ShareRecord>(
      await alice.post('/v1/share/new', { entityType: 'canvas', entityId: canvasId }),
    );
    const anon = server.client();
    const seen = expectData<SharedContent>(
      await anon.get('/v1/share/detail', { shareId: canvasShare.shareId }),
    );
    if (seen.data.kind !== 'canvas') throw new Error(`a canvas snapshot, not ${seen.data.kind}`);
    const childId = seen.data.children[doc.docId]!;
    expectData(await anon.get('/v1/share/detail', { shareId: childId }));

    expectData(await alice.post('/v1/knowledge/document/delete', { docId: doc.docId }));
    expectFailure(await anon.get('/v1/share/detail', { shareId: childId }), 'E1009');
    expect((await anon.fetch(`/share/${childId}`)).status).toBe(404);
    expectData(await anon.get('/v1/share/detail', { shareId: canvasShare.shareId }));
  });

  it('deleting a code artifact revokes its own share and its child share on a shared canvas', async ({
    server,
    alice,
    bob,
  }) => {
    const art = await buildCodeArtifact(alice, { title: 'Widget', content: '<b>w</b>' });
    const canvasId = await importCanvas(alice, 'Widgets', [
      {
        id: 'art',
        type: 'codeArtifact',
        position: { x: 0, y: 0 },
        data: { title: 'art', entityId: art.artifactId },
      },
    ]);
    const own = expectData<ShareRecord>(
      await alice.post('/v1/share/new', { entityType: 'codeArtifact', entityId: art.artifactId }),
    );
    const canvasShare = expectData<ShareRecord>(
      await alice.post('/v1/share/new', { entityType: 'canvas', entityId: canvasId }),
    );
    const anon = server.client();
    const seen = expectData<SharedContent>(
      await anon.get('/v1/share/detail', { shareId: canvasShare.shareId }),
    );
    if (seen.data.kind !== 'canvas') throw new Error(`a canvas snapshot, not ${seen.data.kind}`);
    const childId = seen.data.children[art.artifactId]!;
    for (const id of [own.shareId, childId]) expectData(await anon.get('/v1/share/detail', { shareId: id }));

    // Only the owner deletes it: Bob and an anonymous caller get a missing id's answer.
    expectFailure(await bob.post('/v1/codeArtifact/delete', { artifactId: art.artifactId }), 'E1013');
    expect((await anon.post('/v1/codeArtifact/delete', { artifactId: art.artifactId })).status).toBe(401);
    expectData(await anon.get('/v1/share/detail', { shareId: own.shareId }));

    expectData(await alice.post('/v1/codeArtifact/delete', { artifactId: art.artifactId }));
    expectFailure(await alice.get('/v1/codeArtifact/detail', { artifactId: art.artifactId }), 'E1013');
    for (const id of [own.shareId, childId]) {
      expectFailure(await anon.get('/v1/share/detail', { shareId: id }), 'E1009');
      expectFailure(await alice.get('/v1/share/detail', { shareId: id }), 'E1009');
      const html = await anon.fetch(`/share/${id}`);
      expect(html.status).toBe(404);
      expect(await html.text()).toContain('This share link may have expired or does not exist');
    }
    const left = await server.server.ctx.db.select().from(shares);
    expect(left.filter((s) => s.entityId === art.artifactId)).toEqual([]);
    for (const id of [own.shareId, childId])
      expect(await server.server.ctx.storage.stat(`shares/${id}/data.json`)).toBeNull();
    // The canvas link stays.
    expectData(await anon.get('/v1/share/detail', { shareId: canvasShare.shareId }));
    // Deleting it again answers a missing id's code.
    expectFailure(await alice.post('/v1/codeArtifact/delete', { artifactId: art.artifactId }), 'E1013');
  });

  it('a live canvas share publishes the child share of a node added after it, when a viewer opens it', async ({
    server,
    alice,
    bob,
  }) => {
    const { canvasId, doc } = await canvasWithPage(alice);
    const rec = expectData<ShareRecord>(
      await alice.post('/v1/share/new', { entityType: 'canvas', entityId: canvasId, live: true }),
    );
    expect(rec.live).toBe(true);
    const anon = server.client();
    // Published with the canvas: the same answer through share.child as through its child id.
    const first = expectData(await child(anon, rec.shareId, doc.docId));
    expect(first.data).toMatchObject({ kind: 'document', title: 'Plan' });
    expect(first.share.parentShareId).toBe(rec.shareId);

    // The owner adds her document, Bob's private document, and a node of a type with no child.
    const later = await buildDocument(alice, { title: 'Later', initialContent: 'Added after publishing' });
    const secret = await buildDocument(bob, { title: 'Bob secret', initialContent: 'Bob secret body' });
    const notOnCanvas = await buildDocument(alice, { title: 'Elsewhere', initialContent: 'Not on it' });
    await addEntityNode(alice, canvasId, 'later', 'document', later.docId);
    await addEntityNode(alice, canvasId, 'bob', 'document', secret.docId);

    // Two viewers open the new node at once: one child share, with the document as it is now.
    const [a, b] = await Promise.all([
      child(anon, rec.shareId, later.docId),
      child(bob, rec.shareId, later.docId),
    ]);
    const seen = expectData(a);
    expect(expectData(b).share.shareId).toBe(seen.share.shareId);
    expect(seen.data).toMatchObject({ kind: 'document', title: 'Later' });
    expect(JSON.stringify(seen.data)).toContain('Added after publishing');
    expect(seen.share).toMatchObject({ parentShareId: rec.shareId, live: true, access: 'anyone' });
    expectData(await anon.get('/v1/share/detail', { shareId: seen.share.shareId }));
    expect((await anon.fetch(`/share/${seen.share.shareId}`)).status).toBe(200);

    // Nothing the owner may not read, nothing not on the canvas, nothing through a child share.
    const db = server.server.ctx.db;
    for (const [shareId, entityId] of [
      [rec.shareId, secret.docId],
      [rec.shareId, notOnCanvas.docId],
      [rec.shareId, 'd-missing'],
      [seen.share.shareId, later.docId],
    ] as const) {
      expectFailure(await child(anon, shareId, entityId), 'E1009');
      expectFailure(await child(bob, shareId, entityId), 'E1009');
    }
    for (const id of [secret.docId, notOnCanvas.docId])
      expect(await db.select().from(shares).where(eq(shares.entityId, id))).toEqual([]);
    expect(JSON.stringify(await db.select().from(shares))).not.toContain('Bob secret');
    expectFailure(await anon.get('/v1/share/child', { shareId: rec.shareId }), 'E0003');

    // "Update link" keeps the child published on first open.
    const again = expectData<ShareRecord>(
      await alice.post('/v1/share/new', { entityType: 'canvas', entityId: canvasId }),
    );
    expect(again.shareId).toBe(rec.shareId);
    expect(expectData(await child(anon, rec.shareId, later.docId)).share.shareId).toBe(seen.share.shareId);

    // A frozen share shows the canvas as published: a newer node's entity waits for "Update link".
    expectData(await alice.post('/v1/share/update', { shareId: rec.shareId, live: false }));
    const newest = await buildDocument(alice, { title: 'Newest', initialContent: 'Newest body' });
    await addEntityNode(alice, canvasId, 'newest', 'document', newest.docId);
    expectFailure(await child(anon, rec.shareId, newest.docId), 'E1009');
    expectData<ShareRecord>(await alice.post('/v1/share/new', { entityType: 'canvas', entityId: canvasId }));
    expect(expectData(await child(anon, rec.shareId, newest.docId)).data).toMatchObject({ title: 'Newest' });

    // Revoked: every child answers E1009.
    expectData(await alice.post('/v1/share/delete', { shareId: rec.shareId }));
    for (const id of [doc.docId, later.docId, newest.docId])
      expectFailure(await child(anon, rec.shareId, id), 'E1009');
    expect((await anon.fetch(`/share/${seen.share.shareId}`)).status).toBe(404);
  });
});
