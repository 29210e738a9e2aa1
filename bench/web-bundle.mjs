// Gzip size of the JavaScript loaded before login (goal ≤ 300 KB) and of the largest lazy chunk.
// The measuring script lives with the web app (it knows its entry); this runs it.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const r = spawnSync('node', [join(root, 'apps/web/scripts/bundle-size.mjs')], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(r.status ?? 1);
