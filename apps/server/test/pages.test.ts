/**
 * Pages (issue 11) over real HTTP: creating the canvas's page from slideshow-type nodes only,
 * reorder / remove / rename, the status filter, publishing as a page share (slides in order with
 * child shares, readable anonymously), unpublishing and deleting (the link goes), and the owner /
 * other user / anonymous matrix over every route; the page cover (set, validated, cleared, copied
 * into the share on publish so visitors load it without the owner's private file URL).
 */
import type { PageDetail, Page, ShareRecord, SharedContent } from '@atelier/contract';
import { describe, expect } from 'vitest';
import { buildDocument, type BuiltUser } from './helpers/factories.js';
import { serverTest } from './helpers/fixtures.js';
import { expectData, expectFailure, importCanvas, PNG, uploadFile } from './helpers/items.js';

const it = serverTest({ RATE_LIMIT_PER_IP: '100000' });

const node = (id: string, type: string, entityId = '', metadata: Record<string, unknown> = {}) => ({
  id,
  type,
  position: { x: 0, y: 0 },
  data: { title: id, entityId, metadata },
});

/** Canvas import gives nodes new ids: the test names them by title. */
async function nodeIds(user: BuiltUser, canvasId: string): Promise<Record<string, string>> {
  const snap = await user.server.server.services.canvases.snapshot(canvasId);
  return Object.fromEntries(snap.nodes.map((n) => [n.data.title, n.id]));
}

async function aliceCanvas(alice: BuiltUser) {
  const doc = await buildDocument(alice, { title: 'Plan', initialContent: '# Plan\n\nShip it' });
  const canvasId = await importCanvas(alice, 'Launch', [
    node('doc', 'document', doc.docId),
    { id: 'memo', type: 'memo', position: { x: 1, y: 1 }, data: { title: 'memo' } },
    node('web', 'website', '', { url: 'https://example.com' }),
    node('grp', 'group'),
  ]);
  return { canvasId, doc, ids: await nodeIds(alice, canvasId) };
}

const json = async <T>(user: BuiltUser, method: string, path: string, body?: unknown) =>
  user.client.json<{ success: boolean; data: T; errCode?: string }>(method, path, body);

describe('pages', () => {
  it('creates, reorders, removes, publishes, unpublishes and deletes a page', async ({ server, alice }) => {
    const { canvasId, doc, ids } = await aliceCanvas(alice);
    // Only slideshow types, only nodes on the canvas.
    const wrong = expectFailure(
      await alice.post(`/v1/pages/canvas/${canvasId}/nodes`, { nodeIds: [ids.doc!, ids.grp!] }),
      'E0003',
    );
    expect(wrong).toContain(`${ids.grp!} (group)`);
    expect(
      expectFailure(await alice.post(`/v1/pages/canvas/${canvasId}/nodes`, { nodeIds: ['nope'] }), 'E0003'),
    ).toContain('not on this canvas');
    expectFailure(await alice.post(`/v1/pages/canvas/${canvasId}/nodes`, { nodeIds: [] }), 'E0003');
    expectFailure(await alice.get(`/v1/pages/canvas/${canvasId}`), 'E1010');

    const page = expectData<PageDetail>(
      await alice.post(`/v1/pages/canvas/${canvasId}/nodes`, { nodeIds: [ids.doc!, ids.memo!, ids.web!] }),
    );
    expect(page).toMatchObject({ title: 'Launch', status: 'draft', canvasId, shareId: null });
    expect(page.nodeRelations.map((r) => [r.nodeId, r.nodeType, r.orderIndex])).toEqual([
      [ids.doc, 'document', 0],
      [ids.memo, 'memo', 1],
      [ids.web, 'website', 2],
    ]);
    expect(page.nodeRelations[0]!.entityId).toBe(doc.docId);
    expect(page.nodeRelations[2]!.nodeData).toMatchObject({
      title: 'web',
      metadata: { url: 'https://example.com' },
    });
    // Adding again keeps one page, no duplicates.
    const again = expectData<PageDetail>(
      await alice.post(`/v1/pages/canvas/${canvasId}/nodes`, { nodeIds: [ids.memo!] }),
    );
    expect(again.pageId).toBe(page.pageId);
    expect(again.nodeRelations).toHaveLength(3);
    expect(expectData<PageDetail>(await alice.get(`/v1/pages/canvas/${canvasId}`)).pageId).toBe(page.pageId);

    const moved = await json<PageDetail>(alice, 'PUT', `/v1/pages/${page.pageId}`, {
      title: 'Launch deck',
      description: 'For Monday',
      nodeRelations: [
        { nodeId: ids.web!, orderIndex: 0 },
        { nodeId: ids.doc!, orderIndex: 1 },
        { nodeId: ids.memo!, orderIndex: 2 },
      ],
      pageConfig: { layout: 'wide' },
    });
    expect(moved.body.data.nodeRelations.map((r) => r.nodeId)).toEqual([ids.web!, ids.doc!, ids.memo!]);
    expect(moved.body.data).toMatchObject({ title: 'Launch deck', description: 'For Monday' });
    expect(moved.body.data.pageConfig).toEqual({ layout: 'wide', theme: 'light', showDirectory: true });
    const badOrder = await json(alice, 'PUT', `/v1/pages/${page.pageId}`, {
      nodeRelations: [{ nodeId: ids.grp!, orderIndex: 0 }],
    });
    expect(badOrder.body.errCode).toBe('E0003');
    expect((await json(alice, 'PUT', `/v1/pages/${page.pageId}`, { title: 7 })).body.errCode).toBe('E0003');

    const removed = await json<PageDetail>(alice, 'DELETE', `/v1/pages/${page.pageId}/nodes/${ids.memo!}`);
    expect(removed.body.data.nodeRelations.map((r) => r.nodeId)).toEqual([ids.web!, ids.doc!]);
    expect((await json(alice, 'DELETE', `/v1/pages/${page.pageId}/nodes/${ids.memo!}`)).body.errCode).toBe(
      'E0003',
    );

    // Publish: a page share, slides in order, the document as a child share anyone can read.
    const share = expectData<ShareRecord>(await alice.post(`/v1/pages/${page.pageId}/share`));
    expect(share).toMatchObject({ entityType: 'page', entityId: page.pageId });
    const anon = server.client();
    const seen = expectData<SharedContent>(await anon.get('/v1/share/detail', { shareId: share.shareId }));
    if (seen.data.kind !== 'page') throw new Error(`a page snapshot, not ${seen.data.kind}`);
    expect(seen.data.title).toBe('Launch deck');
    expect(seen.data.slides.map((s) => s.nodeId)).toEqual([ids.web!, ids.doc!]);
    const childId = seen.data.slides[1]!.childShareId!;
    const child = expectData<SharedContent>(await anon.get('/v1/share/detail', { shareId: childId }));
    expect(child.data).toMatchObject({ kind: 'document', title: 'Plan' });
    const listed = (status?: string) =>
      alice
        .get<Page[]>('/v1/pages', status ? { status } : {})
        .then((r) => expectData(r).map((p) => p.pageId));
    expect(await listed('published')).toEqual([page.pageId]);
    expect(await listed('draft')).toEqual([]);
    expectFailure(await alice.get('/v1/pages', { status: 'gone' }), 'E0003');

    // Unpublish revokes the link.
    const draft = expectData<PageDetail>(await alice.post(`/v1/pages/${page.pageId}/unpublish`));
    expect(draft).toMatchObject({ status: 'draft', shareId: null });
    expectFailure(await anon.get('/v1/share/detail', { shareId: share.shareId }), 'E1009');
    expectFailure(await anon.get('/v1/share/detail', { shareId: childId }), 'E1009');
    expect(await listed('draft')).toEqual([page.pageId]);

    // Delete takes its share with it.
    const again2 = expectData<ShareRecord>(await alice.post(`/v1/pages/${page.pageId}/share`));
    expect((await json(alice, 'DELETE', `/v1/pages/${page.pageId}`)).body.success).toBe(true);
    expectFailure(await alice.get(`/v1/pages/${page.pageId}`), 'E1010');
    expectFailure(await anon.get('/v1/share/detail', { shareId: again2.shareId }), 'E1009');
    expect(await listed()).toEqual([]);
  });

  it("answers another user's and anonymous calls like a missing page on every route", async ({
    server,
    alice,
    bob,
  }) => {
    const { canvasId, ids } = await aliceCanvas(alice);
    const page = expectData<PageDetail>(
      await alice.post(`/v1/pages/canvas/${canvasId}/nodes`, { nodeIds: [ids.doc!, ids.memo!] }),
    );
    const id = page.pageId;
    expectFailure(await bob.post(`/v1/pages/canvas/${canvasId}/nodes`, { nodeIds: [ids.doc!] }), 'E1000');
    expectFailure(await bob.get(`/v1/pages/canvas/${canvasId}`), 'E1000');
    expectFailure(await bob.get(`/v1/pages/${id}`), 'E1010');
    expect(expectData<Page[]>(await bob.get('/v1/pages'))).toEqual([]);
    expect((await json(bob, 'PUT', `/v1/pages/${id}`, { title: 'Mine' })).body.errCode).toBe('E1010');
    expect((await json(bob, 'DELETE', `/v1/pages/${id}/nodes/${ids.doc!}`)).body.errCode).toBe('E1010');
    expectFailure(await bob.post(`/v1/pages/${id}/share`), 'E1010');
    expectFailure(await bob.post(`/v1/pages/${id}/unpublish`), 'E1010');
    expect((await json(bob, 'DELETE', `/v1/pages/${id}`)).body.errCode).toBe('E1010');
    // Bob cannot publish Alice's page through the generic share route either.
    expectFailure(await bob.post('/v1/share/new', { entityType: 'page', entityId: id }), 'E1010');

    const anon = server.client();
    const paths: [string, string][] = [
      ['POST', `/v1/pages/canvas/${canvasId}/nodes`],
      ['GET', `/v1/pages/canvas/${canvasId}`],
      ['GET', `/v1/pages/${id}`],
      ['GET', '/v1/pages'],
      ['PUT', `/v1/pages/${id}`],
      ['DELETE', `/v1/pages/${id}/nodes/${ids.doc!}`],
      ['POST', `/v1/pages/${id}/share`],
      ['POST', `/v1/pages/${id}/unpublish`],
      ['DELETE', `/v1/pages/${id}`],
    ];
    for (const [method, path] of paths) {
      const res = await anon.json(method, path, method === 'GET' || method === 'DELETE' ? undefined : {});
      expect(res.status, `${method} ${path}`).toBe(401);
    }
    // Nothing changed.
    const after = expectData<PageDetail>(await alice.get(`/v1/pages/${id}`));
    expect(after).toMatchObject({ title: page.title, status: 'draft' });
    expect(after.nodeRelations).toHaveLength(2);
  });

  it('sets and clears a page cover; publishing copies it into the share', async ({ server, alice, bob }) => {
    const { canvasId, ids } = await aliceCanvas(alice);
    const page = expectData<PageDetail>(
      await alice.post(`/v1/pages/canvas/${canvasId}/nodes`, { nodeIds: [ids.doc!, ids.memo!] }),
    );
    expect(page.coverUrl).toBeNull();
    const id = page.pageId;
    const cover = await uploadFile(alice.client, { body: PNG, name: 'cover.png', type: 'image/png' });
    const set = await json<PageDetail>(alice, 'PUT', `/v1/pages/${id}`, { coverStorageKey: cover });
    expect(set.body.success).toBe(true);
    const ownUrl = set.body.data.coverUrl!;
    expect(ownUrl).toContain(`/v1/misc/static/${encodeURIComponent(cover)}`);
    expect(expectData<PageDetail>(await alice.get(`/v1/pages/${id}`)).coverUrl).toBe(ownUrl);
    expect(expectData<Page[]>(await alice.get('/v1/pages')).find((p) => p.pageId === id)?.coverUrl).toBe(
      ownUrl,
    );
    // the owner loads her private upload; nobody else does
    const path = (url: string) => new URL(url, 'http://x').pathname;
    const isImage = async (res: Response) => {
      const type = res.headers.get('content-type') ?? '';
      await res.arrayBuffer();
      return type.startsWith('image/');
    };
    expect(await isImage(await alice.client.fetch(path(ownUrl)))).toBe(true);
    const anon = server.client();
    expect(await isImage(await anon.fetch(path(ownUrl)))).toBe(false);
    expect(await isImage(await bob.client.fetch(path(ownUrl)))).toBe(false);

    // Refused: not an image, not her file, no such file, not a string; Bob cannot set it.
    const text = await uploadFile(alice.client, { body: 'hello', name: 'a.txt', type: 'text/plain' });
    const bobs = await uploadFile(bob.client, { body: PNG, name: 'bob.png', type: 'image/png' });
    const put = (user: BuiltUser, body: unknown) => json<PageDetail>(user, 'PUT', `/v1/pages/${id}`, body);
    expect((await put(alice, { coverStorageKey: text })).body.errCode).toBe('E0003');
    expect((await put(alice, { coverStorageKey: bobs })).body.errCode).toBe('E1012');
    expect((await put(alice, { coverStorageKey: 'nope' })).body.errCode).toBe('E1012');
    expect((await put(alice, { coverStorageKey: 42 })).body.errCode).toBe('E0003');
    expect((await put(bob, { coverStorageKey: bobs })).body.errCode).toBe('E1010');
    expect((await put(bob, { coverStorageKey: null })).body.errCode).toBe('E1010');
    expect((await anon.json('PUT', `/v1/pages/${id}`, { coverStorageKey: null })).status).toBe(401);
    expect(expectData<PageDetail>(await alice.get(`/v1/pages/${id}`)).coverUrl).toBe(ownUrl);

    // Publish: the snapshot's cover is the share's copy, public with the link.
    const share = expectData<ShareRecord>(await alice.post(`/v1/pages/${id}/share`));
    const seen = expectData<SharedContent>(await anon.get('/v1/share/detail', { shareId: share.shareId }));
    if (seen.data.kind !== 'page') throw new Error(`a page snapshot, not ${seen.data.kind}`);
    const sharedUrl = seen.data.coverUrl!;
    expect(sharedUrl).toMatch(new RegExp(`/share/${share.shareId}/files/cover$`));
    expect(sharedUrl).not.toContain('/misc/static');
    const image = await anon.fetch(path(sharedUrl));
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
    // the page's HTML names it as the link preview image
    const html = await (await anon.fetch(`/share/${share.shareId}`)).text();
    expect(html).toContain(`/share/${share.shareId}/files/cover`);

    // Cleared: the page has none; publishing again removes the share's copy.
    expect((await put(alice, { coverStorageKey: null })).body.data.coverUrl).toBeNull();
    expectData<ShareRecord>(await alice.post(`/v1/pages/${id}/share`));
    const after = expectData<SharedContent>(await anon.get('/v1/share/detail', { shareId: share.shareId }));
    expect(after.data).toMatchObject({ kind: 'page', coverUrl: null });
    expect((await anon.fetch(path(sharedUrl))).status).toBe(404);
  });
});
