#!/usr/bin/env node
// `npm test`: typecheck, lint, build the app (the browser tests run against it), then every
// vitest project (unit, web, integration on PGlite and, with TEST_DATABASE_URL, on PostgreSQL,
// browser). Ends with one plain summary line 'tests: N passed, N failed' for CI.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function step(name, cmd, args) {
  console.log(`\n== ${name}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (r.status !== 0) {
    console.error(`\n== ${name} failed (exit ${r.status ?? r.signal})`);
    console.log('tests: 0 passed, 1 failed');
    process.exit(r.status || 1);
  }
}

step('typecheck', npm, ['run', 'typecheck']);
step('lint', npm, ['run', 'lint']);
step('format', npm, ['run', 'format:check']);
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
