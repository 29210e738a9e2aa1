/**
 * One deletion path per entity: deleting a canvas, document, resource or project (directly or
 * through a project's deleteItems) leaves nothing behind — no label instances, references,
 * library index entries or chunks, collaborative state, file rows or stored objects. Each case
 * first checks that the things hanging on the item exist, so the test cannot pass vacuously.
 */
import { and, eq, inArray, or } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import {
  collabDocuments,
  collabUpdates,
  files,
  labelInstances,
  libraryChunks,
  libraryEntries,
  references,
} from '../src/db/schema/index.js';
import { buildResource, type BuiltUser } from './helpers/factories.js';
import { serverTest } from './helpers/fixtures.js';
import { createCanvas, createDocument, expectData } from './helpers/items.js';
import { createWithFile } from './helpers/resources.js';

type ItemType = 'canvas' | 'document' | 'resource';

let labelClassId: string;

const ok = async <T>(user: BuiltUser, path: string, body: unknown) =>
  expectData(await user.post<T>(`/v1${path}`, body));

/** Uploads a file recorded on the item (an image in a document, a canvas minimap…). */
async function attachFile(a: BuiltUser, entityType: ItemType | 'project', entityId: string): Promise<string> {
  const fd = new FormData();
  fd.append('file', new Blob(['attached']), 'attached.txt');
  fd.append('entityType', entityType);
  fd.append('entityId', entityId);
  const res = await a.client.fetch('/v1/misc/upload', { method: 'POST', body: fd });
  const json = (await res.json()) as { data?: { storageKey: string } };
  return json.data!.storageKey;
}

/** Creates an item with a label, a reference (documents, resources), index entries and a file on it. */
async function itemWithDependents(a: BuiltUser, type: ItemType): Promise<{ id: string; keys: string[] }> {
  let id: string;
  const keys: string[] = [];
  if (type === 'canvas') id = await createCanvas(a, 'Sailing canvas');
  else if (type === 'document') {
    id = (
      await ok<{ docId: string }>(a, '/knowledge/document/create', {
        title: 'Sailing',
        initialContent: 'Boats and sails',
      })
    ).docId;
  } else {
    const res = await createWithFile(a.client, {
      body: 'Boats and sails',
      name: 'sailing.txt',
      type: 'text/plain',
    });
    expect(res.success, JSON.stringify(res)).toBe(true);
    const made = res.data!;
    id = made.resourceId;
    keys.push(made.rawFileKey!);
  }
  keys.push(await attachFile(a, type, id));
  await ok(a, '/label/instance/new', { labelClassId, value: 'High', entityType: type, entityId: id });
  if (type !== 'canvas') {
    const other = await createDocument(a, 'Other');
    await ok(a, '/knowledge/reference/add', {
      references: [{ sourceType: type, sourceId: id, targetType: 'document', targetId: other }],
    });
  }
  // Resources are indexed by their job; documents and canvases by the search that follows.
  await a.server.server.ctx.queue.drain();
  await ok(a, '/search', { query: 'sailing' });
  return { id, keys };
}

/** What hangs on the item, counted per kind. */
async function leftovers(a: BuiltUser, type: ItemType | 'project', id: string, keys: string[]) {
  const server = a.server;
  const db = server.server.ctx.db;
  const count = async (rows: Promise<unknown[]>) => (await rows).length;
  const names = [type === 'document' ? `doc:${id}` : `canvas:${id}`];
  const stored = await Promise.all(keys.map((k) => server.server.ctx.storage.stat(k)));
  return {
    labels: await count(db.select().from(labelInstances).where(eq(labelInstances.entityId, id))),
    references: await count(
      db
        .select()
        .from(references)
        .where(or(eq(references.sourceId, id), eq(references.targetId, id))),
    ),
    entries: await count(db.select().from(libraryEntries).where(eq(libraryEntries.entityId, id))),
    chunks: await count(db.select().from(libraryChunks).where(eq(libraryChunks.entityId, id))),
    collab:
      (await count(db.select().from(collabDocuments).where(inArray(collabDocuments.name, names)))) +
      (await count(db.select().from(collabUpdates).where(inArray(collabUpdates.name, names)))),
    files: await count(
      db
        .select()
        .from(files)
        .where(and(eq(files.entityType, type), eq(files.entityId, id))),
    ),
    objects: stored.filter(Boolean).length,
  };
}

const NOTHING = { labels: 0, references: 0, entries: 0, chunks: 0, collab: 0, files: 0, objects: 0 };

/** What each kind must have before deletion (so the "after" check means something). */
function expectPresent(type: ItemType, found: typeof NOTHING, keys: string[]): void {
  expect(found.labels).toBe(1);
  expect(found.references).toBe(type === 'canvas' ? 0 : 1);
  expect(found.entries).toBe(1);
  if (type !== 'canvas') expect(found.chunks).toBeGreaterThan(0);
  if (type === 'resource') expect(found.collab).toBe(0);
  else expect(found.collab).toBeGreaterThan(0);
  expect(found.files).toBe(keys.length);
  expect(found.objects).toBe(keys.length);
}

const it = serverTest(
  {},
  {
    setup: async ({ alice: a }) => {
      labelClassId = (
        await ok<{ labelClassId: string }>(a, '/label/class/new', {
          name: 'T',
          displayName: 'T',
          prompt: 'p',
          labels: ['High'],
        })
      ).labelClassId;
    },
  },
);

const DELETE_PATH: Record<ItemType, [string, string]> = {
  canvas: ['/canvas/delete', 'canvasId'],
  document: ['/knowledge/document/delete', 'docId'],
  resource: ['/knowledge/resource/delete', 'resourceId'],
};

describe('deleting an item leaves nothing behind', () => {
  for (const type of ['canvas', 'document', 'resource'] as const) {
    it(`${type}: deleted directly`, async ({ alice: a }) => {
      const { id, keys } = await itemWithDependents(a, type);
      expectPresent(type, await leftovers(a, type, id, keys), keys);
      const [path, field] = DELETE_PATH[type];
      await ok(a, path, { [field]: id });
      expect(await leftovers(a, type, id, keys)).toEqual(NOTHING);
    });

    it(`${type}: deleted through its project`, async ({ alice: a }) => {
      const { id, keys } = await itemWithDependents(a, type);
      const { projectId } = await ok<{ projectId: string }>(a, '/project/new', { name: 'Items' });
      const items = [{ entityType: type, entityId: id }];
      await ok(a, '/project/updateItems', { projectId, operation: 'add', items });
      expectPresent(type, await leftovers(a, type, id, keys), keys);
      await ok(a, '/project/deleteItems', { projectId, items });
      expect(await leftovers(a, type, id, keys)).toEqual(NOTHING);
    });
  }

  it('project: its labels and files go, its items stay (outside any project)', async ({ alice: a }) => {
    const { projectId } = await ok<{ projectId: string }>(a, '/project/new', { name: 'Gone' });
    const canvasId = await createCanvas(a);
    await ok(a, '/project/updateItems', {
      projectId,
      operation: 'add',
      items: [{ entityType: 'canvas', entityId: canvasId }],
    });
    await ok(a, '/label/instance/new', {
      labelClassId,
      value: 'High',
      entityType: 'project',
      entityId: projectId,
    });
    const keys = [await attachFile(a, 'project', projectId)];
    const before = await leftovers(a, 'project', projectId, keys);
    expect({ labels: before.labels, files: before.files, objects: before.objects }).toEqual({
      labels: 1,
      files: 1,
      objects: 1,
    });
    await ok(a, '/project/delete', { projectId });
    expect(await leftovers(a, 'project', projectId, keys)).toEqual(NOTHING);
    const canvas = expectData(await a.get<{ projectId: string | null }>('/v1/canvas/detail', { canvasId }));
    expect(canvas.projectId ?? null).toBeNull();
  });

  it('a text resource without a file: its labels go too (they used to stay)', async ({ alice: a }) => {
    const { resourceId } = await buildResource(a, { title: 'Note', content: 'a note' });
    await ok(a, '/label/instance/new', {
      labelClassId,
      value: 'High',
      entityType: 'resource',
      entityId: resourceId,
    });
    expect((await leftovers(a, 'resource', resourceId, [])).labels).toBe(1);
    await ok(a, '/knowledge/resource/delete', { resourceId });
    expect((await leftovers(a, 'resource', resourceId, [])).labels).toBe(0);
  });
});
