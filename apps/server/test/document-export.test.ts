/**
 * DOCX and PDF exports of documents, parsed back: the files open, carry the title, headings,
 * marks, lists, tables, code and Chinese text, embed images from our storage (and never fetch
 * other hosts), and download with a proper file name.
 */
import { deflateSync } from 'node:zlib';
import mammoth from 'mammoth';
import { extractText } from 'unpdf';
import { describe, expect } from 'vitest';
import { buildDocument, invokeAs, type BuiltUser } from './helpers/factories.js';
import { serverTest } from './helpers/fixtures.js';

let content: string;
let docId: string;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
/** A real w×h RGB PNG (a teal square), decodable by pdfkit and Word. */
function png(w: number, h: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(w * 3, Buffer.from([0x00, 0x96, 0x8f]))]);
  const raw = Buffer.concat(Array.from({ length: h }, () => row));
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Alice's report: every kind of block, Chinese text and an image uploaded to our storage. */
async function setup({ alice }: { alice: BuiltUser }) {
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(png(40, 20))], { type: 'image/png' }), 'square.png');
  const upload = (await (
    await alice.client.fetch('/v1/misc/upload', { method: 'POST', body: fd })
  ).json()) as {
    data: { url: string };
  };
  content = [
    '# 季度报告 Quarterly report',
    '',
    'Plain text with **bold words**, *italic words*, ~~struck~~, `inline code` and [a link](https://example.com).',
    '',
    '## 第二节 Lists',
    '',
    '- first bullet 第一',
    '  - nested bullet',
    '',
    '1. numbered one',
    '2. numbered two',
    '',
    '- [x] finished task',
    '- [ ] open task',
    '',
    '> a quoted line 引用',
    '',
    '```js',
    'const answer = 42;',
    '```',
    '',
    '| 名称 Name | Value |',
    '| --- | --- |',
    '| 苹果 apple | 3 |',
    '',
    `![our square](${upload.data.url})`,
    '',
    '![remote picture](https://images.example.invalid/cat.png)',
    '',
    '---',
    '',
    '最后一段中文内容。',
  ].join('\n');
  docId = (await buildDocument(alice, { title: '报告 Report', initialContent: content })).docId;
}

const it = serverTest({ RATE_LIMIT_PER_IP: '100000' }, { setup });

async function download(alice: BuiltUser, format: 'docx' | 'pdf') {
  const res = await alice.client.fetch(
    `/v1/knowledge/document/export/document?docId=${docId}&format=${format}`,
  );
  return { res, body: Buffer.from(await res.arrayBuffer()) };
}

describe('DOCX export', () => {
  it('opens and holds the text, structure, Chinese and the stored image', async ({ alice }) => {
    const { res, body } = await download(alice, 'docx');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="__ Report.docx"; filename*=UTF-8''%E6%8A%A5%E5%91%8A%20Report.docx`,
    );
    expect(body.subarray(0, 2).toString()).toBe('PK');
    const { value: text } = await mammoth.extractRawText({ buffer: body });
    for (const piece of [
      '报告 Report',
      '季度报告 Quarterly report',
      'bold words',
      '第二节 Lists',
      'first bullet 第一',
      'nested bullet',
      'numbered two',
      '☑ finished task',
      '☐ open task',
      'a quoted line 引用',
      'const answer = 42;',
      '名称 Name',
      '苹果 apple',
      '[remote picture]',
      '最后一段中文内容。',
    ]) {
      expect(text, piece).toContain(piece);
    }
    const { value: html } = await mammoth.convertToHtml({ buffer: body });
    expect(html).toContain('<h1>季度报告 Quarterly report</h1>');
    expect(html).toContain('<strong>bold words</strong>');
    expect(html).toContain('<em>italic words</em>');
    expect(html).toContain('<s>struck</s>');
    expect(html).toContain('<a href="https://example.com">a link</a>');
    expect(html).toMatch(/<ul><li>first bullet 第一<ul><li>nested bullet<\/li><\/ul><\/li><\/ul>/);
    expect(html).toMatch(/<ol><li>numbered one<\/li><li>numbered two<\/li><\/ol>/);
    expect(html).toMatch(/<table>.*苹果 apple.*<\/table>/s);
    expect(html).toMatch(/<img[^>]+src="data:image\/png;base64,/);
  });
});

describe('PDF export', () => {
  it('opens and holds the text (Chinese included) and the stored image', async ({ alice }) => {
    const { res, body } = await download(alice, 'pdf');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="__ Report\.pdf"; filename\*=UTF-8''/,
    );
    expect(body.subarray(0, 5).toString()).toBe('%PDF-');
    const { text } = await extractText(new Uint8Array(body), { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    for (const piece of [
      '报告 Report',
      '季度报告 Quarterly report',
      'bold words',
      'italic words',
      'inline code',
      '第二节 Lists',
      'first bullet 第一',
      'nested bullet',
      'numbered one',
      'finished task',
      'a quoted line 引用',
      'const answer = 42;',
      '名称 Name',
      '苹果 apple',
      '[remote picture]',
      '最后一段中文内容。',
    ]) {
      expect(flat, piece).toContain(piece);
    }
    expect(body.toString('latin1')).toMatch(/\/Subtype \/Image/);
    // The CJK font is embedded (as a subset), so the file renders anywhere.
    expect(body.toString('latin1')).toMatch(/NotoSansSC/);
  });

  it("answers E1003 for someone else's document", async ({ bob }) => {
    const res = await bob.get('/v1/knowledge/document/export/document', { docId, format: 'pdf' });
    expect(res.body.errCode).toBe('E1003');
  });
});

describe('empty and odd documents', () => {
  it('exports an untitled empty document in every format', async ({ alice }) => {
    const doc = await invokeAs(alice, 'knowledge.document.create', {});
    for (const format of ['md', 'docx', 'pdf'] as const) {
      const res = await alice.client.fetch(
        `/v1/knowledge/document/export/document?docId=${doc.docId}&format=${format}`,
      );
      expect(res.status, format).toBe(200);
      expect(res.headers.get('content-disposition'), format).toContain(`filename="Untitled.${format}"`);
    }
  });
});
