// Canvas of 1,000 nodes + 1,000 edges in Chromium: time to open (goal < 1.5 s) and pan/zoom
// frames per second of our canvas against bare React Flow on the same graph in the same run
// (goal ≥ 0.8×). Builds bench/canvas-page with Vite, serves it, drives it with playwright-core.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { chromium } from 'playwright-core';
import { serveStatic } from './lib.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const NODES = Number(process.env.BENCH_CANVAS_NODES ?? 1000);
const ROUNDS = Number(process.env.BENCH_CANVAS_ROUNDS ?? 3);
const PAN_MS = 3000;

const outDir = await mkdtemp(join(tmpdir(), 'atelier-canvas-bench-'));
await build({
  root: join(here, 'canvas-page'),
  logLevel: 'warn',
  plugins: [react()],
  build: { outDir, emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 5000 },
});

const server = await serveStatic(outDir);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-background-networking', '--no-first-run'],
});

async function run(mode) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.on('pageerror', (error) => console.error(`${mode}: ${error.message}`));
  await page.goto(`${server.base}/?mode=${mode}&nodes=${NODES}`);
  await page.waitForFunction(() => globalThis.__openMs !== undefined, undefined, { timeout: 60_000 });
  const openMs = await page.evaluate(() => globalThis.__openMs);
  const rendered = await page.locator('.react-flow__node').count();
  const fps = await page.evaluate((ms) => globalThis.__panZoom(ms), PAN_MS);
  await page.close();
  return { openMs, fps, rendered };
}

const results = { ours: [], bare: [] };
try {
  // warm-up (compile caches), then alternate the modes so both see the same machine load
  await run('bare');
  await run('ours');
  for (let i = 0; i < ROUNDS; i += 1) {
    results.bare.push(await run('bare'));
    results.ours.push(await run('ours'));
  }
} finally {
  await browser.close();
  await server.close();
  await rm(outDir, { recursive: true, force: true });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const summary = (mode) => ({
  openMs: median(results[mode].map((r) => r.openMs)),
  fps: median(results[mode].map((r) => r.fps)),
  rendered: results[mode][0]?.rendered,
});
const ours = summary('ours');
const bare = summary('bare');
const ratio = ours.fps / bare.fps;
console.log(`canvas ${NODES} nodes + ${NODES} edges, median of ${ROUNDS} rounds (Chromium headless):`);
console.log(
  `  open (navigation → nodes measured and painted): ours ${ours.openMs.toFixed(0)} ms, bare ${bare.openMs.toFixed(0)} ms (goal < 1500 ms)`,
);
console.log(
  `  pan/zoom: ours ${ours.fps.toFixed(1)} fps, bare ${bare.fps.toFixed(1)} fps, ratio ${ratio.toFixed(2)}× (goal ≥ 0.8×)`,
);
console.log(`  DOM nodes after open: ours ${ours.rendered}, bare ${bare.rendered}`);
