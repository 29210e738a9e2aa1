// The built web app behind one catch-all route: app paths render index.html, files are served
// as they are, and a missing file or an unknown /v1 call is a 404 (never the app page). A share
// link gets the lean viewer page (share.html) instead of the app's.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDocument, buildUser } from './helpers/factories.js';
import { expectData } from './helpers/items.js';
import { startTestServer, type TestServer } from './helpers/server.js';

describe('web app serving', () => {
  let ts: TestServer;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'atelier-web-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Atelier test shell</title>');
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log("app")');
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
