#!/usr/bin/env node
// `npm start`: build whatever is missing or older than its sources (server bundle, web app),
// then run the server in this process (migrations run at start). Port 5800 unless PORT is set.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  if (!statSync(dir).isDirectory()) return statSync(dir).mtimeMs;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const p = join(dir, entry.name);
    const t = entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs;
    if (t > newest) newest = t;
  }
  return newest;
}

function needsBuild(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((s) => newestMtime(join(root, s)) > built);
}

function build(workspace) {
  console.log(`Building ${workspace}…`);
  const r = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const packages = ['packages/contract/src', 'packages/editor/src', 'packages/canvas/src'];
if (
  needsBuild(join(root, 'apps/web/dist/index.html'), ['apps/web/src', 'apps/web/index.html', ...packages])
) {
  build('@atelier/web');
}
if (needsBuild(join(root, 'apps/server/dist/main.js'), ['apps/server/src', ...packages])) {
  build('@atelier/server');
}

process.chdir(root);
await import(pathToFileURL(join(root, 'apps/server/dist/main.js')).href);
