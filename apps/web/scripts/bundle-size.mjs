#!/usr/bin/env node
// Prints the gzip size of the JavaScript a visitor loads before signing in (the entry, the
// router, the landing page and the sign-in dialog, with every chunk they import statically; goal
// ≤ 200 KB, issue 13), the same with the password reset dialog (its own lazy chunk),
// of the largest chunk loaded only later, and of what the public share viewer (share.html, its
// own entry) loads for a shared canvas (goal ≤ 250 KB; bench/share-viewer.ts measures it in
// Chromium). Reads apps/web/dist (run `npm run build` first).
// Usage: node apps/web/scripts/bundle-size.mjs [--json]
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = process.env.BUNDLE_DIST ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No build manifest at ${manifestPath}; run \`npm run build -w @atelier/web\` first.`);
  process.exit(1);
}
/** @type {Record<string, {file: string, isEntry?: boolean, imports?: string[], dynamicImports?: string[], css?: string[]}>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

/** Modules a signed-out visitor needs up to and including the sign-in dialog. */
const PRE_LOGIN_ROOTS = [
  // the artifact preview sandbox (artifact-sandbox.html) is an entry only signed-in users' frames
  // load; the share viewer (share.html) is the page of share links, counted on its own below
  ...Object.keys(manifest).filter(
    (k) => manifest[k].isEntry && k !== 'artifact-sandbox.html' && k !== 'share.html',
  ),
  'src/app/AppRouter.tsx',
  'src/features/landing/LandingPage.tsx',
  'src/features/auth/AuthModals.tsx',
];
/** Opened from the sign-in dialog ("Forgot password?"), loaded then. */
const RESET_ROOTS = ['src/features/auth/ResetPasswordModal.tsx'];

function closure(keys) {
  const seen = new Set();
  const stack = [...keys];
  while (stack.length > 0) {
    const key = stack.pop();
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    stack.push(...(manifest[key].imports ?? []));
  }
  return seen;
}

const gzipOf = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** What the share viewer loads for a shared canvas before any node is opened. */
const SHARE_CANVAS_ROOTS = ['share.html', 'src/features/share/viewer/CanvasViewer.tsx'];

const missing = [...PRE_LOGIN_ROOTS, ...RESET_ROOTS, ...SHARE_CANVAS_ROOTS].filter((k) => !manifest[k]);
if (missing.length > 0) {
  console.error(`Not in the manifest (renamed?): ${missing.join(', ')}`);
  process.exit(1);
}

const preLoginKeys = closure(PRE_LOGIN_ROOTS);
const preLoginFiles = new Set(
  [...preLoginKeys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js')),
);
const allJs = new Set(
  Object.values(manifest)
    .map((c) => c.file)
    .filter((f) => f.endsWith('.js')),
);

let preLogin = 0;
for (const file of preLoginFiles) preLogin += gzipOf(file);

const withResetFiles = new Set(
  [...closure([...PRE_LOGIN_ROOTS, ...RESET_ROOTS])]
    .map((k) => manifest[k].file)
    .filter((f) => f.endsWith('.js')),
);
let withReset = 0;
for (const file of withResetFiles) withReset += gzipOf(file);

const shareFiles = new Set(
  [...closure(SHARE_CANVAS_ROOTS)].map((k) => manifest[k].file).filter((f) => f.endsWith('.js')),
);
let shareCanvas = 0;
for (const file of shareFiles) shareCanvas += gzipOf(file);
const SHARE_GOAL = 250 * 1024;

let largest = { file: '', bytes: 0 };
for (const file of allJs) {
  if (withResetFiles.has(file)) continue;
  const bytes = gzipOf(file);
  if (bytes > largest.bytes) largest = { file, bytes };
}

const GOAL = 200 * 1024;
if (process.argv.includes('--json')) {
  console.log(
    JSON.stringify({
      preLoginGzipBytes: preLogin,
      preLoginChunks: preLoginFiles.size,
      withResetGzipBytes: withReset,
      withResetChunks: withResetFiles.size,
      largestLazyChunk: largest.file,
      largestLazyGzipBytes: largest.bytes,
      goalBytes: GOAL,
      shareCanvasGzipBytes: shareCanvas,
      shareCanvasChunks: shareFiles.size,
      shareGoalBytes: SHARE_GOAL,
    }),
  );
} else {
  console.log(
    `pre-login JavaScript (gzip): ${kb(preLogin)} in ${preLoginFiles.size} chunks (goal <= ${kb(GOAL)})`,
  );
  console.log(`  with the password reset dialog (gzip): ${kb(withReset)} in ${withResetFiles.size} chunks`);
  console.log(`largest lazy chunk (gzip): ${kb(largest.bytes)} (${largest.file})`);
  console.log(
    `share viewer, shared canvas (gzip): ${kb(shareCanvas)} in ${shareFiles.size} chunks (goal <= ${kb(SHARE_GOAL)})`,
  );
}
