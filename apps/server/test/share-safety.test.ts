/**
 * The share pages and files are safe by default (issue 31): user text with `$` replacement
 * patterns renders literally in a small page, a path holding a NUL answers the not-found page
 * (never a 500 from the database), a shared canvas's script file is served as an
 * application/octet-stream attachment while its image keeps its type, and a bounded,
 * deterministic fuzz of nasty path segments over every GET share/HTML route never answers 5xx.
 * The server runs with a hand-made web build (share.html and index.html) so the catch-all renders.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ShareRecord, SharedCanvas, SharedContent } from '@atelier/contract';
import { afterAll, describe, expect } from 'vitest';
import { buildDocument, type BuiltUser } from './helpers/factories.js';
import { serverTest } from './helpers/fixtures.js';
import { expectData, importCanvas, uploadFile } from './helpers/items.js';

const NOT_FOUND = 'This share link may have expired or does not exist';

const dist = mkdtempSync(join(tmpdir(), 'atelier-share-safety-'));
writeFileSync(
  join(dist, 'share.html'),
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Atelier</title>' +
    '<meta name="description" content="Atelier" /><link rel="stylesheet" href="/assets/share.css" />' +
    '</head><body><div id="root"></div><script type="module" src="/assets/share.js"></script></body></html>',
);
writeFileSync(
  join(dist, 'index.html'),
  '<!doctype html><html><head><title>Atelier app</title></head></html>',
);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const it = serverTest(() => ({
  WEB_DIST_DIR: dist,
  RATE_LIMIT_PER_IP: '100000',
  SHARE_RATE_LIMIT_PER_IP: '100000',
}));

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

const share = async (user: BuiltUser, body: Record<string, unknown>) =>
  expectData<ShareRecord>(await user.post('/v1/share/new', body));

/** GET with exactly these request-target bytes (fetch would normalise or encode them); answers the status. */
function rawStatus(baseUrl: string, target: Buffer): Promise<number> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.on('connect', () =>
      socket.write(
        Buffer.concat([
          Buffer.from('GET '),
          target,
          Buffer.from(` HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: close\r\n\r\n`),
        ]),
      ),
    );
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const head = /^HTTP\/1\.1 (\d{3})/.exec(Buffer.concat(chunks).toString('latin1'));
      if (head) resolve(Number(head[1]));
      else reject(new Error(`no HTTP answer to ${target.toString('latin1').slice(0, 80)}`));
    });
  });
}

/** mulberry32: a small deterministic generator, so every run sends the same segments. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Nasty path segments, as bytes on the wire (some percent-encoded, some raw). */
function nastySegments(): Buffer[] {
  const fixed = [
    '%00',
    'sh-%00',
    '%00%00%00',
    '%ff',
    '%fe%ff',
    '%',
    '%2',
    '%zz',
    '..%2f..%2fetc%2fpasswd',
    '..%2F',
    '%2e%2e',
    '$%60',
    "$'$&$%60$1",
    encodeURIComponent('T' + '$`'.repeat(80)),
    encodeURIComponent('日本語-ü-🎉'),
    encodeURIComponent('\u202e\ufeff\u200b'),
    'x'.repeat(300),
    'sh-' + 'A'.repeat(5000),
    '%25' + '%41'.repeat(400),
    encodeURIComponent('<script>alert(1)</script>'),
    '%0d%0aSet-Cookie:%20x=1',
  ].map((s) => Buffer.from(s, 'latin1'));
  const raw = [Buffer.from([0x00]), Buffer.from([0xff]), Buffer.from('日本', 'utf8'), Buffer.from('$`')];
  const random = seeded(31);
  const alphabet = [
    '%00',
    '%ff',
    '%',
    '$`',
    "$'",
    '$&',
    '..',
    '%2f',
    '\u00e9',
    '/',
    '?',
    '#',
    '~',
    'a',
    '%c0%ae',
  ];
  const generated = Array.from({ length: 16 }, () => {
    let s = '';
    const n = 1 + Math.floor(random() * 12);
    for (let i = 0; i < n; i++) s += alphabet[Math.floor(random() * alphabet.length)];
    return Buffer.from(encodeURI(s).replace(/%25/g, '%'), 'utf8');
  });
  return [...fixed, ...raw, ...generated];
}

describe('the share page with user text', () => {
  it("renders a title of $` $' $& patterns literally and the page stays small", async ({ server, alice }) => {
    const title = 'T' + '$`'.repeat(80) + "$'$&";
    const doc = await buildDocument(alice, {
      title,
      initialContent: `Body ${'$`'.repeat(50)} and $' and $& end`,
    });
    const rec = await share(alice, { entityType: 'document', entityId: doc.docId });
    const res = await server.client().fetch(`/share/${rec.shareId}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html.length).toBeLessThan(16_000);
    const escaped = title.replace(/&/g, '&amp;').replace(/'/g, '&#39;');
    expect(html).toContain(`<title>${escaped} · Atelier</title>`);
    expect(html).toContain(`property="og:title" content="${escaped}"`);
    expect(html).toContain(`<h1>${escaped}</h1>`);
    expect(html).toContain(`and $&#39; and $&amp; end</p>`);
    // the shell appears once: nothing of it was copied into itself
    expect(html.split('<!doctype html>').length).toBe(2);
    expect(html.split('<div id="root">').length).toBe(2);
  });
});

describe('a share path holding a NUL', () => {
  it('answers the not-found page, as an unknown share id does (never a 5xx)', async ({ server, alice }) => {
    const doc = await buildDocument(alice, { title: 'Real', initialContent: 'text' });
    const rec = await share(alice, { entityType: 'document', entityId: doc.docId });
    const anon = server.client();
    for (const path of [
      '/share/%00',
      '/share/sh-%00abc',
      '/share/%00/files/x',
      `/share/${rec.shareId}/files/%00`,
      `/share/${rec.shareId}?x=%00`,
    ]) {
      const res = await anon.fetch(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toContain('text/html');
      expect(await res.text(), path).toContain(NOT_FOUND);
    }
    // the real share still opens
    expect((await anon.fetch(`/share/${rec.shareId}`)).status).toBe(200);
  });
});

describe('files of a shared canvas', () => {
  it('a script is served as an application/octet-stream attachment; an image keeps its type', async ({
    server,
    alice,
  }) => {
    const js = await uploadFile(alice.client, {
      body: 'alert(document.cookie)',
      name: 'evil.js',
      type: 'text/javascript',
    });
    const png = await uploadFile(alice.client, { body: PNG, name: 'p.png', type: 'image/png' });
    const canvasId = await importCanvas(alice, 'Files', [
      {
        id: 'js',
        type: 'image',
        position: { x: 0, y: 0 },
        data: { title: 'js', metadata: { url: `/v1/misc/static/${js}` } },
      },
      {
        id: 'png',
        type: 'image',
        position: { x: 1, y: 0 },
        data: { title: 'png', metadata: { url: `/v1/misc/static/${png}` } },
      },
    ]);
    const rec = await share(alice, { entityType: 'canvas', entityId: canvasId });
    const anon = server.client();
    const { data } = expectData(await anon.get<SharedContent>('/v1/share/detail', { shareId: rec.shareId }));
    const urlOf = (title: string) =>
      new URL(
        String((data as SharedCanvas).nodes.find((n) => n.data.title === title)!.data.metadata?.url),
        server.url,
      ).pathname;

    const script = await anon.fetch(urlOf('js'));
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toBe('application/octet-stream');
    expect(script.headers.get('x-content-type-options')).toBe('nosniff');
    expect(script.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(await script.text()).toBe('alert(document.cookie)');

    const image = await anon.fetch(urlOf('png'));
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(image.headers.get('content-disposition')).toMatch(/^inline;/);
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
  });
});

describe('fuzzing the GET share and HTML routes', () => {
  it('no nasty path segment makes /share/<x>, /share/<x>/files/<y> or the app catch-all answer 5xx', async ({
    server,
    alice,
  }) => {
    const doc = await buildDocument(alice, { title: 'Fuzzed', initialContent: 'text' });
    const rec = await share(alice, { entityType: 'document', entityId: doc.docId });
    const shapes: Array<(s: Buffer) => Buffer> = [
      (s) => Buffer.concat([Buffer.from('/share/'), s]),
      (s) => Buffer.concat([Buffer.from('/share/'), s, Buffer.from('/files/x')]),
      (s) => Buffer.concat([Buffer.from(`/share/${rec.shareId}/files/`), s]),
      (s) => Buffer.concat([Buffer.from(`/share/${rec.shareId}?q=`), s]),
      (s) => Buffer.concat([Buffer.from('/'), s]),
      (s) => Buffer.concat([Buffer.from('/canvas/'), s]),
    ];
    const segments = nastySegments();
    const problems: string[] = [];
    for (const segment of segments) {
      for (const shape of shapes) {
        const target = shape(segment);
        const status = await rawStatus(server.url, target);
        if (status >= 500) problems.push(`${status} ${target.toString('latin1').slice(0, 100)}`);
      }
    }
    expect(problems).toEqual([]);
    expect(segments.length * shapes.length).toBeGreaterThan(200);
    // the server still answers
    expect((await server.client().fetch(`/share/${rec.shareId}`)).status).toBe(200);
  });
});
