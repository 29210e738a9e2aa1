// The built web app behind one catch-all route: app paths render index.html, files are served
// as they are, and a missing file or an unknown /v1 call is a 404 (never the app page). A share
// link gets the lean viewer page (share.html) instead of the app's.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDocument, buildUser } from './helpers/factories.js';
import { expectData } from './helpers/items.js';
import { startTestServer, type TestServer } from './helpers/server.js';

const BIG_ASSET = `export const words = ${JSON.stringify('a canvas of notes '.repeat(2000))};\n`;

/** GET with exactly these headers (fetch would add its own Accept-Encoding and decode the body). */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: Buffer;
  }>((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('web app serving', () => {
  let ts: TestServer;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'atelier-web-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Atelier test shell</title>');
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log("app")');
    // the build's compressed copies of an asset (apps/web/vite.config.ts)
    writeFileSync(join(dist, 'assets', 'big-def456.js'), BIG_ASSET);
    writeFileSync(join(dist, 'assets', 'big-def456.js.br'), brotliCompressSync(BIG_ASSET));
    writeFileSync(join(dist, 'assets', 'big-def456.js.gz'), gzipSync(BIG_ASSET));
    writeFileSync(join(dist, 'artifact-sandbox.html'), '<!doctype html><title>Artifact preview</title>');
    writeFileSync(
      join(dist, 'share.html'),
      '<!doctype html><html><head><title>Atelier</title></head><body><div id="root"></div>' +
        '<script type="module" src="/assets/share-lean1.js"></script></body></html>',
    );
    ts = await startTestServer({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await ts.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('renders the app for any app route', async () => {
    for (const path of ['/', '/canvas/c-123', '/settings?tab=account']) {
      const res = await fetch(`${ts.url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(await res.text()).toContain('Atelier test shell');
    }
  });

  it('serves built assets with a long cache lifetime', async () => {
    const res = await fetch(`${ts.url}/assets/app-abc123.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(await res.text()).toContain('console.log');
  });

  it('sends the Brotli or gzip copy of an asset to a client that accepts it, else the file itself', async () => {
    const url = `${ts.url}/assets/big-def456.js`;
    const br = await rawGet(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.body.length).toBeLessThan(BIG_ASSET.length / 10);
    expect(brotliDecompressSync(br.body).toString()).toBe(BIG_ASSET);

    const gz = await rawGet(url, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(BIG_ASSET);

    const plain = await rawGet(url, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(String(plain.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(plain.body.toString()).toBe(BIG_ASSET);

    // an asset without copies is sent as it is, whatever the client accepts
    const small = await rawGet(`${ts.url}/assets/app-abc123.js`, { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body.toString()).toBe('console.log("app")');
  });

  it('serves the artifact sandbox page with its own policy: scripts and eval, no network', async () => {
    const app = await fetch(`${ts.url}/`);
    const appPolicy = app.headers.get('content-security-policy') ?? '';
    expect(appPolicy).not.toContain("'unsafe-eval'");
    const res = await fetch(`${ts.url}/artifact-sandbox.html`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Artifact preview');
    const policy = res.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self' 'unsafe-inline' 'unsafe-eval'");
    expect(policy).toContain("connect-src 'none'");
    expect(policy).toContain("frame-ancestors 'self'");
    // the sandboxed (opaque-origin) frame loads its module scripts in CORS mode
    const asset = await fetch(`${ts.url}/assets/app-abc123.js`);
    expect(asset.headers.get('access-control-allow-origin')).toBe('*');
    expect(asset.headers.get('content-security-policy')).not.toContain("'unsafe-eval'");
  });

  it('keeps the default artifact sandbox off the network: images, fonts and media only from data: and blob:', async () => {
    const directives = (policy: string) =>
      new Map(
        policy
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .map(([name, ...sources]) => [name!, sources]),
      );
    const res = await fetch(`${ts.url}/artifact-sandbox.html`);
    const policy = directives(res.headers.get('content-security-policy') ?? '');
    expect(policy.get('img-src')).toEqual(['data:', 'blob:']);
    expect(policy.get('media-src')).toEqual(['data:', 'blob:']);
    expect(policy.get('font-src')).toEqual(['data:']);
    expect(policy.get('connect-src')).toEqual(["'none'"]);
    for (const [name, sources] of policy) {
      for (const source of sources) expect(source, name).not.toMatch(/^(\*|https?:)/);
    }
    // the network variant (the preview's "Allow network access" switch) keeps the open policy
    const open = await fetch(`${ts.url}/artifact-sandbox.html?net=1`);
    expect(open.status).toBe(200);
    expect(await open.text()).toContain('Artifact preview');
    const openPolicy = directives(open.headers.get('content-security-policy') ?? '');
    expect(openPolicy.get('img-src')).toEqual(['*', 'data:', 'blob:']);
    expect(openPolicy.get('font-src')).toEqual(['*', 'data:']);
    expect(openPolicy.get('media-src')).toEqual(['*', 'data:', 'blob:']);
    expect(openPolicy.get('script-src')).toContain('https:');
    expect(openPolicy.get('style-src')).toContain('https:');
    // neither lets the frame fetch or post anywhere
    expect(openPolicy.get('connect-src')).toEqual(["'none'"]);
    expect(openPolicy.get('form-action')).toEqual(["'none'"]);
  });

  it('answers 404, not the app page, for a missing asset or file', async () => {
    for (const path of ['/assets/app-old999.js', '/favicon-missing.png']) {
      const res = await fetch(`${ts.url}${path}`);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).not.toContain('text/html');
    }
  });

  it('answers a share link with the lean viewer page and the text, any other path with the app', async () => {
    const alice = await buildUser(ts);
    const doc = await buildDocument(alice, { title: 'Lean page', initialContent: 'Readable words' });
    const rec = expectData<{ shareId: string }>(
      await alice.post('/v1/share/new', { entityType: 'document', entityId: doc.docId }),
    );
    const res = await fetch(`${ts.url}/share/${rec.shareId}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('/assets/share-lean1.js');
    expect(html).toContain('<title>Lean page · Atelier</title>');
    expect(html).toContain('<p>Readable words</p>');
    expect(html).not.toContain('Atelier test shell');
    const missing = await fetch(`${ts.url}/share/sh-doesnotexist000000000000`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('/assets/share-lean1.js');
    expect(await (await fetch(`${ts.url}/canvas/c-1`)).text()).toContain('Atelier test shell');
  });

  it('answers the wrapper with 404 for an unknown /v1 call', async () => {
    const res = await fetch(`${ts.url}/v1/no/such/call`);
    expect(res.status).toBe(404);
    const body = (await res.json()) as { success: boolean; errCode: string; traceId: string };
    expect(body).toMatchObject({ success: false, errCode: 'E0000' });
    expect(body.traceId).toBeTruthy();
  });
});
