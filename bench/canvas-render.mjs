// Canvases of 2,000 and 1,000 nodes (as many edges) in Chromium: time to open (goal < 1.5 s and
// within 1.3× bare React Flow) and pan/zoom frames per second (goal ≥ 0.9× bare) of our canvas
// against bare React Flow drawing the same graph with comparable nodes, in the same run
// (bench/canvas-page/main.tsx says what each side draws). Builds bench/canvas-page with Vite,
// writes the graph as the files the page fetches (a Yjs update for ours, JSON for bare), serves
// them and drives the page with playwright-core. Run with `node --import tsx` (npm run bench).
//
// BENCH_CANVAS_NODES=2000,1000 (sizes), BENCH_CANVAS_ROUNDS=3 (rounds after one warm-up each).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { chromium } from 'playwright-core';
import * as Y from 'yjs';
import { applySnapshot, CANVAS_SCHEMA_VERSION, createCanvasDoc } from '@atelier/canvas';
import { benchGraph } from './canvas-page/graph.ts';
import { serveStatic } from './lib.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const SIZES = (process.env.BENCH_CANVAS_NODES ?? '2000,1000').split(',').map(Number);
const ROUNDS = Number(process.env.BENCH_CANVAS_ROUNDS ?? 3);
const PAN_MS = 3000;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const outDir = await mkdtemp(join(tmpdir(), 'atelier-canvas-bench-'));
await build({
  root: join(here, 'canvas-page'),
  logLevel: 'warn',
  plugins: [react()],
  build: { outDir, emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 5000 },
});
for (const size of SIZES) {
  const graph = benchGraph(size);
  const doc = createCanvasDoc();
  applySnapshot(doc, { schemaVersion: CANVAS_SCHEMA_VERSION, ...graph });
  await writeFile(join(outDir, `graph-${size}.ydoc`), Y.encodeStateAsUpdate(doc));
  await writeFile(join(outDir, `graph-${size}.json`), JSON.stringify(graph));
}

const server = await serveStatic(outDir);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-background-networking', '--no-first-run'],
});

async function run(mode, size) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.on('pageerror', (error) => console.error(`${mode}: ${error.message}`));
  await page.goto(`${server.base}/?mode=${mode}&nodes=${size}`);
  await page.waitForFunction(() => globalThis.__openMs !== undefined, undefined, { timeout: 180_000 });
  const openMs = await page.evaluate(() => globalThis.__openMs);
  const rendered = await page.locator('.react-flow__node').count();
  const fps = await page.evaluate((ms) => globalThis.__panZoom(ms), PAN_MS);
  await page.close();
  return { openMs, fps, rendered };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
try {
  for (const size of SIZES) {
    const loadBefore = load();
    const results = { ours: [], bare: [] };
    // warm-up (compile caches), then alternate the modes so both see the same machine load
    await run('bare', size);
    await run('ours', size);
    for (let i = 0; i < ROUNDS; i += 1) {
      results.bare.push(await run('bare', size));
      results.ours.push(await run('ours', size));
    }
    const summary = (mode) => ({
      openMs: median(results[mode].map((r) => r.openMs)),
      fps: median(results[mode].map((r) => r.fps)),
      rendered: results[mode][0]?.rendered,
    });
    const ours = summary('ours');
    const bare = summary('bare');
    const each = (mode, key, digits) => results[mode].map((r) => r[key].toFixed(digits)).join(' / ');
    console.log(
      `canvas ${size} nodes + ${size} edges, median of ${ROUNDS} rounds (Chromium headless); load average before ${loadBefore}, after ${load()}:`,
    );
    console.log(
      `  open (navigation start → every node measured, the next frame painted): ours ${ours.openMs.toFixed(0)} ms, bare ${bare.openMs.toFixed(0)} ms, ratio ${(ours.openMs / bare.openMs).toFixed(2)}× (goal < 1500 ms and ≤ 1.3×)`,
    );
    console.log(`    rounds: ours ${each('ours', 'openMs', 0)} ms; bare ${each('bare', 'openMs', 0)} ms`);
    console.log(
      `  pan/zoom: ours ${ours.fps.toFixed(1)} fps, bare ${bare.fps.toFixed(1)} fps, ratio ${(ours.fps / bare.fps).toFixed(2)}× (goal ≥ 0.9×)`,
    );
    console.log(`    rounds: ours ${each('ours', 'fps', 1)} fps; bare ${each('bare', 'fps', 1)} fps`);
    console.log(`  DOM nodes after open: ours ${ours.rendered}, bare ${bare.rendered}`);
  }
} finally {
  await browser.close();
  await server.close();
  await rm(outDir, { recursive: true, force: true });
}
