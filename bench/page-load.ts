// How long a signed-in person waits for the home page in a fresh browser context (nothing cached,
// as every browser test and every first visit starts), and how much of the renderer's main
// thread that load takes. Runs the built app (apps/web/dist) against a server of its own.
//
// Peer, in the same run: the same build with antd writing every style at run time, as before
// the build linked the shell's antd styles (apps/web/scripts/antd-styles.ts): a copy of
// apps/web/dist whose index.html lacks that link. Rounds alternate between the two, so a busy
// neighbour slows both alike.
//
// Each round opens a new context, loads `/` and stops the clock when the home page's search box
// is visible. Main-thread time is Chromium's own `TaskDuration` (CDP Performance metrics) for
// the page, which counts script, style, layout and paint work but not time spent waiting for the
// network. The first two rounds warm the servers and are not counted.
//
//   npm run bench -- page-load [--rounds 15]
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser } from '../apps/web/e2e/support/browser.js';
import { startBenchServer, type BenchServer } from './bench-server.js';
import { fmt, percentile } from './lib.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const roundsArg = process.argv.indexOf('--rounds');
const ROUNDS = roundsArg > 0 ? Number(process.argv[roundsArg + 1]) : 15;
const WARM_UP = 2;

const dist = join(root, 'apps', 'web', 'dist');
const peerDist = mkdtempSync(join(tmpdir(), 'atelier-page-load-peer-'));
cpSync(dist, peerDist, { recursive: true });
const index = readFileSync(join(dist, 'index.html'), 'utf8');
const peerIndex = index.replace(/<link rel="stylesheet"[^>]*href="\/assets\/antd-[^"]+\.css"[^>]*>\s*/, '');
if (peerIndex === index) throw new Error('apps/web/dist/index.html links no antd-*.css: build first');
writeFileSync(join(peerDist, 'index.html'), peerIndex);

const servers: Record<'ours' | 'peer', BenchServer> = {
  ours: await startBenchServer('page-load', { WEB_DIST_DIR: dist }),
  peer: await startBenchServer('page-load-peer', { WEB_DIST_DIR: peerDist }),
};
// the browser tests' Chromium and flags, since this measures what each of their page loads costs
const browser = await launchBrowser();

interface Sample {
  wallMs: number;
  mainThreadMs: number;
  styleTags: number;
}

async function loadOnce(server: BenchServer, colorScheme: 'light' | 'dark'): Promise<Sample> {
  const context = await browser.newContext({ colorScheme, viewport: { width: 1280, height: 800 } });
  try {
    await context.addCookies(
      server.cookie.split('; ').map((c) => {
        const at = c.indexOf('=');
        return { name: c.slice(0, at), value: c.slice(at + 1), url: server.base };
      }),
    );
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const started = performance.now();
    await page.goto(`${server.base}/`);
    await page.getByTestId('home-search').waitFor();
    const wallMs = performance.now() - started;
    const { metrics } = await cdp.send('Performance.getMetrics');
    const task = metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0;
    const styleTags = await page.evaluate(() => document.querySelectorAll('style').length);
    return { wallMs, mainThreadMs: task * 1000, styleTags };
  } finally {
    await context.close();
  }
}

try {
  for (const server of Object.values(servers)) {
    await server.signUp();
    await server.api('PUT', '/user/settings', {
      onboarding: { featureHighlights: 'skipped', tour: 'skipped' },
    });
  }
  for (const scheme of ['light', 'dark'] as const) {
    const samples: Record<keyof typeof servers, Sample[]> = { ours: [], peer: [] };
    for (let i = 0; i < ROUNDS + WARM_UP; i++) {
      const order = i % 2 ? (['ours', 'peer'] as const) : (['peer', 'ours'] as const);
      for (const name of order) {
        const sample = await loadOnce(servers[name], scheme);
        if (i >= WARM_UP) samples[name].push(sample);
      }
    }
    for (const name of ['ours', 'peer'] as const) {
      const wall = samples[name].map((s) => s.wallMs);
      const main = samples[name].map((s) => s.mainThreadMs);
      const label =
        name === 'ours' ? 'antd shell styles from the build' : 'peer: antd writes all at run time';
      console.log(
        `home page, ${scheme}, ${label}, ${ROUNDS} fresh contexts: to visible p50 ${fmt(percentile(wall, 50))} ms, ` +
          `p90 ${fmt(percentile(wall, 90))} ms; renderer main thread p50 ${fmt(percentile(main, 50))} ms, ` +
          `p90 ${fmt(percentile(main, 90))} ms; <style> tags ${samples[name][0]?.styleTags ?? 0}`,
      );
    }
  }
} finally {
  await browser.close();
  await Promise.all(Object.values(servers).map((s) => s.stop()));
  rmSync(peerDist, { recursive: true, force: true });
}
