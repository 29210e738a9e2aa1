/**
 * Canvas files over real HTTP: export as Atelier JSON and JSON Canvas (file downloads with a
 * proper name), import of both (round trips, and a JSON Canvas file written by hand in
 * Obsidian's shape), the node limit on import, and bad files.
 */
import { describe, expect } from 'vitest';
import type { CanvasData } from '@atelier/contract';
import { buildUser, type BuiltUser } from './helpers/factories.js';
import { type Wrapped } from './helpers/http.js';
import { serverTest } from './helpers/fixtures.js';

const it = serverTest({ CANVAS_MAX_NODES: '5', RATE_LIMIT_PER_IP: '100000' });

interface CanvasAnswer {
  canvasId: string;
  title: string;
  status: string;
  projectId: string | null;
}

async function importFile(
  user: BuiltUser,
  content: string,
  filename: string,
  fields: Record<string, string> = {},
) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  fd.append('file', new Blob([content], { type: 'application/json' }), filename);
  const res = await user.client.fetch('/v1/canvas/import', { method: 'POST', body: fd });
  return (await res.json()) as Wrapped<CanvasAnswer>;
}

const data = (user: BuiltUser, canvasId: string) =>
  user.client.api.call('canvas.data', { query: { canvasId } });

/** Nodes and edges without ids (imports give fresh ids), edges named by their ends' titles. */
function shape(d: CanvasData) {
  const titleOf = new Map(d.nodes.map((n) => [n.id, n.data.title]));
  return {
    nodes: d.nodes
      .map((n) => ({
        type: n.type,
        position: n.position,
        title: n.data.title,
        preview: n.data.contentPreview,
        parent: n.parentId ? titleOf.get(n.parentId) : undefined,
      }))
      .sort((a, b) => a.title.localeCompare(b.title)),
    edges: d.edges.map((e) => `${titleOf.get(e.source)}->${titleOf.get(e.target)}`).sort(),
  };
}

const SAMPLE = {
  format: 'atelier-canvas',
  version: 2,
  title: 'Research 研究',
  nodes: [
    { id: 'g', type: 'group', position: { x: 0, y: 0 }, width: 600, height: 400, data: { title: 'Group' } },
    {
      id: 'm',
      type: 'memo',
      position: { x: 20, y: 40 },
      parentId: 'g',
      data: { title: 'Memo', contentPreview: '要点 one' },
    },
    {
      id: 'w',
      type: 'website',
      position: { x: 700, y: 0 },
      data: { title: 'Site', metadata: { url: 'https://example.com' } },
    },
    {
      id: 'd',
      type: 'document',
      position: { x: 700, y: 300 },
      data: { title: 'Doc', entityId: 'd-abc', contentPreview: 'text' },
    },
  ],
  edges: [
    { id: 'e1', source: 'm', target: 'w' },
    { id: 'e2', source: 'w', target: 'd', type: 'default' },
  ],
};

describe('import of our JSON', () => {
  it('creates a canvas with the file’s title, fresh ids and the same graph', async ({ alice }) => {
    const res = await importFile(alice, JSON.stringify(SAMPLE), 'research.json');
    expect(res.success, JSON.stringify(res)).toBe(true);
    expect(res.data).toMatchObject({ title: 'Research 研究', status: 'ready' });
    const d = await data(alice, res.data!.canvasId);
    expect(d.nodes).toHaveLength(4);
    expect(d.nodes.map((n) => n.id)).not.toContain('m');
    expect(shape(d).edges).toEqual(['Memo->Site', 'Site->Doc']);
    expect(shape(d).nodes.find((n) => n.title === 'Memo')).toMatchObject({
      parent: 'Group',
      preview: '要点 one',
    });
  });

  it('takes the title and project from the form when given', async ({ alice }) => {
    const project = await alice.client.api.call('project.new', { body: { name: 'Imports' } });
    const res = await importFile(alice, JSON.stringify(SAMPLE), 'x.json', {
      title: 'Given',
      projectId: project.projectId,
    });
    expect(res.data).toMatchObject({ title: 'Given', projectId: project.projectId });
    expect(
      (await importFile(alice, JSON.stringify(SAMPLE), 'x.json', { projectId: 'p-missing' })).errCode,
    ).toBe('E1014');
  });
});

describe('export', () => {
  // A user of its own: the file's title must not be taken yet (imports get "Title (2)" then).
  it('downloads Atelier JSON as <title>.json and it imports back to the same canvas', async ({ server }) => {
    const alice = await buildUser(server);
    const source = (await importFile(alice, JSON.stringify(SAMPLE), 'a.json')).data!;
    const res = await alice.client.fetch(`/v1/canvas/export?canvasId=${source.canvasId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="Research __.json"; filename*=UTF-8''Research%20%E7%A0%94%E7%A9%B6.json`,
    );
    const text = await res.text();
    const file = JSON.parse(text) as { format: string; version: number; title: string };
    expect(file).toMatchObject({ format: 'atelier-canvas', version: 2, title: 'Research 研究' });
    const again = (await importFile(alice, text, 'Research 研究.json')).data!;
    expect(shape(await data(alice, again.canvasId))).toEqual(shape(await data(alice, source.canvasId)));
  });

  it('downloads JSON Canvas as <title>.canvas and it imports back to the same canvas', async ({ server }) => {
    const alice = await buildUser(server);
    const source = (await importFile(alice, JSON.stringify(SAMPLE), 'a.json')).data!;
    const res = await alice.client.fetch(`/v1/canvas/export?canvasId=${source.canvasId}&format=jsoncanvas`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="Research __\.canvas"/);
    const text = await res.text();
    const jc = JSON.parse(text) as {
      nodes: Array<{ type: string; x: number }>;
      edges: Array<{ fromNode: string }>;
    };
    expect(jc.nodes.map((n) => n.type).sort()).toEqual(['group', 'link', 'text', 'text']);
    expect(jc.edges).toHaveLength(2);
    const again = await importFile(alice, text, 'Research.canvas');
    expect(again.data?.title).toBe('Research');
    expect(shape(await data(alice, again.data!.canvasId))).toEqual(shape(await data(alice, source.canvasId)));
  });
});

describe('import of a JSON Canvas written by hand (Obsidian)', () => {
  it('maps text, file, link and group nodes, containment and edges', async ({ alice }) => {
    const obsidian = {
      nodes: [
        {
          id: '6f1a2b3c4d5e6f70',
          type: 'group',
          x: -400,
          y: -300,
          width: 900,
          height: 700,
          label: 'Reading',
          color: '4',
        },
        {
          id: 'a1b2c3d4e5f60718',
          type: 'text',
          x: -360,
          y: -240,
          width: 250,
          height: 120,
          text: '# Idea\nCanvases are **fun**',
        },
        {
          id: '1122334455667788',
          type: 'file',
          x: -60,
          y: -240,
          width: 400,
          height: 400,
          file: 'Notes/Paper.md',
        },
        {
          id: '99aabbccddeeff00',
          type: 'link',
          x: 700,
          y: 0,
          width: 400,
          height: 300,
          url: 'https://jsoncanvas.org',
        },
        {
          id: '0f0e0d0c0b0a0908',
          type: 'file',
          x: 700,
          y: 400,
          width: 200,
          height: 200,
          file: 'img/photo.png',
        },
      ],
      edges: [
        {
          id: 'e0e1e2e3e4e5e6e7',
          fromNode: 'a1b2c3d4e5f60718',
          fromSide: 'right',
          toNode: '1122334455667788',
          toSide: 'left',
          toEnd: 'arrow',
        },
        {
          id: 'f0f1f2f3f4f5f6f7',
          fromNode: '1122334455667788',
          toNode: '99aabbccddeeff00',
          label: 'cites',
          color: '#FF0000',
        },
      ],
    };
    const res = await importFile(alice, JSON.stringify(obsidian, null, '\t'), 'Reading list.canvas');
    expect(res.success, JSON.stringify(res)).toBe(true);
    expect(res.data!.title).toBe('Reading list');
    const d = await data(alice, res.data!.canvasId);
    const byType = Object.fromEntries(
      d.nodes.map((n) => [n.type === 'resource' || n.type === 'image' ? `${n.type}` : n.type, n]),
    );
    expect(Object.keys(byType).sort()).toEqual(['group', 'image', 'memo', 'resource', 'website']);
    expect(byType.group!.data.title).toBe('Reading');
    expect(byType.memo!.data.contentPreview).toContain('Canvases are **fun**');
    expect(byType.memo!.parentId).toBe(byType.group!.id);
    expect(byType.resource!.data.title).toBe('Paper');
    expect(byType.website!.data.metadata).toMatchObject({ url: 'https://jsoncanvas.org' });
    expect(d.edges).toHaveLength(2);
    const cites = d.edges.find((e) => e.data?.label === 'cites');
    expect(cites).toMatchObject({ source: byType.resource!.id, target: byType.website!.id });
  });
});

describe('bad files', () => {
  it('answers E0012 for a file that is not JSON, E0003 for JSON that is no canvas', async ({ alice }) => {
    expect((await importFile(alice, 'not json at all', 'notes.txt')).errCode).toBe('E0012');
    expect((await importFile(alice, '[1,2,3]', 'array.json')).errCode).toBe('E0003');
    expect(
      (
        await importFile(
          alice,
          JSON.stringify({ format: 'atelier-canvas', version: 99, title: 't', nodes: [] }),
          'v99.json',
        )
      ).errCode,
    ).toBe('E0003');
    expect(
      (
        await importFile(
          alice,
          JSON.stringify({ nodes: [{ id: 'a', type: 'text', x: 0, y: 0 }] }),
          'broken.canvas',
        )
      ).errCode,
    ).toBe('E0003');
    expect((await importFile(alice, JSON.stringify(SAMPLE), 'a.json', { format: 'pdf' })).errCode).toBe(
      'E0003',
    );
  });

  it('answers E0003 "node limit reached" past CANVAS_MAX_NODES', async ({ alice }) => {
    const nodes = Array.from({ length: 6 }, (_, i) => ({
      id: `n${i}`,
      type: 'memo',
      position: { x: i, y: 0 },
      data: { title: `${i}` },
    }));
    const res = await importFile(alice, JSON.stringify({ ...SAMPLE, nodes, edges: [] }), 'big.json');
    expect(res).toMatchObject({ success: false, errCode: 'E0003', errMsg: 'node limit reached' });
    const fits = await importFile(
      alice,
      JSON.stringify({ ...SAMPLE, nodes: nodes.slice(0, 5), edges: [] }),
      'fits.json',
    );
    expect(fits.success).toBe(true);
  });

  it('needs a multipart body with a file part', async ({ alice }) => {
    const asJson = await alice.post('/v1/canvas/import', { file: 'x' });
    expect(asJson.body.errCode).toBe('E0003');
    const fd = new FormData();
    fd.append('title', 'no file');
    const noFile = (await (
      await alice.client.fetch('/v1/canvas/import', { method: 'POST', body: fd })
    ).json()) as Wrapped;
    expect(noFile.errCode).toBe('E0003');
  });
});
