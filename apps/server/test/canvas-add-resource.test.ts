/** POST /canvas/addResource (the web clipper's "also put it on a canvas"): owner only, validated. */
import { describe, expect } from 'vitest';
import { nodeBoxes, overlaps } from '@atelier/canvas';
import type { Canvas, CanvasData, Resource } from '@atelier/contract';
import { expectData, expectFailure } from './helpers/items.js';
import { createResource } from './helpers/resources.js';
import { serverTest } from './helpers/fixtures.js';

const it = serverTest();

describe('canvas.addResource', () => {
  it('puts the resource on the canvas as a node, right of what is there', async ({ alice }) => {
    const canvas = expectData(await alice.client.post<Canvas>('/v1/canvas/create', { title: 'Clips' }));
    const resource: Resource = await createResource(alice.client, {
      title: 'Clipped note',
      resourceType: 'text',
      content: 'Seals haul out on the sandbank at low tide.',
    });
    const first = expectData(
      await alice.client.post<{ canvasId: string; nodeId: string }>('/v1/canvas/addResource', {
        canvasId: canvas.canvasId,
        resourceId: resource.resourceId,
      }),
    );
    const second = expectData(
      await alice.client.post<{ nodeId: string }>('/v1/canvas/addResource', {
        canvasId: canvas.canvasId,
        resourceId: resource.resourceId,
      }),
    );
    expect(first.canvasId).toBe(canvas.canvasId);
    const data = expectData(
      await alice.client.get<CanvasData>('/v1/canvas/data', { canvasId: canvas.canvasId }),
    );
    const nodes = data.nodes.filter((n) => n.id === first.nodeId || n.id === second.nodeId);
    expect(nodes).toHaveLength(2);
    expect(nodes[0]).toMatchObject({
      type: 'resource',
      data: { entityId: resource.resourceId, title: 'Clipped note' },
    });
    expect(nodes[1]!.position.x).toBeGreaterThan(nodes[0]!.position.x);
  });

  it('never puts the node on another one, on a crowded canvas (the placement rule the web app uses)', async ({
    alice,
  }) => {
    // a wall of cards of every type, and right of it at the top an AI answer (drawn 380 px wide,
    // wider than the 320 px the server used to count for a node without a width)
    const nodes = [
      ...Array.from({ length: 12 }, (_, i) => ({
        id: `n${i}`,
        type: i % 3 === 0 ? 'skillResponse' : i % 3 === 1 ? 'document' : 'memo',
        position: { x: (i % 4) * 400, y: Math.floor(i / 4) * 430 },
        data: { title: `card ${i}` },
      })),
      { id: 'answer', type: 'skillResponse', position: { x: 1700, y: -300 }, data: { title: 'answer' } },
    ];
    const file = { format: 'atelier-canvas', version: 2, title: 'Crowded', nodes, edges: [] };
    const fd = new FormData();
    fd.append('file', new Blob([JSON.stringify(file)], { type: 'application/json' }), 'c.json');
    const imported = (await (
      await alice.client.fetch('/v1/canvas/import', { method: 'POST', body: fd })
    ).json()) as {
      data: { canvasId: string };
    };
    const canvasId = imported.data.canvasId;
    const resource: Resource = await createResource(alice.client, {
      title: 'Clipped note',
      resourceType: 'text',
      content: 'Seals haul out on the sandbank at low tide.',
    });
    for (let i = 0; i < 4; i += 1)
      expectData(
        await alice.client.post('/v1/canvas/addResource', { canvasId, resourceId: resource.resourceId }),
      );
    const data = expectData(await alice.client.get<CanvasData>('/v1/canvas/data', { canvasId }));
    expect(data.nodes).toHaveLength(nodes.length + 4);
    const boxes = nodeBoxes(data.nodes);
    const added = data.nodes.filter((n) => n.type === 'resource');
    expect(added).toHaveLength(4);
    for (const node of added)
      for (const other of data.nodes)
        if (other.id !== node.id) expect(overlaps(boxes.get(node.id)!, boxes.get(other.id)!)).toBe(false);
  });

  it("refuses someone else's canvas or resource, anonymous callers and bad input", async ({
    server,
    alice,
    bob,
  }) => {
    const canvas = expectData(await alice.client.post<Canvas>('/v1/canvas/create', { title: 'Private' }));
    const resource = await createResource(alice.client, {
      title: 'Mine',
      resourceType: 'text',
      content: 'private words',
    });
    const bobsCanvas = expectData(await bob.client.post<Canvas>('/v1/canvas/create', { title: 'Bob' }));

    expectFailure(
      await bob.client.post('/v1/canvas/addResource', {
        canvasId: canvas.canvasId,
        resourceId: resource.resourceId,
      }),
      'E1000',
    );
    expectFailure(
      await bob.client.post('/v1/canvas/addResource', {
        canvasId: bobsCanvas.canvasId,
        resourceId: resource.resourceId,
      }),
      'E1002',
    );
    const anonymous = await fetch(`${server.url}/v1/canvas/addResource`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ canvasId: canvas.canvasId, resourceId: resource.resourceId }),
    });
    expect(anonymous.status).toBe(401);
    expectFailure(await alice.client.post('/v1/canvas/addResource', { canvasId: canvas.canvasId }), 'E0003');
    expectFailure(await alice.client.post('/v1/canvas/addResource', 'not json'), 'E0003');

    // nothing landed on either canvas
    for (const [client, id] of [
      [alice.client, canvas.canvasId],
      [bob.client, bobsCanvas.canvasId],
    ] as const) {
      const data = expectData(await client.get<CanvasData>('/v1/canvas/data', { canvasId: id }));
      expect(data.nodes).toEqual([]);
    }
  });
});
