// JSON Canvas import of a file in Obsidian's own shape, and its export back to the same file.
import { describe, expect, it } from 'vitest';
import { toJsonCanvas } from './json-canvas-export.js';
import { fromJsonCanvas } from './json-canvas-import.js';
import { JSON_CANVAS_STASH_KEY, type JsonCanvas } from './json-canvas-schema.js';
import { CANVAS_SCHEMA_VERSION, type CanvasNodeData } from './model.js';

const data = (patch: Partial<CanvasNodeData>): CanvasNodeData => ({
  title: '',
  entityId: '',
  contentPreview: '',
  metadata: {},
  ...patch,
});

describe('fromJsonCanvas on an Obsidian file', () => {
  it('imports a JSON Canvas file written by Obsidian', () => {
    const obsidian: JsonCanvas = {
      nodes: [
        {
          id: '6f0ad84f44ce9c17',
          type: 'group',
          x: -400,
          y: -300,
          width: 1000,
          height: 700,
          label: 'Reading',
        },
        { id: 'a1b2c3d4e5f60718', type: 'group', x: -380, y: -260, width: 500, height: 400, color: '5' },
        {
          id: '0123456789abcdef',
          type: 'text',
          x: -360,
          y: -240,
          width: 250,
          height: 60,
          text: '# Key idea\nCanvas files are **open**.',
        },
        {
          id: 'fedcba9876543210',
          type: 'file',
          x: 200,
          y: -200,
          width: 400,
          height: 400,
          file: 'Notes/Paper.md',
          subpath: '#Intro',
        },
        {
          id: '1111222233334444',
          type: 'file',
          x: 700,
          y: 0,
          width: 300,
          height: 200,
          file: 'Attachments/chart.png',
        },
        {
          id: '5555666677778888',
          type: 'link',
          x: 700,
          y: 300,
          width: 400,
          height: 300,
          url: 'https://jsoncanvas.org',
        },
      ],
      edges: [
        {
          id: 'e0',
          fromNode: '0123456789abcdef',
          fromSide: 'right',
          toNode: 'fedcba9876543210',
          toSide: 'left',
        },
        {
          id: 'e1',
          fromNode: 'fedcba9876543210',
          fromSide: 'bottom',
          toNode: '5555666677778888',
          toSide: 'top',
          toEnd: 'arrow',
          label: 'see also',
          color: '1',
        },
        { id: 'e2', fromNode: '1111222233334444', toNode: 'deleted-node' },
      ],
    };
    const snapshot = fromJsonCanvas(obsidian);
    expect(snapshot.schemaVersion).toBe(CANVAS_SCHEMA_VERSION);
    const get = (id: string) => snapshot.nodes.find((node) => node.id === id);
    expect(get('6f0ad84f44ce9c17')).toEqual({
      id: '6f0ad84f44ce9c17',
      type: 'group',
      position: { x: -400, y: -300 },
      width: 1000,
      height: 700,
      data: data({ title: 'Reading' }),
    });
    expect(get('a1b2c3d4e5f60718')).toMatchObject({
      parentId: '6f0ad84f44ce9c17',
      position: { x: 20, y: 40 },
      data: { metadata: { color: '5' } },
    });
    expect(get('0123456789abcdef')).toMatchObject({
      type: 'memo',
      parentId: 'a1b2c3d4e5f60718',
      position: { x: 20, y: 20 },
      data: { title: 'Key idea', contentPreview: '# Key idea\nCanvas files are **open**.' },
    });
    expect(get('fedcba9876543210')).toMatchObject({
      type: 'resource',
      parentId: '6f0ad84f44ce9c17',
      data: { title: 'Paper', metadata: { file: 'Notes/Paper.md', subpath: '#Intro' } },
    });
    expect(get('1111222233334444')).toMatchObject({ type: 'image', data: { title: 'chart' } });
    expect(get('1111222233334444')?.parentId).toBeUndefined();
    expect(get('5555666677778888')).toMatchObject({
      type: 'website',
      data: { title: 'https://jsoncanvas.org', metadata: { url: 'https://jsoncanvas.org' } },
    });
    const order = snapshot.nodes.map((node) => node.id);
    for (const node of snapshot.nodes) {
      if (node.parentId) expect(order.indexOf(node.parentId)).toBeLessThan(order.indexOf(node.id));
    }
    expect(snapshot.edges).toEqual([
      {
        id: 'e0',
        source: '0123456789abcdef',
        target: 'fedcba9876543210',
        sourceHandle: 'right',
        targetHandle: 'left',
      },
      {
        id: 'e1',
        source: 'fedcba9876543210',
        target: '5555666677778888',
        sourceHandle: 'bottom',
        targetHandle: 'top',
        data: { label: 'see also', color: '1', toEnd: 'arrow' },
      },
    ]);

    // Exporting it again gives Obsidian back the same nodes and edges it wrote.
    const back = toJsonCanvas(snapshot);
    const strip = <T extends object>(items: readonly T[] | undefined) =>
      (items ?? []).map((item) =>
        Object.fromEntries(Object.entries(item).filter(([key]) => key !== JSON_CANVAS_STASH_KEY)),
      );
    const sortById = (items: Record<string, unknown>[]) =>
      [...items].sort((a, b) => String(a.id).localeCompare(String(b.id)));
    expect(sortById(strip(back.nodes))).toEqual(sortById(strip(obsidian.nodes)));
    expect(strip(back.edges)).toEqual(strip(obsidian.edges?.slice(0, 2)));
  });
});
