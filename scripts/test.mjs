#!/usr/bin/env node
// `npm test`: build the app; typecheck, lint and format check (side by side); the vitest projects
// but the browser (unit, web, integration on PGlite and, with TEST_DATABASE_URL, on PostgreSQL);
// then the browser project alone (Chromium against the build, two files at a time on an idle
// machine, else one). Ends with one plain summary line 'tests: N passed, N failed' for CI.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { otherBrowserLanes, registerBrowserLane } from './browser-lanes.mjs';

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

/**
 * Runs a step with its output streamed line by line, each line prefixed with `[name]`, so two
 * steps can run at once and their logs stay readable. Resolves like `buffered`.
 */
function prefixed(name, cmd, args, env = process.env) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const pipeLines = (stream, out) => {
      let rest = '';
      stream.on('data', (chunk) => {
        const lines = (rest + chunk.toString()).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) out.write(`[${name}] ${line}\n`);
      });
      stream.on('end', () => {
        if (rest) out.write(`[${name}] ${rest}\n`);
      });
    };
    pipeLines(child.stdout, process.stdout);
    pipeLines(child.stderr, process.stderr);
    child.on('error', (err) => process.stderr.write(`[${name}] ${String(err)}\n`));
    child.on('close', (code, signal) =>
      resolve({ name, status: code ?? signal ?? 'unknown', ms: Date.now() - started }),
    );
  });
}

/** The static checks read the sources only and are each mostly single-threaded: run them at the
 * same time, then print each one's output in order. Resolves with the first failure or null. */
async function staticChecks() {
  const checks = await Promise.all([
    buffered('typecheck', npm, ['run', 'typecheck']),
    buffered('lint', npm, ['run', 'lint']),
    buffered('format', npm, ['run', 'format:check']),
  ]);
  for (const c of checks) {
    console.log(`\n== ${c.name}: ${c.cmd} (${(c.ms / 1000).toFixed(1)} s)`);
    process.stdout.write(c.output);
  }
  return checks.find((c) => c.status !== 0) ?? null;
}

/** Cores kept busy on this machine over `ms` (every process, ours included), from os.cpus(). */
async function busyCores(ms) {
  const sum = () =>
    cpus().reduce(
      (acc, c) => {
        const { idle, ...rest } = c.times;
        acc.idle += idle;
        acc.busy += Object.values(rest).reduce((a, b) => a + b, 0);
        return acc;
      },
      { idle: 0, busy: 0 },
    );
  const a = sum();
  await new Promise((r) => setTimeout(r, ms));
  const b = sum();
  const busy = b.busy - a.busy;
  const total = busy + (b.idle - a.idle);
  return total > 0 ? (busy / total) * cpus().length : 0;
}

/** Where each run that has reached its browser files leaves a file named by its pid. */
const laneDir = join(tmpdir(), 'atelier-browser-lanes');

/**
 * The browser files run two at a time (one per two cores on larger machines) when the machine is
 * otherwise idle and no other run's browser files are running, one at a time otherwise. A file
 * drives one Chromium and one server and keeps ~0.9 of a core busy on average, waiting on the app
 * between bursts, so two at once took a third off the lane on an idle 2-core machine
 * (docs/benchmarks.md, 2026-11-28); beside another suite, on 2026-11-26, three at once timed tests
 * out. The look at the machine is taken when this run's other lanes have ended, so what it sees is
 * someone else's work; but another run's browser files, one at a time, can look idle for a moment
 * (2026-11-28 evening: a run saw 0.35 cores busy a minute after the other's browser files began,
 * and went two at a time beside its one: three files at once). So every run records its browser
 * lane before it looks and goes two at a time only if no other run has one: of two runs that look
 * at the same moment, the second to look sees the first, or both see each other and go one at a
 * time. E2E_PARALLEL=0/1 decides instead.
 */
async function browserFilesAtOnce() {
  if (process.env.E2E_PARALLEL === '0' || process.env.E2E_PARALLEL === '1') return {};
  const cores = availableParallelism();
  const files = Math.max(2, Math.floor(cores / 2));
  registerBrowserLane(laneDir);
  const busy = await busyCores(3000);
  const others = otherBrowserLanes(laneDir);
  const parallel = cores >= 2 && busy < 0.5 && others.length === 0;
  const why = others.length
    ? `another run's browser files are running, pid ${others.join(', ')}`
    : `${busy.toFixed(2)} of ${cores} cores busy elsewhere`;
  console.log(`\n== browser files: ${parallel ? `${files} at a time` : 'one at a time'} (${why})`);
  return parallel ? { E2E_PARALLEL: '1', TEST_WORKERS: String(files) } : { E2E_PARALLEL: '0' };
}

function vitestArgs(report, extra) {
  return [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    '--reporter=./scripts/retried-reporter.mjs',
    `--outputFile.json=${report}`,
    ...extra,
  ];
}

/** The tests of a run that passed only on a retry (scripts/retried-reporter.mjs), printed loudly. */
function printRetried(file) {
  if (!existsSync(file)) return;
  const retried = JSON.parse(readFileSync(file, 'utf8'));
  for (const r of retried) {
    console.log(`== RETRIED (${r.state} after ${r.retries} retry): ${r.file} > ${r.test}`);
    if (r.errors[0]) console.log(`   first failure: ${r.errors[0].split('\n')[0]}`);
  }
}

/** Sums a vitest JSON report; a missing report counts as one failure when the run failed. */
function counts(report, status) {
  let passed = 0;
  let failed = 0;
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    passed = json.numPassedTests ?? 0;
    failed = json.numFailedTests ?? 0;
  }
  if (status !== 0 && failed === 0) failed = 1; // a suite failed to load, a hook failed, or no report
  return { passed, failed };
}

const outDir = join(root, 'test-output');
mkdirSync(outDir, { recursive: true });
const extra = process.argv.slice(2);

if (extra.length) {
  // `npm test -- <vitest arguments>`: the checks, the build, then one vitest run with them
  const failedCheck = await staticChecks();
  if (failedCheck) fail(failedCheck.name, failedCheck.status);
  step('build', npm, ['run', 'build']);
  const report = join(outDir, 'vitest.json');
  console.log('\n== tests: vitest run');
  const r = spawnSync('npx', vitestArgs(report, extra), { cwd: root, stdio: 'inherit', env: process.env });
  const { passed, failed } = counts(report, r.status);
  console.log(`tests: ${passed} passed, ${failed} failed`);
  process.exit(r.status === 0 && failed === 0 ? 0 : r.status || 1);
}

/** The fastest of five timed runs of `work`, in ms: the least disturbed by what else runs. */
function bestOfFive(work) {
  let best = Infinity;
  for (let take = 0; take < 5; take++) {
    const started = performance.now();
    work();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

/**
 * A fixed piece of JavaScript work (objects, strings, JSON, a regular expression: what our tools
 * spend their time on), timed at the start: the machine's speed varies by 2x between days,
 * and this line tells a slow run from a slow machine. Lower is faster; the best of five takes, with
 * the load average (what else ran).
 */
function cpuProbe() {
  return bestOfFive(() => {
    let total = 0;
    for (let i = 0; i < 50_000; i++) {
      const row = {
        id: `r-${i}`,
        title: `Note ${i % 97}`,
        tags: [i % 3, i % 5, i % 7],
        body: 'tea '.repeat(i % 40),
      };
      const text = JSON.stringify(row);
      total += JSON.parse(text).title.length + (/(\d+)/.exec(text)?.[1].length ?? 0);
    }
    if (total <= 0) throw new Error('cpu probe: no work done');
  });
}

/**
 * Starting a process, timed (best of 5 `node -e 0`): the cost of mapping memory and page faults
 * that Chromium and our servers pay on every start. The JavaScript probe alone read the same on
 * a day the suite ran twice as fast as on another (2026-11-28, docs/benchmarks.md).
 */
function spawnProbe() {
  return bestOfFive(() => {
    if (spawnSync(process.execPath, ['-e', '0']).status !== 0)
      throw new Error('spawn probe: node -e 0 failed');
  });
}

console.log(
  `\n== cpu probe: ${cpuProbe().toFixed(0)} ms (a fixed JavaScript workload, best of 5; lower is faster), spawn ${spawnProbe().toFixed(0)} ms (node -e 0, best of 5), load ${loadavg()[0].toFixed(2)}`,
);

// The whole suite after the build (the browser files run against it): the static checks side by
// side, every other project, then the browser files one at a time.
step('build', npm, ['run', 'build']);
const browserReport = join(outDir, 'vitest-browser.json');
const restReport = join(outDir, 'vitest.json');
const browserRetried = join(outDir, 'retried-browser.json');
const restRetried = join(outDir, 'retried.json');
for (const stale of [browserRetried, restRetried]) rmSync(stale, { force: true });
console.log(
  '\n== tests: [checks] and [tests] (every project but the browser), then [browser] vitest run --project browser',
);
// The browser files run last, without the other lanes: beside the checks and the integration
// workers, a 2-core machine ran at load 6–8 and browser tests timed out waiting for what they wait
// for (clean-clone runs of 2026-11-26 evening: a toast in auth.e2e, a validation message in
// projects.e2e; both files pass alone). Slower, steadier: a failing CI lands nothing. Two browser
// files at once when nothing else runs (browserFilesAtOnce).
const rest = await (async () => {
  const failedCheck = await staticChecks();
  if (failedCheck) return { check: failedCheck };
  const projects = ['unit', 'web', 'integration-*'].flatMap((p) => ['--project', p]);
  return {
    run: await prefixed('tests', 'npx', vitestArgs(restReport, projects), {
      ...process.env,
      RETRIED_REPORT: restRetried,
    }),
  };
})();
const browserEnv = { ...process.env, RETRIED_REPORT: browserRetried, ...(await browserFilesAtOnce()) };
const browser = await prefixed(
  'browser',
  'npx',
  vitestArgs(browserReport, ['--project', 'browser']),
  browserEnv,
);
printRetried(browserRetried);
const b = counts(browserReport, browser.status);
console.log(`\n== browser: ${(browser.ms / 1000).toFixed(1)} s, ${b.passed} passed, ${b.failed} failed`);
if (rest.check) {
  console.error(`\n== ${rest.check.name} failed (exit ${rest.check.status})`);
  console.log(`tests: ${b.passed} passed, ${b.failed + 1} failed`);
  process.exit(1);
}
const o = counts(restReport, rest.run.status);
printRetried(restRetried);
console.log(
  `== other projects: ${(rest.run.ms / 1000).toFixed(1)} s, ${o.passed} passed, ${o.failed} failed`,
);
const passed = b.passed + o.passed;
const failed = b.failed + o.failed;
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(browser.status === 0 && rest.run.status === 0 && failed === 0 ? 0 : 1);
