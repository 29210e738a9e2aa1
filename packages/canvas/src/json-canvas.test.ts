// JSON Canvas export of our canvases and lossless re-import, including edits made in Obsidian.
import { describe, expect, it } from 'vitest';
import { CanvasValidationError } from './errors.js';
import { toJsonCanvas } from './json-canvas-export.js';
import { fromJsonCanvas } from './json-canvas-import.js';
import { JsonCanvasSchema } from './json-canvas-schema.js';
import { CANVAS_SCHEMA_VERSION, type CanvasNodeData, type CanvasSnapshot } from './model.js';
import { normalizeSnapshot } from './snapshot.js';

const data = (patch: Partial<CanvasNodeData>): CanvasNodeData => ({
  title: '',
  entityId: '',
  contentPreview: '',
  metadata: {},
  ...patch,
});

/** One node of every type, a nested group without a size, float positions, handles and edge data. */
const ours: CanvasSnapshot = normalizeSnapshot(
  [
    {
      id: 'g1',
      type: 'group',
      position: { x: 0.5, y: -10 },
      data: data({ title: 'Sources', metadata: { color: '4' } }),
    },
    { id: 'g2', type: 'group', position: { x: 20, y: 40 }, parentId: 'g1', data: data({}) },
    {
      id: 'memo',
      type: 'memo',
      position: { x: 10, y: 10 },
      parentId: 'g2',
      width: 240,
      height: 120,
      data: data({ contentPreview: 'Remember **this**' }),
    },
    {
      id: 'web',
      type: 'website',
      position: { x: 400, y: 0 },
      data: data({ title: 'Example', metadata: { url: 'https://example.com' } }),
    },
    {
      id: 'doc',
      type: 'document',
      position: { x: 800.25, y: 0 },
      data: data({ title: 'Report', entityId: 'd-1', contentPreview: 'First lines' }),
    },
    {
      id: 'res',
      type: 'resource',
      position: { x: 0, y: 600 },
      data: data({ title: 'Paper', entityId: 'r-1', metadata: { file: 'papers/p.pdf' } }),
    },
    {
      id: 'img',
      type: 'image',
      position: { x: 400, y: 600 },
      data: data({ title: 'Chart', entityId: 'f-1', metadata: { url: 'https://cdn.example/c.png' } }),
    },
    {
      id: 'code',
      type: 'codeArtifact',
      position: { x: 800, y: 600 },
      style: { opacity: 0.8 },
      data: data({ title: 'App', entityId: 'ca-1' }),
    },
    {
      id: 'skill',
      type: 'skill',
      position: { x: 0, y: 900 },
      data: data({ title: 'Ask', metadata: { query: 'why?' } }),
    },
    { id: 'tool', type: 'tool', position: { x: 300, y: 900 }, data: data({ title: 'Search' }) },
    {
      id: 'sr',
      type: 'skillResponse',
      position: { x: 600, y: 900 },
      data: data({ title: 'Answer', entityId: 'ar-1', contentPreview: 'Because.' }),
    },
    { id: 'tr', type: 'toolResponse', position: { x: 900, y: 900 }, data: data({ title: 'Results' }) },
    {
      id: 'mm',
      type: 'mindMap',
      position: { x: 0, y: 1200 },
      data: data({ title: 'Map', metadata: { root: { text: 'a' } } }),
    },
  ],
  [
    { id: 'e1', source: 'memo', target: 'web', sourceHandle: 'right', targetHandle: 'left' },
    {
      id: 'e2',
      source: 'doc',
      target: 'sr',
      type: 'smoothstep',
      data: { label: 'answers', color: '#ff0000', weight: 2 },
    },
    { id: 'e3', source: 'skill', target: 'tool', sourceHandle: 'out-1', data: { toEnd: 'none' } },
  ],
);

describe('toJsonCanvas / fromJsonCanvas', () => {
  it('exports valid JSON Canvas with absolute integer geometry and re-imports our export losslessly', () => {
    const exported = toJsonCanvas(ours);
    expect(JsonCanvasSchema.safeParse(exported).success).toBe(true);
    const byId = new Map((exported.nodes ?? []).map((node) => [node.id, node]));
    expect(byId.get('memo')).toMatchObject({
      type: 'text',
      text: 'Remember **this**',
      x: 31,
      y: 40,
      width: 240,
      height: 120,
    });
    expect(byId.get('g1')).toMatchObject({ type: 'group', label: 'Sources', color: '4', x: 1, y: -10 });
    expect(byId.get('web')).toMatchObject({ type: 'link', url: 'https://example.com' });
    expect(byId.get('doc')).toMatchObject({ type: 'text', text: '## Report\n\nFirst lines' });
    expect(byId.get('res')).toMatchObject({ type: 'file', file: 'papers/p.pdf' });
    expect(byId.get('img')).toMatchObject({ type: 'text', text: '![Chart](https://cdn.example/c.png)' });
    for (const node of exported.nodes ?? []) {
      expect([node.x, node.y, node.width, node.height].every(Number.isInteger)).toBe(true);
    }
    expect(exported.edges?.[0]).toMatchObject({
      fromNode: 'memo',
      toNode: 'web',
      fromSide: 'right',
      toSide: 'left',
    });
    expect(exported.edges?.[1]).toMatchObject({ label: 'answers', color: '#ff0000' });

    const reimported = fromJsonCanvas(JSON.parse(JSON.stringify(exported)));
    expect(reimported).toEqual(ours);
  });

  it('applies edits made in Obsidian to an exported canvas over the stash', () => {
    const exported = toJsonCanvas(ours);
    const nodes = (exported.nodes ?? []).map((node) => {
      if (node.id === 'memo' && node.type === 'text') return { ...node, text: 'Rewritten', x: node.x + 100 };
      if (node.id === 'web' && node.type === 'link')
        return { ...node, url: 'https://changed.example', color: '2' };
      if (node.id === 'doc' && node.type === 'text')
        return { ...node, text: '## Report v2\n\nNew body', width: 500 };
      if (node.id === 'g1' && node.type === 'group') return { ...node, label: 'Renamed' };
      return node;
    });
    const edited = fromJsonCanvas({ ...exported, nodes });
    const get = (id: string) => edited.nodes.find((node) => node.id === id);
    expect(get('memo')).toMatchObject({
      type: 'memo',
      position: { x: 110, y: 10 },
      parentId: 'g2',
      data: { contentPreview: 'Rewritten' },
    });
    expect(get('web')?.data.metadata).toEqual({ url: 'https://changed.example', color: '2' });
    expect(get('doc')).toMatchObject({
      width: 500,
      data: { title: 'Report v2', contentPreview: 'New body', entityId: 'd-1' },
    });
    expect(get('doc')?.height).toBeUndefined();
    expect(get('g1')?.data).toEqual(data({ title: 'Renamed', metadata: { color: '4' } }));
  });

  it('rejects files that are not JSON Canvas', () => {
    expect(() => fromJsonCanvas({ nodes: [{ id: 'x', type: 'text', x: 0, y: 0 }] })).toThrow(
      CanvasValidationError,
    );
    expect(() =>
      fromJsonCanvas({ nodes: [{ id: 'x', type: 'portal', x: 0, y: 0, width: 1, height: 1 }] }),
    ).toThrow(/invalid JSON Canvas/);
    const twice = { id: 'x', type: 'text', text: '', x: 0, y: 0, width: 1, height: 1 };
    expect(() => fromJsonCanvas({ nodes: [twice, twice] })).toThrow(/duplicate node ids/);
    expect(fromJsonCanvas({})).toEqual({ schemaVersion: CANVAS_SCHEMA_VERSION, nodes: [], edges: [] });
  });
});
