/**
 * Scaled out: two server processes on one PostgreSQL and one Redis (REDIS_URL, as CI sets it).
 * Clients connected to different instances converge through the Hocuspocus Redis extension, and
 * an API write made on one instance reaches an editor connected to the other; a live share revoked
 * (or closed) on one instance closes its viewers' sockets on the other.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addNode, getNodeCount } from '@atelier/canvas';
import { markdownToYDoc, yDocToMarkdown } from '@atelier/editor';
import { loadConfig } from '../src/config.js';
import { startServer, type RunningServer } from '../src/server.js';
import { connectCollab, openCollab, waitUntil, type CollabClient } from './helpers/collab-client.js';
import { createTestDatabase, testDbKind, type TestDatabase } from './helpers/db.js';
import { createTestClient, type TestClient } from './helpers/http.js';
import { dropRedisKeys, testRedisPrefix } from './helpers/redis.js';

const REDIS_URL = process.env.REDIS_URL;
// this file's own keys and channels: another test run on the same Redis (a second `npm test` on
// the machine) must not take its jobs, share its rate-limit windows or hear its collab messages
const REDIS_PREFIX = testRedisPrefix();

describe.skipIf(!REDIS_URL || testDbKind() !== 'postgres')(
  'collaboration across two instances (Redis fan-out)',
  () => {
    let database: TestDatabase;
    const servers: RunningServer[] = [];
    const dirs: string[] = [];
    const clients: CollabClient[] = [];
    let onA: TestClient;
    let onB: TestClient;

    async function start(roles: string): Promise<RunningServer> {
      const dataDir = mkdtempSync(join(tmpdir(), 'atelier-redis-'));
      dirs.push(dataDir);
      const server = await startServer(
        loadConfig({
          NODE_ENV: 'test',
          PORT: '0',
          HOST: '127.0.0.1',
          LOG_LEVEL: 'silent',
          DATA_DIR: dataDir,
          DATABASE_URL: database.url!,
          REDIS_URL: REDIS_URL!,
          REDIS_PREFIX,
          ROLES: roles,
          EMAIL_VERIFICATION: 'false',
          JWT_SECRET: 'a-shared-secret-for-both-instances-0123456789',
        }),
      );
      servers.push(server);
      return server;
    }

    beforeAll(async () => {
      database = await createTestDatabase();
      const a = await start('api,worker,collab');
      const b = await start('api,collab');
      onA = createTestClient(a.url);
      await onA.api.call('auth.email.signup', {
        body: { email: 'scaled@example.com', password: 'correct horse battery' },
      });
      onB = createTestClient(b.url);
      await onB.api.call('auth.email.login', {
        body: { email: 'scaled@example.com', password: 'correct horse battery' },
      });
    });
    afterAll(async () => {
      for (const c of clients.splice(0)) c.destroy();
      for (const s of servers.splice(0).reverse()) await s.close().catch(() => undefined);
      await database?.drop();
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
      await dropRedisKeys(REDIS_URL!, REDIS_PREFIX);
    });

    it('clients on different instances converge on a document and on a canvas', async () => {
      const doc = await onA.api.call('knowledge.document.create', {
        body: { title: 'Shared', initialContent: 'start' },
      });
      const x = await openCollab(onA, `doc:${doc.docId}`);
      const y = await openCollab(onB, `doc:${doc.docId}`);
      clients.push(x, y);
      markdownToYDoc('start\n\nfrom instance A', x.doc);
      await waitUntil(() => yDocToMarkdown(y.doc).includes('from instance A'), 10_000, 'A → B');
      markdownToYDoc('start\n\nfrom instance A\n\nfrom instance B', y.doc);
      await waitUntil(() => yDocToMarkdown(x.doc).includes('from instance B'), 10_000, 'B → A');

      const canvas = await onB.api.call('canvas.create', { body: { title: 'Shared canvas' } });
      const c1 = await openCollab(onA, `canvas:${canvas.canvasId}`);
      const c2 = await openCollab(onB, `canvas:${canvas.canvasId}`);
      clients.push(c1, c2);
      addNode(c1.doc, { type: 'memo', position: { x: 0, y: 0 }, data: { title: 'a' } });
      addNode(c2.doc, { type: 'memo', position: { x: 9, y: 9 }, data: { title: 'b' } });
      await waitUntil(
        () => getNodeCount(c1.doc) === 2 && getNodeCount(c2.doc) === 2,
        10_000,
        'both nodes everywhere',
      );
    });

    it('an instance without the collab role accepts no WebSocket', async () => {
      const apiOnly = await start('api');
      const { WebSocket } = await import('ws');
      const ws = new WebSocket(`${apiOnly.url.replace('http', 'ws')}/collab`);
      const outcome = await new Promise<string>((resolve) => {
        ws.on('open', () => resolve('open'));
        ws.on('error', () => resolve('refused'));
      });
      ws.terminate();
      expect(outcome).toBe('refused');
    });

    it('read-only switched on one instance refuses edits of an editor connected to the other', async () => {
      const doc = await onA.api.call('knowledge.document.create', {
        body: { title: 'Locked elsewhere', initialContent: 'before' },
      });
      const editor = await openCollab(onB, `doc:${doc.docId}`);
      clients.push(editor);
      await onA.api.call('knowledge.document.update', { body: { docId: doc.docId, readOnly: true } });
      await waitUntil(
        () =>
          editor.stateless.includes(JSON.stringify({ source: 'server', type: 'readOnly', readOnly: true })),
        10_000,
        'the read-only message on B',
      );
      markdownToYDoc('after the lock', editor.doc);
      await new Promise((r) => setTimeout(r, 500));
      const detail = await onA.api.call('knowledge.document.detail', { query: { docId: doc.docId } });
      expect(detail.content).toBe('before\n');

      // deleting it on A closes the editor's connection on B
      await onA.api.call('knowledge.document.delete', { body: { docId: doc.docId } });
      await waitUntil(() => editor.closes.length > 0, 10_000, 'the connection on B closed');
    });

    it("revoking a live share, or turning its access off, on one instance closes its viewers' sockets on the other", async () => {
      const canvas = await onA.api.call('canvas.create', { body: { title: 'Live elsewhere' } });
      const owner = await openCollab(onA, `canvas:${canvas.canvasId}`);
      clients.push(owner);
      const anonOnB = createTestClient(servers[1]!.url);
      const viewerOnB = async (shareId: string): Promise<CollabClient> => {
        const live = await anonOnB.api.call('share.liveToken', { query: { shareId } });
        const result = await connectCollab(anonOnB, live.documentName, { url: live.url, token: live.token });
        expect(result.readOnly).toBe(true);
        clients.push(result.client!);
        return result.client!;
      };
      const revoked = await onA.api.call('share.new', {
        body: { entityType: 'canvas', entityId: canvas.canvasId, live: true },
      });
      const viewer = await viewerOnB(revoked.shareId);
      addNode(owner.doc, { id: 'seen', type: 'memo', position: { x: 0, y: 0 }, data: { title: 'seen' } });
      await waitUntil(() => getNodeCount(viewer.doc) === 1, 10_000, 'the live edit on B');
      await onA.api.call('share.delete', { body: { shareId: revoked.shareId } });
      await waitUntil(() => viewer.closes.length > 0, 10_000, "the revoked viewer's close on B");

      const closed = await onA.api.call('share.new', {
        body: { entityType: 'canvas', entityId: canvas.canvasId, live: true },
      });
      const second = await viewerOnB(closed.shareId);
      await onA.api.call('share.update', { body: { shareId: closed.shareId, access: 'off' } });
      await waitUntil(() => second.closes.length > 0, 10_000, "the viewer's close on B after access off");
    });

    it('an API write on one instance reaches an editor connected to the other', async () => {
      const doc = await onA.api.call('knowledge.document.create', { body: { title: 'Pushed' } });
      const editor = await openCollab(onB, `doc:${doc.docId}`);
      clients.push(editor);
      await onA.api.call('knowledge.document.update', {
        body: { docId: doc.docId, content: 'written through instance A' },
      });
      await waitUntil(
        () => yDocToMarkdown(editor.doc) === 'written through instance A\n',
        10_000,
        'API write on B',
      );
      expect(yDocToMarkdown(editor.doc)).toBe('written through instance A\n');
    });
  },
);
