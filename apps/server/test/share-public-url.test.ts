/**
 * Shares with PUBLIC_URL set (issue 32 §4): the configured address is the one links and files
 * are built on, whatever address a request came to (a proxy forwarding another name).
 */
import type { ShareRecord, SharedCanvas, SharedContent } from '@atelier/contract';
import { expect } from 'vitest';
import { serverTest } from './helpers/fixtures.js';
import { expectData, importCanvas, PNG, uploadFile } from './helpers/items.js';

const PUBLIC = 'https://atelier.example.org';
const it = serverTest({ RATE_LIMIT_PER_IP: '100000', PUBLIC_URL: PUBLIC, COOKIE_SECURE: 'false' });

it('builds the link, file URLs and og tags on PUBLIC_URL', async ({ server, alice }) => {
  const key = await uploadFile(alice.client, { body: PNG, name: 'p.png', type: 'image/png' });
  const canvasId = await importCanvas(alice, 'Public board', [
    {
      id: 'pic',
      type: 'image',
      position: { x: 0, y: 0 },
      data: { title: 'pic', metadata: { url: `${PUBLIC}/v1/misc/static/${key}` } },
    },
  ]);
  const lan = { 'x-forwarded-host': 'atelier.lan:8080', 'x-forwarded-proto': 'http' };
  const res = await alice.client.fetch('/v1/share/new', {
    method: 'POST',
    headers: { ...lan, 'content-type': 'application/json', origin: PUBLIC },
    body: JSON.stringify({ entityType: 'canvas', entityId: canvasId }),
  });
  const rec = ((await res.json()) as { data: ShareRecord }).data;
  expect(rec.url).toBe(`${PUBLIC}/share/${rec.shareId}`);
  const seen = expectData(
    await server.client().get<SharedContent>('/v1/share/detail', { shareId: rec.shareId }),
  );
  const url = String((seen.data as SharedCanvas).nodes[0]!.data.metadata?.url);
  expect(url).toBe(`${PUBLIC}/share/${rec.shareId}/files/img-0`);
  const file = await server.client().fetch(new URL(url).pathname);
  expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);
  const html = await (await server.client().fetch(`/share/${rec.shareId}`, { headers: lan })).text();
  expect(html).toContain(`property="og:url" content="${PUBLIC}/share/${rec.shareId}"`);
  expect(html).not.toContain('atelier.lan');
});
