/**
 * Page export (issue 11 point 9) over real HTTP: PowerPoint and PDF files of a page, parsed back
 * (a title slide, then one slide per node in order, continuation slides for long content, the
 * nodes' text incl. Chinese, an image from our storage); the owner route refuses other users and
 * anonymous callers; the share route serves a published page to anyone with the link and answers
 * E1009 once it is revoked; a bad format is E0003.
 */
import { crc32, deflateSync } from 'node:zlib';
import { unzipSync, strFromU8 } from 'fflate';
import type { PageDetail, ShareRecord } from '@atelier/contract';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect } from 'vitest';
import { buildCodeArtifact, buildDocument, buildResource, type BuiltUser } from './helpers/factories.js';
import { serverTest } from './helpers/fixtures.js';
import { expectData, expectFailure, importCanvas } from './helpers/items.js';
import type { TestClient } from './helpers/http.js';

const it = serverTest({ RATE_LIMIT_PER_IP: '100000' });

const node = (title: string, type: string, entityId = '', extra: Record<string, unknown> = {}) => ({
  id: title,
  type,
  position: { x: 0, y: 0 },
  data: { title, entityId, ...extra },
});

/** Canvas import gives nodes new ids: the test names them by title (in the order given). */
async function nodeIds(user: BuiltUser, canvasId: string, titles: string[]): Promise<string[]> {
  const snap = await user.server.server.services.canvases.snapshot(canvasId);
  const byTitle = new Map(snap.nodes.map((n) => [n.data.title, n.id]));
  return titles.map((t) => byTitle.get(t)!);
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A real 8×4 RGB PNG. */
function png(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(8, 0);
  ihdr.writeUInt32BE(4, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(8 * 3, Buffer.from([0x00, 0x96, 0x8f]))]);
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat([row, row, row, row]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function uploadPng(user: BuiltUser): Promise<string> {
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(png())], { type: 'image/png' }), 'dot.png');
  const res = (await (await user.client.fetch('/v1/misc/upload', { method: 'POST', body: fd })).json()) as {
    data: { url: string };
  };
  return res.data.url;
}

/** Alice's page: a Chinese document with an image, a memo, a website, code and a text resource. */
async function alicePage(alice: BuiltUser, extraDocs: { title: string; content: string }[] = []) {
  const image = await uploadPng(alice);
  const doc = await buildDocument(alice, {
    title: '季度计划 Plan',
    initialContent: `# 季度计划 Plan\n\n第一段中文内容 with English.\n\n- bullet one\n- 第二点\n\n![dot](${image})\n`,
  });
  const extra = [];
  for (const d of extraDocs)
    extra.push(await buildDocument(alice, { title: d.title, initialContent: d.content }));
  const art = await buildCodeArtifact(alice, {
    title: 'Script',
    type: 'code',
    content: 'const answer = 42;\nconsole.log(answer);',
  });
  const res = await buildResource(alice, { title: 'Notes', content: 'Resource text 资源内容' });
  const canvasId = await importCanvas(alice, 'Launch', [
    node('季度计划 Plan', 'document', doc.docId),
    node('Memo', 'memo', '', { contentPreview: 'Remember the **memo** 备忘录' }),
    node('Site', 'website', '', { metadata: { url: 'https://example.com/launch' } }),
    node('Script', 'codeArtifact', art.artifactId),
    node('Notes', 'resource', res.resourceId),
    ...extra.map((d) => node(d.title, 'document', d.docId)),
  ]);
  const ids = await nodeIds(alice, canvasId, [
    '季度计划 Plan',
    'Memo',
    'Site',
    'Script',
    'Notes',
    ...extra.map((d) => d.title),
  ]);
  const page = expectData<PageDetail>(
    await alice.post(`/v1/pages/canvas/${canvasId}/nodes`, { nodeIds: ids }),
  );
  await alice.client.json('PUT', `/v1/pages/${page.pageId}`, {
    title: '发布会 Launch deck',
    description: 'For Monday',
  });
  return { page, nodes: ids.length };
}

async function download(client: TestClient, path: string) {
  const res = await client.fetch(path);
  return { res, body: Buffer.from(await res.arrayBuffer()) };
}

/** The slides of a .pptx, in order, as their text. */
function pptxSlides(body: Buffer): { texts: string[]; media: string[] } {
  const files = unzipSync(new Uint8Array(body));
  const names = Object.keys(files).filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n));
  names.sort((a, b) => Number(/(\d+)\.xml$/.exec(a)![1]) - Number(/(\d+)\.xml$/.exec(b)![1]));
  const texts = names.map((n) =>
    [...strFromU8(files[n]!).matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((m) => m[1]).join(' '),
  );
  return { texts, media: Object.keys(files).filter((n) => n.startsWith('ppt/media/')) };
}

async function pdfPages(body: Buffer): Promise<string[]> {
  const pdf = await getDocumentProxy(new Uint8Array(body));
  const { text } = await extractText(pdf, { mergePages: false });
  return text;
}

describe('page export', () => {
  it('exports PowerPoint and PDF: a title slide, then one slide per node in order', async ({ alice }) => {
    const { page, nodes } = await alicePage(alice);
    const pptx = await download(alice.client, `/v1/pages/${page.pageId}/export?format=pptx`);
    expect(pptx.res.status).toBe(200);
    expect(pptx.res.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    );
    expect(pptx.res.headers.get('content-disposition')).toContain(
      "filename*=UTF-8''%E5%8F%91%E5%B8%83%E4%BC%9A%20Launch%20deck.pptx",
    );
    expect(pptx.body.subarray(0, 2).toString()).toBe('PK');
    const { texts, media } = pptxSlides(pptx.body);
    expect(texts).toHaveLength(1 + nodes);
    expect(texts[0]).toContain('发布会 Launch deck');
    expect(texts[0]).toContain('For Monday');
    expect(texts[1]).toContain('季度计划 Plan');
    expect(texts[1]).toContain('第一段中文内容 with English.');
    expect(texts[1]).toContain('第二点');
    expect(texts[2]).toContain('Remember the');
    expect(texts[2]).toContain('备忘录');
    expect(texts[3]).toContain('https://example.com/launch');
    expect(texts[4]).toContain('const answer = 42;');
    expect(texts[5]).toContain('Resource text 资源内容');
    // The document's image from our storage, embedded.
    expect(media.length).toBeGreaterThanOrEqual(1);
    const slide3 = strFromU8(unzipSync(new Uint8Array(pptx.body))['ppt/slides/_rels/slide4.xml.rels']!);
    expect(slide3).toContain('https://example.com/launch');
    // Chinese runs ask for a CJK font.
    const slide2 = strFromU8(unzipSync(new Uint8Array(pptx.body))['ppt/slides/slide2.xml']!);
    expect(slide2).toMatch(/lang="zh-CN"[^>]*>(<[^>]+>)*<a:latin typeface="Microsoft YaHei"/);

    const pdf = await download(alice.client, `/v1/pages/${page.pageId}/export?format=pdf`);
    expect(pdf.res.status).toBe(200);
    expect(pdf.res.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = await pdfPages(pdf.body);
    expect(pages).toHaveLength(1 + nodes);
    expect(pages[0]).toContain('发布会 Launch deck');
    expect(pages[1]).toContain('第一段中文内容');
    expect(pages[2]).toContain('备忘录');
    expect(pages[3]).toContain('https://example.com/launch');
    expect(pages[4]).toContain('const answer = 42;');
    expect(pages[5]).toContain('资源内容');
  });

  it('continues long content on more slides instead of overflowing', async ({ alice }) => {
    const long = Array.from(
      { length: 60 },
      (_, i) => `Paragraph ${i + 1} 第${i + 1}段: ${'words and more words '.repeat(6)}`,
    ).join('\n\n');
    const code = '```\n' + Array.from({ length: 90 }, (_, i) => `line ${i + 1}`).join('\n') + '\n```';
    const { page, nodes } = await alicePage(alice, [{ title: 'Long read', content: `${long}\n\n${code}` }]);
    const { texts } = pptxSlides(
      (await download(alice.client, `/v1/pages/${page.pageId}/export?format=pptx`)).body,
    );
    const pages = await pdfPages(
      (await download(alice.client, `/v1/pages/${page.pageId}/export?format=pdf`)).body,
    );
    const continued = texts.filter((t) => t.includes('Long read')).length;
    expect(continued).toBeGreaterThan(2);
    expect(texts).toHaveLength(1 + nodes + continued - 1);
    expect(pages).toHaveLength(texts.length);
    const all = texts.join('\n');
    expect(all).toContain(`Long read`);
    expect(all).toContain(`1/${continued}`);
    expect(all).toContain(`${continued}/${continued}`);
    for (const piece of ['Paragraph 1 第1段', 'Paragraph 60 第60段', 'line 1', 'line 90'])
      expect(all).toContain(piece);
    const pdfText = pages.join('\n');
    for (const piece of ['Paragraph 60', 'line 90']) expect(pdfText).toContain(piece);
  });

  it('refuses other users, anonymous callers, unknown pages and bad formats', async ({
    server,
    alice,
    bob,
  }) => {
    const { page } = await alicePage(alice);
    const path = `/v1/pages/${page.pageId}/export`;
    expectFailure(await bob.get(path, { format: 'pdf' }), 'E1010');
    expectFailure(await bob.get(path, { format: 'pptx' }), 'E1010');
    expect((await server.client().get(path, { format: 'pdf' })).status).toBe(401);
    expectFailure(await alice.get('/v1/pages/page-nothere/export', { format: 'pdf' }), 'E1010');
    expectFailure(await alice.get(path, { format: 'docx' }), 'E0003');
    expectFailure(await alice.get(path), 'E0003');
  });

  it('lets anyone with the link export a published page, until it is revoked', async ({
    server,
    alice,
    bob,
  }) => {
    const { page, nodes } = await alicePage(alice);
    const anon = server.client();
    // A draft has no share; an unknown share answers E1009.
    expectFailure(await anon.get('/v1/share/export', { shareId: 'share-nothere', format: 'pdf' }), 'E1009');
    const share = expectData<ShareRecord>(await alice.post(`/v1/pages/${page.pageId}/share`));
    const path = `/v1/share/export?shareId=${share.shareId}`;
    const pptx = await download(anon, `${path}&format=pptx`);
    expect(pptx.res.status).toBe(200);
    const { texts } = pptxSlides(pptx.body);
    expect(texts).toHaveLength(1 + nodes);
    expect(texts[1]).toContain('第一段中文内容 with English.');
    expect(texts[5]).toContain('Resource text 资源内容');
    const pdf = await download(bob.client, `${path}&format=pdf`);
    expect(pdf.res.status).toBe(200);
    expect(await pdfPages(pdf.body)).toHaveLength(1 + nodes);
    expectFailure(await anon.get('/v1/share/export', { shareId: share.shareId, format: 'txt' }), 'E0003');
    // Only page shares: a child share (the document) is not exported through this route.
    const detail = expectData<{ data: { kind: string; slides: { childShareId?: string | null }[] } }>(
      await anon.get('/v1/share/detail', { shareId: share.shareId }),
    );
    const childId = detail.data.slides[0]!.childShareId!;
    expectFailure(await anon.get('/v1/share/export', { shareId: childId, format: 'pdf' }), 'E1009');
    // Access off: only the owner may still export.
    expectData(await alice.post('/v1/share/update', { shareId: share.shareId, access: 'off' }));
    expectFailure(await anon.get('/v1/share/export', { shareId: share.shareId, format: 'pdf' }), 'E1009');
    expect((await download(alice.client, `${path}&format=pdf`)).res.status).toBe(200);
    // Revoked: gone for everyone.
    expectData(await alice.post(`/v1/pages/${page.pageId}/unpublish`));
    expectFailure(await anon.get('/v1/share/export', { shareId: share.shareId, format: 'pdf' }), 'E1009');
    expectFailure(await alice.get('/v1/share/export', { shareId: share.shareId, format: 'pptx' }), 'E1009');
  });
});
