import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { otherBrowserLanes, registerBrowserLane } from './browser-lanes.mjs';

const dirs = [];
function freshDir() {
  const dir = mkdtempSync(join(tmpdir(), 'atelier-lanes-test-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** The pid of a process that has already exited. */
function deadPid() {
  const r = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
  return Number(r.stdout.trim());
}

describe('browser lanes of npm test runs', () => {
  it('does not count its own lane, and removes it on request', () => {
    const dir = freshDir();
    const remove = registerBrowserLane(dir);
    expect(readdirSync(dir)).toEqual([String(process.pid)]);
    expect(otherBrowserLanes(dir)).toEqual([]);
    remove();
    expect(readdirSync(dir)).toEqual([]);
  });

  it("sees a live run's lane, forgets a killed run's and ignores other files", () => {
    const dir = freshDir();
    registerBrowserLane(dir, process.ppid); // the vitest process: alive
    const dead = deadPid();
    writeFileSync(join(dir, String(dead)), '');
    writeFileSync(join(dir, 'notes.txt'), '');
    expect(otherBrowserLanes(dir)).toEqual([process.ppid]);
    expect(existsSync(join(dir, String(dead)))).toBe(false);
    expect(existsSync(join(dir, 'notes.txt'))).toBe(true);
  });

  it('lets at most one of two runs go two at a time, whatever the order of their looks', () => {
    // two live "runs": the vitest process and this worker
    const [a, b] = [process.ppid, process.pid];
    // A registers and looks before B registers: A sees nobody, B sees A
    const first = freshDir();
    registerBrowserLane(first, a);
    expect(otherBrowserLanes(first, a)).toEqual([]);
    registerBrowserLane(first, b);
    expect(otherBrowserLanes(first, b)).toEqual([a]);
    // both register before either looks: each sees the other
    const second = freshDir();
    registerBrowserLane(second, a);
    registerBrowserLane(second, b);
    expect(otherBrowserLanes(second, a)).toEqual([b]);
    expect(otherBrowserLanes(second, b)).toEqual([a]);
  });
});
