/**
 * vitest globalSetup of the integration projects: bundles the server from the current sources
 * with the build's own script (`build.mjs`, esbuild, about a second) into a folder of its own
 * under `apps/server/dist/`, for the tests that run the server as a child process
 * (helpers/child-server.ts). A child started from the bundle is ready after ~3.4 s of CPU;
 * `src/main.ts` through tsx took ~7.3 s (docs/benchmarks.md, 2026-11-28 evening), and some files
 * start it several times. The folder sits beside the app's own bundle, so it finds
 * `node_modules` and the migrations the same way, and it is removed when the run ends.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server bundled from this run's sources (a `main.js` path), or '' when absent. */
    serverBundle: string;
  }
}

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export function setup(project: TestProject): () => void {
  mkdirSync(join(serverDir, 'dist'), { recursive: true });
  const dir = mkdtempSync(join(serverDir, 'dist', 'test-run-'));
  const bundle = join(dir, 'main.js');
  const built = spawnSync(process.execPath, ['build.mjs', '--outfile', bundle], {
    cwd: serverDir,
    encoding: 'utf8',
  });
  if (built.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`bundling the server failed (exit ${built.status}):\n${built.stdout}${built.stderr}`);
  }
  project.provide('serverBundle', bundle);
  return () => rmSync(dir, { recursive: true, force: true });
}
