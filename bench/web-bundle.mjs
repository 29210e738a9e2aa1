// Gzip size of the JavaScript loaded before login (goal ≤ 200 KB, issue 13) and of the largest
// lazy chunk, counted from the build manifest by the web app's script (it knows its entry), then
// what Chromium actually fetches on the landing page and with the sign-in dialogs open
// (web-bundle-browser.ts), which also counts chunks the manifest walk cannot see (dynamic imports
// made on the way, the Chinese strings).
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const r = spawnSync('node', [join(root, 'apps/web/scripts/bundle-size.mjs')], {
  cwd: root,
  stdio: 'inherit',
});
if (r.status !== 0) process.exit(r.status ?? 1);
const b = spawnSync('node', ['--import', 'tsx', join(root, 'bench/web-bundle-browser.ts')], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(b.status ?? 1);
