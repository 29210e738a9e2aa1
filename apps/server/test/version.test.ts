/**
 * Version history (issue 34 section 3): automatic versions after N minutes of editing (the test
 * clock) and when the last editor leaves, named versions, previews, restores that reach an open
 * client and can be undone, a document's diff against its current text, retention, and every
 * route refusing another user and bad input with catalogue codes.
 */
import { afterAll, describe, expect, vi } from 'vitest';
import type { Version, VersionDetail, VersionHistory, VersionRestoreResult } from '@atelier/contract';
import { addNode, getCanvasSnapshot, updateNode } from '@atelier/canvas';
import { markdownToYDoc } from '@atelier/editor';
import { openCollab, waitUntil, type CollabClient } from './helpers/collab-client.js';
import type { BuiltUser } from './helpers/factories.js';
import { serverTest } from './helpers/fixtures.js';
import { createCanvas, createDocument, expectData, expectFailure } from './helpers/items.js';

// Sessions outlive the clock moves of this file (10 minutes per automatic version, 31 days for retention).
const it = serverTest({
  VERSION_INTERVAL_MINUTES: '10',
  VERSION_RETENTION_DAYS: '30',
  ACCESS_TOKEN_TTL: '3650d',
  REFRESH_TOKEN_TTL: '3650d',
  RATE_LIMIT_PER_IP: '100000',
});

const MINUTE = 60_000;
const open: CollabClient[] = [];
afterAll(() => {
  for (const client of open.splice(0)) client.destroy();
});
async function live(user: BuiltUser, name: string): Promise<CollabClient> {
  const client = await openCollab(user.client, name);
  open.push(client);
  return client;
}

type Target = { entityType: 'canvas' | 'document'; entityId: string };
const canvasTarget = (entityId: string): Target => ({ entityType: 'canvas', entityId });
const docTarget = (entityId: string): Target => ({ entityType: 'document', entityId });

const history = async (user: BuiltUser, target: Target) =>
  expectData<VersionHistory>(await user.get('/v1/version/history', target));
const save = async (user: BuiltUser, target: Target, name: string) =>
  expectData<Version>(await user.post('/v1/version/create', { target, name }));
const detail = async (user: BuiltUser, target: Target, versionId: string) =>
  expectData<VersionDetail>(await user.get('/v1/version/detail', { ...target, versionId }));
const restore = async (user: BuiltUser, target: Target, versionId: string) =>
  expectData<VersionRestoreResult>(await user.post('/v1/version/restore', { target, versionId }));

/** Polls the history until `check` holds (the recording runs after the trigger). */
const historyUntil = (user: BuiltUser, target: Target, check: (h: VersionHistory) => boolean) =>
  vi.waitFor(
    async () => {
      const last = await history(user, target);
      if (!check(last)) throw new Error(`history does not match yet: ${JSON.stringify(last)}`);
      return last;
    },
    { timeout: 15_000, interval: 25 },
  );

const titles = (d: VersionDetail) =>
  d.content.kind === 'canvas' ? d.content.canvas.nodes.map((n) => n.data.title).sort() : [];
const liveTitles = (c: CollabClient) =>
  getCanvasSnapshot(c.doc)
    .nodes.map((n) => n.data.title)
    .sort();

describe('automatic versions', () => {
  it('are taken once the interval has passed after an edit, with its author and summary', async ({
    server,
    alice,
  }) => {
    const canvasId = await createCanvas(alice);
    const target = canvasTarget(canvasId);
    const a = await live(alice, `canvas:${canvasId}`);
    addNode(a.doc, { id: 'n-1', type: 'memo', position: { x: 0, y: 0 }, data: { title: 'one' } });
    addNode(a.doc, { id: 'n-2', type: 'memo', position: { x: 0, y: 100 }, data: { title: 'two' } });
    await a.acknowledged();
    expect((await history(alice, target)).versions).toEqual([]);
    server.clock.advance(9 * MINUTE);
    // not yet: nine minutes; a later edit does not restart the wait
    updateNode(a.doc, 'n-2', { data: { title: 'two, edited' } });
    await a.acknowledged();
    expect((await history(alice, target)).versions).toEqual([]);
    server.clock.advance(MINUTE + 1000);
    const h = await historyUntil(alice, target, (x) => x.versions.length === 1);
    const [version] = h.versions;
    expect(version).toMatchObject({
      kind: 'auto',
      name: null,
      author: { uid: alice.uid },
      summary: { kind: 'canvas', nodesAdded: 2, nodesRemoved: 0, nodesEdited: 0 },
      target,
    });
    expect(version!.size).toBeGreaterThan(0);
    expect(h.storageBytes).toBeGreaterThanOrEqual(version!.size);
    expect(h).toMatchObject({ retentionDays: 30, intervalMinutes: 10 });
    // edits since: the next one summarises only them
    updateNode(a.doc, 'n-1', { data: { title: 'one, edited' } });
    await a.acknowledged();
    server.clock.advance(10 * MINUTE + 1000);
    const next = await historyUntil(alice, target, (x) => x.versions.length === 2);
    expect(next.versions[0]!.summary).toEqual({
      kind: 'canvas',
      nodesAdded: 0,
      nodesRemoved: 0,
      nodesEdited: 1,
    });
    // no edits since: the interval passes without a new version
    server.clock.advance(10 * MINUTE + 1000);
    await save(alice, target, 'checkpoint');
    expect((await history(alice, target)).versions.map((v) => v.kind)).toEqual(['named', 'auto', 'auto']);
  });

  it('is taken when the last editor leaves a document with edits not in a version', async ({ alice }) => {
    const docId = await createDocument(alice);
    const target = docTarget(docId);
    const a = await live(alice, `doc:${docId}`);
    markdownToYDoc('Written before leaving', a.doc);
    await a.acknowledged();
    expect((await history(alice, target)).versions).toEqual([]);
    a.destroy();
    const h = await historyUntil(alice, target, (x) => x.versions.length === 1);
    expect(h.versions[0]).toMatchObject({
      kind: 'auto',
      author: { uid: alice.uid },
      summary: { kind: 'document', charsAdded: 'Written before leaving'.length, charsRemoved: 0 },
    });
    const d = await detail(alice, target, h.versions[0]!.versionId);
    expect(d.content).toMatchObject({ kind: 'document', markdown: 'Written before leaving\n' });
  });
});

describe('named versions, preview and restore', () => {
  it('saves a named version and previews what it held after later edits', async ({ alice }) => {
    const canvasId = await createCanvas(alice);
    const target = canvasTarget(canvasId);
    const a = await live(alice, `canvas:${canvasId}`);
    addNode(a.doc, { id: 'n-a', type: 'memo', position: { x: 0, y: 0 }, data: { title: 'Alpha' } });
    await a.acknowledged();
    const named = await save(alice, target, '  First draft ');
    expect(named).toMatchObject({ kind: 'named', name: 'First draft', author: { uid: alice.uid } });
    addNode(a.doc, { id: 'n-b', type: 'memo', position: { x: 0, y: 100 }, data: { title: 'Beta' } });
    await a.acknowledged();
    const d = await detail(alice, target, named.versionId);
    expect(titles(d)).toEqual(['Alpha']);
    expect(d.version.versionId).toBe(named.versionId);
    if (d.content.kind !== 'canvas') throw new Error('a canvas version');
    expect(d.content.canvas.owner?.uid).toBe(alice.uid);
  });

  it('restores a version into the live canvas (a second client sees it), and the undo brings it back', async ({
    alice,
  }) => {
    const canvasId = await createCanvas(alice);
    const target = canvasTarget(canvasId);
    const name = `canvas:${canvasId}`;
    const a = await live(alice, name);
    const b = await live(alice, name);
    addNode(a.doc, { id: 'n-1', type: 'memo', position: { x: 0, y: 0 }, data: { title: 'kept' } });
    await a.acknowledged();
    const v1 = await save(alice, target, 'one node');
    addNode(a.doc, { id: 'n-2', type: 'memo', position: { x: 0, y: 100 }, data: { title: 'added later' } });
    await a.acknowledged();
    await waitUntil(() => liveTitles(b).length === 2, 5000, 'the second node on B');

    const result = await restore(alice, target, v1.versionId);
    expect(result.version).toMatchObject({
      kind: 'restore',
      restoredFrom: v1.versionId,
      author: { uid: alice.uid },
      summary: { kind: 'canvas', nodesAdded: 0, nodesRemoved: 1, nodesEdited: 0 },
    });
    await waitUntil(() => liveTitles(b).join() === 'kept', 5000, 'the restore on B');
    expect(liveTitles(a)).toEqual(['kept']);
    const h = await history(alice, target);
    // the state before the restore was saved first, and nothing older was touched
    expect(h.versions.map((v) => v.kind)).toEqual(['restore', 'auto', 'named']);
    expect(h.versions[1]!.versionId).toBe(result.undoVersionId);
    expect(titles(await detail(alice, target, result.undoVersionId))).toEqual(['added later', 'kept']);

    // undo: restoring the saved state brings the node back, again as a new version
    const undo = await restore(alice, target, result.undoVersionId);
    await waitUntil(() => liveTitles(b).length === 2, 5000, 'the undo on B');
    expect(undo.version.restoredFrom).toBe(result.undoVersionId);
    expect(undo.undoVersionId).toBe(result.version.versionId);
    expect((await history(alice, target)).versions.map((v) => v.kind)).toEqual([
      'restore',
      'restore',
      'auto',
      'named',
    ]);
    const data = expectData<{ nodes: unknown[] }>(await alice.get('/v1/canvas/data', { canvasId }));
    expect(data.nodes).toHaveLength(2);
  });

  it("shows a document version's diff against the current text, and restores the text", async ({ alice }) => {
    const docId = await createDocument(alice);
    const target = docTarget(docId);
    expectData(
      await alice.post('/v1/knowledge/document/update', { docId, content: 'Hello world, 你好世界' }),
    );
    const named = await save(alice, target, 'greeting');
    expectData(
      await alice.post('/v1/knowledge/document/update', { docId, content: 'Hello brave new world, 你好' }),
    );
    const d = await detail(alice, target, named.versionId);
    if (d.content.kind !== 'document') throw new Error('a document version');
    expect(d.content.markdown).toBe('Hello world, 你好世界\n');
    const added = d.content.diff.filter((p) => p.op === 'added').map((p) => p.text);
    const removed = d.content.diff.filter((p) => p.op === 'removed').map((p) => p.text);
    expect(added.join('')).toContain('brave new');
    expect(removed.join('')).toContain('世界');
    // the parts put together give each text back
    expect(
      d.content.diff
        .filter((p) => p.op !== 'added')
        .map((p) => p.text)
        .join(''),
    ).toBe(d.content.markdown);
    expect(
      d.content.diff
        .filter((p) => p.op !== 'removed')
        .map((p) => p.text)
        .join(''),
    ).toBe('Hello brave new world, 你好\n');
    const result = await restore(alice, target, named.versionId);
    expect(result.version.summary).toMatchObject({ kind: 'document' });
    const doc = expectData<{ content: string }>(await alice.get('/v1/knowledge/document/detail', { docId }));
    expect(doc.content).toBe('Hello world, 你好世界\n');
  });
});

describe('who may see and change versions', () => {
  it('answers another user the entity not-found code on every route, and changes nothing', async ({
    alice,
    bob,
  }) => {
    const canvasId = await createCanvas(alice);
    const docId = await createDocument(alice);
    const cases = [
      { target: canvasTarget(canvasId), code: 'E1000' },
      { target: docTarget(docId), code: 'E1003' },
    ];
    for (const { target, code } of cases) {
      const version = await save(alice, target, 'private');
      const before = await history(alice, target);
      expectFailure(await bob.get('/v1/version/history', target), code);
      expectFailure(await bob.post('/v1/version/create', { target, name: 'mine now' }), code);
      expectFailure(await bob.get('/v1/version/detail', { ...target, versionId: version.versionId }), code);
      expectFailure(await bob.post('/v1/version/restore', { target, versionId: version.versionId }), code);
      // the same answer as for an id that does not exist
      const missing = { entityType: target.entityType, entityId: `${target.entityId}x` };
      expectFailure(await alice.get('/v1/version/history', missing), code);
      expect(await history(alice, target)).toEqual(before);
    }
    // Bob's own canvas with Alice's version id: no such version there
    const bobs = canvasTarget(await createCanvas(bob));
    const alices = (await history(alice, canvasTarget(canvasId))).versions[0]!;
    expectFailure(await bob.get('/v1/version/detail', { ...bobs, versionId: alices.versionId }), 'E1021');
    expectFailure(
      await bob.post('/v1/version/restore', { target: bobs, versionId: alices.versionId }),
      'E1021',
    );
    const anonymous = await alice.server.client().get('/v1/version/history', canvasTarget(canvasId));
    expect(anonymous.status).toBe(401);
  });

  it('refuses bad input with E0003, unknown versions with E1021, and restores into a read-only document', async ({
    alice,
  }) => {
    const docId = await createDocument(alice);
    const target = docTarget(docId);
    expectFailure(
      await alice.get('/v1/version/history', { entityType: 'resource', entityId: docId }),
      'E0003',
    );
    expectFailure(await alice.get('/v1/version/history', { entityType: 'document' }), 'E0003');
    expectFailure(await alice.post('/v1/version/create', { target, name: '   ' }), 'E0003');
    expectFailure(await alice.post('/v1/version/create', { target, name: 'x'.repeat(121) }), 'E0003');
    expectFailure(await alice.post('/v1/version/create', { target }), 'E0003');
    expectFailure(await alice.get('/v1/version/detail', target), 'E0003');
    expectFailure(await alice.get('/v1/version/detail', { ...target, versionId: 'ver-nothing' }), 'E1021');
    expectFailure(await alice.post('/v1/version/restore', { target, versionId: 'ver-nothing' }), 'E1021');
    const version = await save(alice, target, 'before read-only');
    expectData(await alice.post('/v1/knowledge/document/update', { docId, readOnly: true }));
    const message = expectFailure(
      await alice.post('/v1/version/restore', { target, versionId: version.versionId }),
      'E0003',
    );
    expect(message).toContain('read-only');
    expect((await history(alice, target)).versions).toHaveLength(1);
  });
});

describe('retention', () => {
  // last in the file: it moves the clock 31 days
  it('prunes automatic versions after the retention and keeps named ones', async ({ server, alice }) => {
    const docId = await createDocument(alice);
    const target = docTarget(docId);
    const a = await live(alice, `doc:${docId}`);
    markdownToYDoc('Draft', a.doc);
    await a.acknowledged();
    a.destroy();
    await historyUntil(alice, target, (h) => h.versions.length === 1);
    expectData(await alice.post('/v1/knowledge/document/update', { docId, content: 'Draft, named' }));
    await save(alice, target, 'keep me');
    const before = await history(alice, target);
    expect(before.versions.map((v) => v.kind)).toEqual(['named', 'auto']);
    server.clock.advance(31 * 24 * 60 * MINUTE);
    // the worker's daily prune runs on the moved clock
    const after = await historyUntil(alice, target, (h) => h.versions.length === 1);
    expect(after.versions.map((v) => v.name)).toEqual(['keep me']);
    expect(after.storageBytes).toBeLessThan(before.storageBytes);
    expect(after.storageBytes).toBeGreaterThan(0);
    const kept = await detail(alice, target, after.versions[0]!.versionId);
    expect(kept.content).toMatchObject({ kind: 'document', markdown: 'Draft, named\n' });
  });
});
