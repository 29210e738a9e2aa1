/**
 * Canvas nodes follow their entity: renaming a document, or changing an artifact's title or code,
 * rewrites the copies on every canvas that holds a node of it (live, and in the stored state the
 * canvas data route reads after a reload); nodes of other entities are left alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CanvasData } from '@atelier/contract';
import { buildUser, type BuiltUser } from './helpers/factories.js';
import { startTestServer, type TestServer } from './helpers/server.js';

let server: TestServer;
let alice: BuiltUser;

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_IP: '100000' });
  alice = await buildUser(server);
});
afterAll(async () => {
  await server?.close();
});

async function importCanvas(user: BuiltUser, title: string, nodes: unknown[]): Promise<string> {
  const fd = new FormData();
  const file = { format: 'atelier-canvas', version: 2, title, nodes, edges: [] };
  fd.append('file', new Blob([JSON.stringify(file)], { type: 'application/json' }), 'c.json');
  const res = (await (await user.client.fetch('/v1/canvas/import', { method: 'POST', body: fd })).json()) as {
    data: { canvasId: string };
  };
  return res.data.canvasId;
}

const node = (type: string, title: string, entityId: string, contentPreview = '') => ({
  id: title,
  type,
  position: { x: 0, y: 0 },
  data: { title, entityId, contentPreview },
});
const nodesOf = async (canvasId: string): Promise<CanvasData['nodes']> =>
  (await alice.client.api.call('canvas.data', { query: { canvasId } })).nodes;

describe('canvas nodes follow their entity', () => {
  it('a renamed document is renamed on every canvas that shows it, other nodes untouched', async () => {
    const doc = await alice.client.api.call('knowledge.document.create', {
      body: { title: 'Untitled document' },
    });
    const other = await alice.client.api.call('knowledge.document.create', { body: { title: 'Other' } });
    const one = await importCanvas(alice, 'One', [
      node('document', 'Untitled document', doc.docId),
      node('document', 'Other', other.docId),
    ]);
    const two = await importCanvas(alice, 'Two', [node('document', 'Untitled document', doc.docId)]);
    await alice.client.api.call('knowledge.document.update', {
      body: { docId: doc.docId, title: 'Field notes' },
    });
    const first = await nodesOf(one);
    expect(first.find((n) => n.data.entityId === doc.docId)?.data.title).toBe('Field notes');
    expect(first.find((n) => n.data.entityId === other.docId)?.data.title).toBe('Other');
    expect((await nodesOf(two))[0]?.data.title).toBe('Field notes');
  });

  it("an edited artifact's title and code preview follow on its node", async () => {
    const artifact = await alice.client.api.call('codeArtifact.new', {
      body: { type: 'html', title: 'Page', content: '<p>old</p>' },
    });
    const canvasId = await importCanvas(alice, 'Art', [
      node('codeArtifact', 'Page', artifact.artifactId, '<p>old</p>'),
    ]);
    await alice.client.api.call('codeArtifact.update', {
      body: { artifactId: artifact.artifactId, title: 'Landing', content: '<h1>new</h1>' },
    });
    expect((await nodesOf(canvasId))[0]?.data).toMatchObject({
      title: 'Landing',
      contentPreview: '<h1>new</h1>',
    });
  });
});
