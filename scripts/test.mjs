#!/usr/bin/env node
// `npm test`: typecheck, lint and format check (side by side), build the app (the browser tests
// run against it), then every vitest project (unit, web, integration on PGlite and, with
// TEST_DATABASE_URL, on PostgreSQL, browser). Ends with one plain summary line
// 'tests: N passed, N failed' for CI.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function fail(name, status) {
  console.error(`\n== ${name} failed (exit ${status})`);
  console.log('tests: 0 passed, 1 failed');
  process.exit(typeof status === 'number' && status !== 0 ? status : 1);
}

/** Runs a step with its output buffered; resolves with { name, cmd, status, output, ms }. */
function buffered(name, cmd, args) {
  const started = Date.now();
  return new Promise((resolve) => {
    const chunks = [];
    const child = spawn(cmd, args, {
      cwd: root,
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    child.on('error', (err) => chunks.push(Buffer.from(`${String(err)}\n`)));
    child.on('close', (code, signal) =>
      resolve({
        name,
        cmd: `${cmd} ${args.join(' ')}`,
        status: code ?? signal ?? 'unknown',
        output: Buffer.concat(chunks).toString(),
        ms: Date.now() - started,
      }),
    );
  });
}

function step(name, cmd, args) {
  console.log(`\n== ${name}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (r.status !== 0) fail(name, r.status ?? r.signal);
}

// The static checks read the sources only and are each mostly single-threaded: run them at the
// same time, then print each one's output in order.
const checks = await Promise.all([
  buffered('typecheck', npm, ['run', 'typecheck']),
  buffered('lint', npm, ['run', 'lint']),
  buffered('format', npm, ['run', 'format:check']),
]);
for (const c of checks) {
  console.log(`\n== ${c.name}: ${c.cmd} (${(c.ms / 1000).toFixed(1)} s)`);
  process.stdout.write(c.output);
}
const failedCheck = checks.find((c) => c.status !== 0);
if (failedCheck) fail(failedCheck.name, failedCheck.status);

step('build', npm, ['run', 'build']);

mkdirSync(join(root, 'test-output'), { recursive: true });
const report = join(root, 'test-output', 'vitest.json');
console.log('\n== tests: vitest run');
const r = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...process.argv.slice(2),
  ],
  { cwd: root, stdio: 'inherit', env: process.env },
);
let passed = 0;
let failed = 0;
if (existsSync(report)) {
  const json = JSON.parse(readFileSync(report, 'utf8'));
  passed = json.numPassedTests ?? 0;
  failed = json.numFailedTests ?? 0;
}
if (r.status !== 0 && failed === 0) failed = 1; // a suite failed to load, a hook failed, or no report
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(r.status === 0 && failed === 0 ? 0 : r.status || 1);
