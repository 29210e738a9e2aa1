/**
 * Live share links over the `/collab` WebSocket (issue 31): a viewer's socket closes when its
 * share expires (on the server clock), and a read-only viewer cannot send stateless messages
 * (a forged `readOnly` or `error` never reaches the owner's open canvas), and presence carries
 * the names the server knows, never an owner's address.
 */
import { OutgoingMessage } from '@hocuspocus/server';
import { afterAll, describe, expect } from 'vitest';
import { addNode, getCanvasSnapshot } from '@atelier/canvas';
import type { ShareRecord } from '@atelier/contract';
import { connectCollab, openCollab, waitUntil, type CollabClient } from './helpers/collab-client.js';
import type { BuiltUser } from './helpers/factories.js';
import { serverTest } from './helpers/fixtures.js';
import { expectData } from './helpers/items.js';
import type { TestServer } from './helpers/server.js';

const it = serverTest({ RATE_LIMIT_PER_IP: '100000' });

const open: CollabClient[] = [];
afterAll(() => {
  for (const c of open.splice(0)) c.destroy();
});

const nodeIds = (client: CollabClient) => getCanvasSnapshot(client.doc).nodes.map((n) => n.id);
const memo = (id: string) => ({ id, type: 'memo' as const, position: { x: 0, y: 0 }, data: { title: id } });

/** Alice's new canvas, open in her own editor, and a live share of it (with `share` settings). */
async function sharedCanvas(alice: BuiltUser, share: Record<string, unknown> = {}) {
  const canvas = await alice.client.api.call('canvas.create', { body: { title: 'Live board' } });
  const name = `canvas:${canvas.canvasId}`;
  const owner = await openCollab(alice.client, name);
  open.push(owner);
  const rec = expectData<ShareRecord>(
    await alice.post('/v1/share/new', {
      entityType: 'canvas',
      entityId: canvas.canvasId,
      live: true,
      ...share,
    }),
  );
  return { canvas, name, owner, rec };
}

/** An anonymous viewer connected through the share's live token. */
async function viewerOf(server: TestServer, shareId: string): Promise<CollabClient> {
  const anon = server.client();
  const live = expectData<{ url: string; token: string; documentName: string }>(
    await anon.get('/v1/share/liveToken', { shareId }),
  );
  const result = await connectCollab(anon, live.documentName, { url: live.url, token: live.token });
  expect(result.readOnly).toBe(true);
  const viewer = result.client!;
  open.push(viewer);
  return viewer;
}

describe('stateless messages of read-only viewers', () => {
  it("a viewer's forged readOnly or error broadcast never reaches the owner", async ({ server, alice }) => {
    const { canvas, owner, rec } = await sharedCanvas(alice);
    const viewer = await viewerOf(server, rec.shareId);
    viewer.stopReconnecting();
    const forged = JSON.stringify({ source: 'server', type: 'readOnly', readOnly: true });
    // a broadcast to every peer (as a raw client can send it) and a message to the server
    const socket = viewer.provider.configuration.websocketProvider;
    socket.send(
      new OutgoingMessage(`canvas:${canvas.canvasId}`).writeBroadcastStateless(forged).toUint8Array(),
    );
    await waitUntil(() => viewer.closes.length > 0, 5000, "the refusal closing the viewer's socket");

    // positive signal, after the forged message was handled: a real read-only switch by the server
    await alice.client.api.call('canvas.update', { body: { canvasId: canvas.canvasId, readOnly: true } });
    const real = JSON.stringify({ source: 'server', type: 'readOnly', readOnly: true });
    await waitUntil(() => owner.stateless.includes(real), 5000, "the server's read-only message");
    expect(owner.stateless).toEqual([real]);
  });

  it("a viewer's stateless message to the server is refused too", async ({ server, alice }) => {
    const { owner, rec } = await sharedCanvas(alice);
    const viewer = await viewerOf(server, rec.shareId);
    viewer.stopReconnecting();
    viewer.provider.sendStateless(JSON.stringify({ type: 'error', errCode: 'E0003', message: 'forged' }));
    await waitUntil(() => viewer.closes.length > 0, 5000, "the refusal closing the viewer's socket");
    addNode(owner.doc, memo('after'));
    await owner.acknowledged();
    expect(owner.stateless).toEqual([]);
  });
});

describe('presence names a live share shows', () => {
  it("a viewer never sees the email's local part of an owner without a nickname, and cannot pose as her", async ({
    server,
    alice,
  }) => {
    const { owner, rec } = await sharedCanvas(alice);
    const viewer = await viewerOf(server, rec.shareId);
    const local = alice.email.split('@')[0]!;
    type Presence = { user?: { name?: string }; pointer?: { x: number } } | undefined;
    const seen = (watcher: CollabClient, from: CollabClient) =>
      watcher.provider.awareness!.getStates().get(from.provider.awareness!.clientID) as Presence;
    // what the web client used to publish for a user without a nickname: the address's local part
    owner.provider.awareness!.setLocalState({
      user: { name: local, color: 'var(--ant-blue-6)' },
      pointer: { x: 1, y: 2 },
    });
    await waitUntil(() => seen(viewer, owner)?.pointer?.x === 1, 5000, "the owner's presence on the viewer");
    expect(seen(viewer, owner)?.user?.name).toBe('Collaborator');
    const everything = JSON.stringify([...viewer.provider.awareness!.getStates().values()]);
    expect(everything).not.toContain(local);

    // a later change of the owner's presence is renamed too (not only the first)
    owner.provider.awareness!.setLocalStateField('pointer', { x: 3, y: 4 });
    await waitUntil(() => seen(viewer, owner)?.pointer?.x === 3, 5000, 'the moved pointer on the viewer');
    expect(JSON.stringify([...viewer.provider.awareness!.getStates().values()])).not.toContain(local);

    // the anonymous viewer cannot publish itself under the owner's name
    viewer.provider.awareness!.setLocalState({ user: { name: 'Alice (owner)' }, pointer: { x: 7, y: 7 } });
    await waitUntil(() => seen(owner, viewer)?.pointer?.x === 7, 5000, "the viewer's presence on the owner");
    expect(seen(owner, viewer)?.user?.name).toBe('Viewer');
  });
});

// Last in the file: these move the file's server clock ahead (past the access-token TTL too).
describe('live share expiry', () => {
  it("closes the viewer's socket when the share expires, and later edits no longer reach it", async ({
    server,
    alice,
  }) => {
    const expiresAt = new Date(server.clock.now() + 2 * 60_000).toISOString();
    const { name, owner, rec } = await sharedCanvas(alice, { expiresAt });
    const viewer = await viewerOf(server, rec.shareId);
    addNode(owner.doc, memo('before'));
    await waitUntil(() => nodeIds(viewer).includes('before'), 5000, 'the live edit before expiry');

    server.clock.advance(2 * 60_000 + 1_000);
    await waitUntil(() => viewer.closes.length > 0, 5000, "the viewer's close at expiry");

    addNode(owner.doc, memo('after'));
    await owner.acknowledged();
    // positive signal: a second editor of the owner's has the edit, so the server relayed it
    const second = await openCollab(alice.client, name);
    open.push(second);
    await waitUntil(() => nodeIds(second).includes('after'), 5000, 'the edit on a second editor');
    expect(nodeIds(viewer)).not.toContain('after');
  });

  it('a share extended before it expires keeps its viewer until the new expiry', async ({
    server,
    alice,
  }) => {
    const { owner, rec } = await sharedCanvas(alice, {
      expiresAt: new Date(server.clock.now() + 60 * 60_000).toISOString(),
    });
    const viewer = await viewerOf(server, rec.shareId);
    expectData(
      await alice.post('/v1/share/update', {
        shareId: rec.shareId,
        expiresAt: new Date(server.clock.now() + 3 * 60 * 60_000).toISOString(),
      }),
    );
    server.clock.advance(60 * 60_000 + 1_000);
    addNode(owner.doc, memo('still live'));
    await waitUntil(() => nodeIds(viewer).includes('still live'), 5000, 'the edit after the old expiry');
    expect(viewer.closes).toEqual([]);

    server.clock.advance(2 * 60 * 60_000);
    await waitUntil(() => viewer.closes.length > 0, 5000, "the viewer's close at the new expiry");
  });
  it('a share whose expiry is brought forward closes its viewer at the new, earlier expiry', async ({
    server,
    alice,
  }) => {
    // the earlier tests moved the clock past the access token's TTL
    expect((await alice.client.fetch('/v1/auth/refreshToken', { method: 'POST' })).status).toBe(200);
    const { rec } = await sharedCanvas(alice, {
      expiresAt: new Date(server.clock.now() + 2 * 60 * 60_000).toISOString(),
    });
    const viewer = await viewerOf(server, rec.shareId);
    expectData(
      await alice.post('/v1/share/update', {
        shareId: rec.shareId,
        expiresAt: new Date(server.clock.now() + 5 * 60_000).toISOString(),
      }),
    );
    server.clock.advance(5 * 60_000 + 1_000);
    await waitUntil(() => viewer.closes.length > 0, 5000, "the viewer's close at the earlier expiry");
  });

  it('an expiry weeks away is still reached (a timer never waits longer than a day)', async ({
    server,
    alice,
  }) => {
    const day = 24 * 60 * 60_000;
    // a timer past Node's 32-bit limit fires at once (and would be re-armed again and again)
    const overflows: string[] = [];
    const onWarning = (warning: Error) => void overflows.push(warning.name);
    process.on('warning', onWarning);
    // the earlier tests moved the clock past the access token's TTL
    expect((await alice.client.fetch('/v1/auth/refreshToken', { method: 'POST' })).status).toBe(200);
    const { owner, rec } = await sharedCanvas(alice, {
      expiresAt: new Date(server.clock.now() + 30 * day).toISOString(),
    });
    const viewer = await viewerOf(server, rec.shareId);
    server.clock.advance(day + 1_000);
    addNode(owner.doc, memo('a day later'));
    await waitUntil(() => nodeIds(viewer).includes('a day later'), 5000, 'the edit a day later');
    expect(viewer.closes).toEqual([]);
    for (let i = 1; i < 30; i++) server.clock.advance(day);
    await waitUntil(() => viewer.closes.length > 0, 5000, "the viewer's close after 30 days");
    process.off('warning', onWarning);
    expect(overflows).not.toContain('TimeoutOverflowWarning');
  });
});
