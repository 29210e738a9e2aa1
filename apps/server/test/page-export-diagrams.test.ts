/**
 * Page exports show what the screen shows (issue 32 point 2): a Mermaid artifact is its rendered
 * picture (the PNG a browser drew and stored as the artifact's preview), never its code; a mind
 * map without a picture is an outline of its cards, never JSON; a memo slide is titled by its
 * first line. Changing the code drops the old picture. The shared page's export reads the picture
 * copied into the share.
 */
import { crc32, deflateSync } from 'node:zlib';
import { strFromU8, unzipSync } from 'fflate';
import type { PageDetail, ShareRecord } from '@atelier/contract';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect } from 'vitest';
import { buildCodeArtifact, type BuiltUser } from './helpers/factories.js';
import { serverTest } from './helpers/fixtures.js';
import { expectData, importCanvas } from './helpers/items.js';
import type { TestClient } from './helpers/http.js';

const it = serverTest({ RATE_LIMIT_PER_IP: '100000' });

const MERMAID = 'graph TD\n  A[Idea] --> B[Launch]';
const MIND_MAP = JSON.stringify({
  id: 'root',
  label: 'Roadmap',
  children: [
    { id: 'a', label: 'Research' },
    { id: 'b', label: 'Build', children: [{ id: 'c', label: 'Ship it' }] },
  ],
});

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A real 16×8 RGB PNG (the browser's picture of the diagram). */
function png(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(16, 0);
  ihdr.writeUInt32BE(8, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(16 * 3, Buffer.from([0x00, 0x96, 0x8f]))]);
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: 8 }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function uploadPreview(user: BuiltUser): Promise<string> {
  const fd = new FormData();
  fd.append('entityType', 'codeArtifact');
  fd.append('file', new Blob([new Uint8Array(png())], { type: 'image/png' }), 'preview.png');
  const res = (await (await user.client.fetch('/v1/misc/upload', { method: 'POST', body: fd })).json()) as {
    data: { storageKey: string };
  };
  return res.data.storageKey;
}

async function download(client: TestClient, path: string) {
  const res = await client.fetch(path);
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

interface PptxSlide {
  xml: string;
  text: string;
  media: string[];
}

/** Each slide of a .pptx: its XML, its text and the media files it shows. */
function pptxSlides(body: Buffer): PptxSlide[] {
  const files = unzipSync(new Uint8Array(body));
  const names = Object.keys(files).filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n));
  names.sort((a, b) => Number(/(\d+)\.xml$/.exec(a)![1]) - Number(/(\d+)\.xml$/.exec(b)![1]));
  return names.map((name) => {
    const xml = strFromU8(files[name]!);
    const rels = files[name.replace('slides/', 'slides/_rels/') + '.rels'];
    const media = rels
      ? [...strFromU8(rels).matchAll(/Target="\.\.\/media\/([^"]+)"/g)].map((m) => `ppt/media/${m[1]}`)
      : [];
    for (const m of media) expect(files[m]?.length ?? 0).toBeGreaterThan(0);
    const text = [...xml.matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((m) => m[1]).join(' ');
    return { xml, text, media };
  });
}

async function pdfText(body: Buffer): Promise<string[]> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: false });
  return text;
}

async function diagramPage(alice: BuiltUser) {
  const flow = await buildCodeArtifact(alice, { title: 'Flow', type: 'mermaid', content: MERMAID });
  const map = await buildCodeArtifact(alice, { title: 'Map', type: 'mindmap', content: MIND_MAP });
  expectData(
    await alice.post('/v1/codeArtifact/update', {
      artifactId: flow.artifactId,
      previewStorageKey: await uploadPreview(alice),
    }),
  );
  const canvasId = await importCanvas(alice, 'Diagrams', [
    {
      id: 'f',
      type: 'codeArtifact',
      position: { x: 0, y: 0 },
      data: { title: 'Flow', entityId: flow.artifactId },
    },
    {
      id: 'm',
      type: 'codeArtifact',
      position: { x: 300, y: 0 },
      data: { title: 'Map', entityId: map.artifactId },
    },
    {
      id: 'n',
      type: 'memo',
      position: { x: 600, y: 0 },
      data: { title: '', contentPreview: '**Next steps** for the team\nmore detail' },
    },
  ]);
  const snap = await alice.server.server.services.canvases.snapshot(canvasId);
  const ids = [...snap.nodes].sort((a, b) => a.position.x - b.position.x).map((n) => n.id);
  const page = expectData<PageDetail>(
    await alice.post(`/v1/pages/canvas/${canvasId}/nodes`, { nodeIds: ids }),
  );
  return { page, flow };
}

describe('page export of diagrams', () => {
  it('shows a Mermaid diagram as its picture, a mind map as an outline, a memo by its first line', async ({
    alice,
    server,
  }) => {
    const { page, flow } = await diagramPage(alice);
    const pptx = pptxSlides(await download(alice.client, `/v1/pages/${page.pageId}/export?format=pptx`));
    expect(pptx).toHaveLength(4);
    const [, mermaid, mindMap, memo] = pptx as [PptxSlide, PptxSlide, PptxSlide, PptxSlide];
    expect(mermaid.text).toContain('Flow');
    expect(mermaid.xml).not.toContain('graph TD');
    expect(mermaid.xml).not.toContain('--&gt;');
    expect(mermaid.media.length).toBe(1);
    expect(mindMap.text).toContain('Research');
    expect(mindMap.text).toContain('Ship it');
    expect(mindMap.xml).not.toContain('&quot;label&quot;');
    expect(memo.text).toMatch(/^Next steps for the team /);
    expect(memo.xml).not.toContain('**');

    const pdf = await pdfText(await download(alice.client, `/v1/pages/${page.pageId}/export?format=pdf`));
    expect(pdf).toHaveLength(4);
    expect(pdf[1]).toContain('Flow');
    expect(pdf[1]).not.toContain('graph TD');
    expect(pdf[2]).toContain('Ship it');
    expect(pdf[3]).toContain('Next steps for the team');

    // the published page's export shows the picture copied into the share
    const share = expectData<ShareRecord>(await alice.post(`/v1/pages/${page.pageId}/share`));
    const shared = pptxSlides(
      await download(server.client(), `/v1/share/export?shareId=${share.shareId}&format=pptx`),
    );
    expect(shared[1]!.xml).not.toContain('graph TD');
    expect(shared[1]!.media.length).toBe(1);

    // new code: the old picture is dropped, and the slide still never shows the code
    const changed = expectData<{ previewUrl?: string | null }>(
      await alice.post('/v1/codeArtifact/update', {
        artifactId: flow.artifactId,
        content: 'graph TD\n  X --> Y',
      }),
    );
    expect(changed.previewUrl ?? null).toBeNull();
    const after = pptxSlides(await download(alice.client, `/v1/pages/${page.pageId}/export?format=pptx`));
    expect(after[1]!.xml).not.toContain('graph TD');
    expect(after[1]!.media).toHaveLength(0);
    expect(after[1]!.text).toContain('has not been drawn');
  });
});
