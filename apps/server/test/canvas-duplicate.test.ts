/**
 * Canvas duplication over real HTTP: the copy is `duplicating` until the job has run, then
 * `ready` with the same graph; with `duplicateEntities` the documents its nodes point to are
 * copied (new ids, nodes rewritten, someone else's documents left alone); a job that keeps
 * failing ends in `duplicate_failed`; canvases left `duplicating` by a restart are resumed.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, vi } from 'vitest';
import type { CanvasData } from '@atelier/contract';
import { canvases } from '../src/db/schema/canvas.js';
import { type BuiltUser } from './helpers/factories.js';
import type { TestServer } from './helpers/server.js';
import { serverTest } from './helpers/fixtures.js';
import { importCanvas } from './helpers/items.js';

const it = serverTest({ RATE_LIMIT_PER_IP: '100000' });

const docNode = (id: string, entityId: string) => ({
  id,
  type: 'document',
  position: { x: 0, y: 0 },
  data: { title: id, entityId },
});
const data = (user: BuiltUser, canvasId: string) =>
  user.client.api.call('canvas.data', { query: { canvasId } });
// Imports give nodes fresh ids: nodes are named by their titles here.
const entityIds = (d: CanvasData) => Object.fromEntries(d.nodes.map((n) => [n.data.title, n.data.entityId]));
const settle = (server: TestServer) => server.server.ctx.queue.drain();

async function libraryOf(user: BuiltUser) {
  return user.client.api.call('knowledge.document.list', { query: { pageSize: 100 } });
}

describe('duplicate', () => {
  it('without the flag: a `duplicating` copy that becomes `ready` with the same graph and the same entity ids', async ({
    server,
    alice,
  }) => {
    const doc = await alice.client.api.call('knowledge.document.create', {
      body: { title: 'D', initialContent: 'shared' },
    });
    const source = await importCanvas(alice, 'Plan', [
      docNode('n1', doc.docId),
      { id: 'memo', type: 'memo', position: { x: 5, y: 5 }, data: { title: 'note' } },
    ]);
    const before = (await libraryOf(alice)).length;
    const copy = await alice.client.api.call('canvas.duplicate', { body: { canvasId: source } });
    expect(copy).toMatchObject({ status: 'duplicating', title: 'Plan (copy)' });
    expect(copy.canvasId).not.toBe(source);
    await settle(server);
    expect(
      await alice.client.api.call('canvas.detail', { query: { canvasId: copy.canvasId } }),
    ).toMatchObject({ status: 'ready' });
    const [a, b] = await Promise.all([data(alice, source), data(alice, copy.canvasId)]);
    expect(b.nodes).toEqual(a.nodes);
    expect(entityIds(b).n1).toBe(doc.docId);
    expect((await libraryOf(alice)).length).toBe(before);
  });

  it('with duplicateEntities: documents are copied with new ids and the nodes rewritten', async ({
    server,
    alice,
    bob,
  }) => {
    const d1 = await alice.client.api.call('knowledge.document.create', {
      body: { title: 'One', initialContent: '# One\n\n第一' },
    });
    const d2 = await alice.client.api.call('knowledge.document.create', {
      body: { title: 'Two', initialContent: 'two' },
    });
    const foreign = await bob.client.api.call('knowledge.document.create', {
      body: { title: 'Bob', initialContent: 'not yours' },
    });
    const source = await importCanvas(alice, 'Deep', [
      docNode('a', d1.docId),
      docNode('b', d1.docId),
      docNode('c', d2.docId),
      docNode('x', foreign.docId),
      docNode('gone', 'd-doesnotexist'),
    ]);
    const before = (await libraryOf(alice)).length;
    const copy = await alice.client.api.call('canvas.duplicate', {
      body: { canvasId: source, duplicateEntities: true, title: 'Deep copy' },
    });
    expect(copy.title).toBe('Deep copy');
    await settle(server);
    const ids = entityIds(await data(alice, copy.canvasId));
    expect(ids.a).toMatch(/^d-[a-z2-7]{20}$/);
    expect(ids.a).not.toBe(d1.docId);
    expect(ids.b).toBe(ids.a); // one document, one copy
    expect(ids.c).not.toBe(d2.docId);
    expect(ids.x).toBe(foreign.docId); // someone else's document is never copied
    expect(ids.gone).toBe('d-doesnotexist');
    expect((await libraryOf(alice)).length).toBe(before + 2);

    const copied = await alice.client.api.call('knowledge.document.detail', { query: { docId: ids.a! } });
    expect(copied).toMatchObject({ title: 'One', content: '# One\n\n第一\n' });
    // The copy is its own document: changing it leaves the original alone.
    await alice.client.api.call('knowledge.document.update', {
      body: { docId: ids.a!, content: 'changed copy' },
    });
    const original = await alice.client.api.call('knowledge.document.detail', { query: { docId: d1.docId } });
    expect(original.content).toBe('# One\n\n第一\n');
    // The source canvas still points at the originals.
    expect(entityIds(await data(alice, source)).a).toBe(d1.docId);
  });

  it('ends in duplicate_failed when copying keeps failing', async ({ server, alice }) => {
    // This server's canvas service copies code artifacts with a copier that always throws.
    const copier = vi.spyOn(server.server.services.canvases, 'copier').mockImplementation((type) =>
      type === 'codeArtifact'
        ? async () => {
            throw new Error('storage on fire');
          }
        : undefined,
    );
    try {
      const source = await importCanvas(alice, 'Fails', [
        {
          id: 'ca',
          type: 'codeArtifact',
          position: { x: 0, y: 0 },
          data: { title: 'code', entityId: 'ca-1' },
        },
      ]);
      const copy = await alice.client.api.call('canvas.duplicate', {
        body: { canvasId: source, duplicateEntities: true },
      });
      await settle(server);
      const after = await alice.client.api.call('canvas.detail', { query: { canvasId: copy.canvasId } });
      expect(after.status).toBe('duplicate_failed');
    } finally {
      copier.mockRestore();
    }
  });

  it('resumes canvases a previous run left `duplicating`', async ({ server, alice }) => {
    const source = await importCanvas(alice, 'Resume', [
      { id: 'm', type: 'memo', position: { x: 1, y: 2 }, data: { title: 'kept' } },
    ]);
    const target = await alice.client.api.call('canvas.create', { body: { title: 'Interrupted' } });
    const { db } = server.server.ctx;
    await db
      .update(canvases)
      .set({ status: 'duplicating', duplicateFrom: source })
      .where(eq(canvases.canvasId, target.canvasId));
    expect(await server.server.services.canvases.resumeDuplicates()).toBeGreaterThanOrEqual(1);
    await settle(server);
    expect(
      (await alice.client.api.call('canvas.detail', { query: { canvasId: target.canvasId } })).status,
    ).toBe('ready');
    expect((await data(alice, target.canvasId)).nodes.map((n) => n.data.title)).toEqual(['kept']);
  });

  it("answers E1000 for someone else's canvas and E1014 for a missing project", async ({ alice, bob }) => {
    const source = await importCanvas(alice, 'Mine', []);
    const asBob = await bob.client.json<{ errCode?: string }>('POST', '/v1/canvas/duplicate', {
      canvasId: source,
    });
    expect(asBob.body.errCode).toBe('E1000');
    const badProject = await alice.client.json<{ errCode?: string }>('POST', '/v1/canvas/duplicate', {
      canvasId: source,
      projectId: 'p-missing',
    });
    expect(badProject.body.errCode).toBe('E1014');
  });
});
