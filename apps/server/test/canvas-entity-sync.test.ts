/**
 * Canvas nodes follow their entity: renaming a document, or changing an artifact's title or code,
 * rewrites the copies on every canvas that holds a node of it (live, and in the stored state the
 * canvas data route reads after a reload); nodes of other entities are left alone.
 */
import { describe, expect } from 'vitest';
import type { CanvasData } from '@atelier/contract';
import { buildCodeArtifact, buildDocument, type BuiltUser } from './helpers/factories.js';
import { serverTest } from './helpers/fixtures.js';
import { expectData, importCanvas } from './helpers/items.js';

const it = serverTest({ RATE_LIMIT_PER_IP: '100000' });

const node = (type: string, title: string, entityId: string, contentPreview = '') => ({
  id: title,
  type,
  position: { x: 0, y: 0 },
  data: { title, entityId, contentPreview },
});
const nodesOf = async (user: BuiltUser, canvasId: string): Promise<CanvasData['nodes']> =>
  expectData(await user.get<CanvasData>('/v1/canvas/data', { canvasId })).nodes;

describe('canvas nodes follow their entity', () => {
  it('a renamed document is renamed on every canvas that shows it, other nodes untouched', async ({
    alice,
  }) => {
    const doc = await buildDocument(alice, { title: 'Untitled document' });
    const other = await buildDocument(alice, { title: 'Other' });
    const one = await importCanvas(alice, 'One', [
      node('document', 'Untitled document', doc.docId),
      node('document', 'Other', other.docId),
    ]);
    const two = await importCanvas(alice, 'Two', [node('document', 'Untitled document', doc.docId)]);
    expectData(await alice.post('/v1/knowledge/document/update', { docId: doc.docId, title: 'Field notes' }));
    const first = await nodesOf(alice, one);
    expect(first.find((n) => n.data.entityId === doc.docId)?.data.title).toBe('Field notes');
    expect(first.find((n) => n.data.entityId === other.docId)?.data.title).toBe('Other');
    expect((await nodesOf(alice, two))[0]?.data.title).toBe('Field notes');
  });

  it("an edited artifact's title and code preview follow on its node", async ({ alice }) => {
    const artifact = await buildCodeArtifact(alice, { type: 'html', title: 'Page', content: '<p>old</p>' });
    const canvasId = await importCanvas(alice, 'Art', [
      node('codeArtifact', 'Page', artifact.artifactId, '<p>old</p>'),
    ]);
    expectData(
      await alice.post('/v1/codeArtifact/update', {
        artifactId: artifact.artifactId,
        title: 'Landing',
        content: '<h1>new</h1>',
      }),
    );
    expect((await nodesOf(alice, canvasId))[0]?.data).toMatchObject({
      title: 'Landing',
      contentPreview: '<h1>new</h1>',
    });
  });

  it("another user's canvas naming the same id is not touched: a rename tells no one else the title", async ({
    alice,
    bob,
  }) => {
    const doc = await buildDocument(alice, { title: 'Draft' });
    const bobs = await importCanvas(bob, 'Probe', [node('document', 'Guess', doc.docId)]);
    const alices = await importCanvas(alice, 'Mine', [node('document', 'Draft', doc.docId)]);
    expectData(
      await alice.post('/v1/knowledge/document/update', { docId: doc.docId, title: 'Salary review' }),
    );
    expect((await nodesOf(alice, alices))[0]?.data.title).toBe('Salary review');
    expect((await nodesOf(bob, bobs))[0]?.data.title).toBe('Guess');
  });
});
