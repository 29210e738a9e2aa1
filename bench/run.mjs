#!/usr/bin/env node
// `npm run bench`: runs every benchmark (or those named on the command line) one after the
// other and prints their figures. Record results in docs/benchmarks.md with machine and date.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const all = {
  'server-start': ['node', [join(here, 'server-start.mjs')]],
  'settings-rps': ['node', ['--import', 'tsx', join(here, 'settings-rps.ts')]],
  'share-html': ['node', ['--import', 'tsx', join(here, 'share-html.ts')]],
  'web-bundle': ['node', [join(here, 'web-bundle.mjs')]],
  'page-load': ['node', ['--import', 'tsx', join(here, 'page-load.ts')]],
  'collab-latency': ['node', ['--import', 'tsx', join(here, 'collab-latency.ts')]],
  'collab-load': ['node', ['--import', 'tsx', join(here, 'collab-load.ts')]],
  'ingest-pdf': ['node', ['--import', 'tsx', join(here, 'ingest-pdf.ts')]],
  'ingest-web': ['node', ['--import', 'tsx', join(here, 'ingest-web.ts')]],
  'search-latency': ['node', ['--import', 'tsx', join(here, 'search-latency.ts')]],
  relay: ['node', ['--import', 'tsx', join(here, 'relay.ts')]],
  'canvas-render': ['node', ['--import', 'tsx', join(here, 'canvas-render.mjs')]],
  'share-viewer': ['node', ['--import', 'tsx', join(here, 'share-viewer.ts')]],
  'agent-overhead': ['node', ['--import', 'tsx', join(here, 'agent-overhead.ts')]],
  'trigger-latency': ['node', ['--import', 'tsx', join(here, 'trigger-latency.ts')]],
  'scale-out': ['node', ['--import', 'tsx', join(here, 'scale-out.ts')]],
};
// `npm run bench -- <names…> [--option value…]`: names first, options (e.g. scale-out's
// `--seconds 10`) passed on to each named benchmark.
const args = process.argv.slice(2);
const firstOption = args.findIndex((a) => a.startsWith('--'));
const names = firstOption < 0 ? args : args.slice(0, firstOption);
const options = firstOption < 0 ? [] : args.slice(firstOption);
const wanted = names.length ? names : Object.keys(all);

// Benchmarks run the built app.
const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

let failed = false;
for (const name of wanted) {
  const entry = all[name];
  if (!entry) {
    console.error(`unknown benchmark ${name}; known: ${Object.keys(all).join(', ')}`);
    process.exit(2);
  }
  console.log(`\n### ${name}`);
  const r = spawnSync(entry[0], [...entry[1], ...options], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) failed = true;
}
console.log(
  `\nmachine: ${process.platform} ${process.arch}, node ${process.version}, ${(await import('node:os')).cpus().length} cores, date ${new Date().toISOString().slice(0, 10)}`,
);
process.exit(failed ? 1 : 0);
