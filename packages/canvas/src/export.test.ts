// The atelier-canvas file format: export, import with fresh ids, older versions.
import { describe, expect, it } from 'vitest';
import type * as Y from 'yjs';
import { addEdge, addNode, createCanvasDoc } from './doc.js';
import { CanvasValidationError } from './errors.js';
import { ATELIER_CANVAS_FORMAT, exportCanvas, importCanvas } from './export.js';
import { CANVAS_SCHEMA_VERSION } from './model.js';
import { applySnapshot, getCanvasSnapshot } from './snapshot.js';

function sampleDoc(): Y.Doc {
  const doc = createCanvasDoc();
  addNode(doc, {
    id: 'g',
    type: 'group',
    position: { x: 0, y: 0 },
    width: 800,
    height: 600,
    data: { title: 'G' },
  });
  addNode(doc, {
    id: 'a',
    type: 'document',
    position: { x: 20, y: 30 },
    parentId: 'g',
    data: { title: 'A', entityId: 'd-1' },
  });
  addNode(doc, { id: 'b', type: 'memo', position: { x: 900, y: 0 }, data: { contentPreview: 'note' } });
  addEdge(doc, { id: 'e', source: 'a', target: 'b', data: { label: 'refs' } });
  return doc;
}

describe('exportCanvas / importCanvas', () => {
  it('exports a versioned file and imports it with fresh ids, parents and edges remapped', () => {
    const original = getCanvasSnapshot(sampleDoc());
    const file = exportCanvas(original, 'My canvas');
    expect(file).toMatchObject({
      format: ATELIER_CANVAS_FORMAT,
      version: CANVAS_SCHEMA_VERSION,
      title: 'My canvas',
    });

    let n = 0;
    const { title, snapshot } = importCanvas(JSON.parse(JSON.stringify(file)), {
      createId: (kind) => `${kind}-new-${(n += 1)}`,
    });
    expect(title).toBe('My canvas');
    const ids = new Map(original.nodes.map((node, i) => [node.id, snapshot.nodes[i]?.id]));
    expect(snapshot.nodes.map((node) => node.id).every((id) => id.startsWith('node-new-'))).toBe(true);
    expect(snapshot.nodes.find((node) => node.data.title === 'A')?.parentId).toBe(ids.get('g'));
    expect(snapshot.edges).toEqual([
      {
        id: expect.stringMatching(/^edge-new-/),
        source: ids.get('a'),
        target: ids.get('b'),
        data: { label: 'refs' },
      },
    ]);
    // Apart from ids, the content is the same.
    const withoutIds = (s: typeof original) =>
      s.nodes.map(({ id: _id, parentId: _p, ...rest }) => rest).sort((x, y) => x.position.x - y.position.x);
    expect(withoutIds(snapshot)).toEqual(withoutIds(original));

    // The imported snapshot loads into a fresh document as is.
    const doc = createCanvasDoc();
    applySnapshot(doc, snapshot);
    expect(getCanvasSnapshot(doc)).toEqual(snapshot);
  });

  it('imports an older (version 1) export through the migrations', () => {
    const { snapshot } = importCanvas({
      format: ATELIER_CANVAS_FORMAT,
      version: 1,
      title: 'Old',
      nodes: [
        { id: 'x', type: 'artifact', position: [1, 2], data: { title: 'Widget' } },
        { id: 'y', type: 'memo', position: [3, 4] },
      ],
      edges: [{ source: 'x', target: 'y' }],
    });
    expect(snapshot.nodes.map((node) => node.type).sort()).toEqual(['codeArtifact', 'memo']);
    expect(snapshot.edges).toHaveLength(1);
    expect(snapshot.nodes.some((node) => node.id === 'x')).toBe(false);
  });

  it('rejects other files', () => {
    expect(() => importCanvas({ format: 'other', version: 2, title: 't', nodes: [] })).toThrow(
      CanvasValidationError,
    );
    expect(() => importCanvas({ format: ATELIER_CANVAS_FORMAT, version: 9, title: 't', nodes: [] })).toThrow(
      /unsupported canvas schema version 9/,
    );
  });
});
