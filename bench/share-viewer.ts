// The public viewer of a shared 200-node canvas, opened cold in Chromium (a fresh browser context
// per round: empty cache, no session): first paint and first contentful paint (goal < 1 s), the
// time until every node is drawn, and the gzip size of the JavaScript the viewer loads
// (goal ≤ 250 KB). Runs the built web app (apps/web/dist) through the server from source.
// Peer, in the same run and rounds: bare React Flow drawing the same canvas (bench/share-peer,
// built here with Vite and served as static files), the least any React Flow viewer loads.
import { gzipSync } from 'node:zlib';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { chromium } from 'playwright-core';
import { startBenchServer } from './bench-server.js';
import { fmt, percentile, serveStatic } from './lib.mjs';

const NODES = Number(process.env.BENCH_SHARE_NODES ?? 200);
const ROUNDS = Number(process.env.BENCH_SHARE_ROUNDS ?? 5);
const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');

const peerDir = await mkdtemp(join(tmpdir(), 'atelier-share-peer-'));
await build({
  root: join(here, 'share-peer'),
  logLevel: 'warn',
  plugins: [react()],
  build: { outDir: peerDir, emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 5000 },
});
const peer = await serveStatic(peerDir);
const server = await startBenchServer('share-viewer', { WEB_DIST_DIR: join(root, 'apps', 'web', 'dist') });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-background-networking', '--no-first-run'],
});
try {
  await server.signUp();
  const cols = Math.ceil(Math.sqrt(NODES));
  const nodes = Array.from({ length: NODES }, (_, i) => ({
    id: `n${i}`,
    type: 'memo',
    position: { x: (i % cols) * 320, y: Math.floor(i / cols) * 200 },
    data: { title: `Note ${i + 1}`, contentPreview: `Memo number ${i + 1}: a few words of text to draw.` },
  }));
  const edges = nodes.slice(1).map((n, i) => ({ id: `e${i}`, source: `n${i}`, target: n.id }));
  const form = new FormData();
  const file = { format: 'atelier-canvas', version: 2, title: 'Bench share', nodes, edges };
  form.append('file', new Blob([JSON.stringify(file)], { type: 'application/json' }), 'c.json');
  const imported = await fetch(`${server.base}/v1/canvas/import`, {
    method: 'POST',
    headers: { cookie: server.cookie },
    body: form,
  });
  const { data: canvas } = (await imported.json()) as { data: { canvasId: string } };
  const share = await server.api<{ url: string; shareId: string }>('POST', '/share/new', {
    entityType: 'canvas',
    entityId: canvas.canvasId,
  });
  const urls = {
    viewer: `${server.base}/share/${share.shareId}`,
    peer: `${peer.base}/?nodes=${NODES}`,
  };

  async function round(which: keyof typeof urls) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const scripts = new Map<string, Promise<number>>();
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script' && res.ok())
        scripts.set(
          res.url(),
          res.body().then((b) => gzipSync(b, { level: 9 }).length),
        );
    });
    await page.goto(urls[which]);
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="share-canvas-node"]').length === n,
      NODES,
      { timeout: 60_000 },
    );
    const timing = await page.evaluate(() => {
      const paint = Object.fromEntries(
        performance.getEntriesByType('paint').map((e) => [e.name, e.startTime]),
      );
      const [nav] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      const fp = paint['first-paint'] ?? Infinity;
      // the stylesheets of the page's head (lazy chunks' styles come after the first paint)
      const css = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((e) => e.initiatorType === 'link' && e.name.endsWith('.css') && e.startTime < fp)
        .map((e) => e.responseEnd);
      return {
        fp: paint['first-paint'] ?? NaN,
        fcp: paint['first-contentful-paint'] ?? NaN,
        shown: performance.now(),
        // the page's first byte, and the end of its last stylesheet (they hold the first paint)
        ttfb: nav?.responseStart ?? NaN,
        css: css.length ? Math.max(...css) : 0,
      };
    });
    const sizes = await Promise.all(scripts.values());
    await context.close();
    return { ...timing, jsGzip: sizes.reduce((a, b) => a + b, 0), jsFiles: sizes.length };
  }

  // warm-up: the server's first render of the share page and its caches, Chromium's start
  await round('viewer');
  await round('peer');
  const runs = {
    viewer: [] as Awaited<ReturnType<typeof round>>[],
    peer: [] as Awaited<ReturnType<typeof round>>[],
  };
  for (let i = 0; i < ROUNDS; i += 1) {
    // alternate, so both see the same machine load
    runs.viewer.push(await round('viewer'));
    runs.peer.push(await round('peer'));
  }
  const p50 = (which: keyof typeof runs, key: 'fp' | 'fcp' | 'shown' | 'ttfb' | 'css') =>
    fmt(
      percentile(
        runs[which].map((r) => r[key]),
        50,
      ),
    );
  const js = (which: keyof typeof runs) => {
    const last = runs[which][runs[which].length - 1]!;
    return `${(last.jsGzip / 1024).toFixed(1)} KB gzip in ${last.jsFiles} files`;
  };
  console.log(
    `shared canvas of ${NODES} nodes, cold browser context, median of ${ROUNDS} (Chromium headless):`,
  );
  console.log(
    `  first paint / first contentful paint: viewer ${p50('viewer', 'fp')} / ${p50('viewer', 'fcp')} ms, ` +
      `bare React Flow ${p50('peer', 'fp')} / ${p50('peer', 'fcp')} ms (goal < 1000 ms)`,
  );
  console.log(
    `  of which: first byte of the page viewer ${p50('viewer', 'ttfb')} ms, bare ${p50('peer', 'ttfb')} ms; ` +
      `stylesheets loaded viewer ${p50('viewer', 'css')} ms, bare ${p50('peer', 'css')} ms`,
  );
  console.log(
    `  every node drawn (after navigation start): viewer ${p50('viewer', 'shown')} ms, bare React Flow ${p50('peer', 'shown')} ms`,
  );
  console.log(`  JavaScript loaded: viewer ${js('viewer')} (goal ≤ 250 KB), bare React Flow ${js('peer')}`);
} finally {
  await browser.close();
  await server.stop();
  await peer.close();
  await rm(peerDir, { recursive: true, force: true });
}
