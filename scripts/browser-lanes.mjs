// Which runs of `npm test` on this machine have reached their browser files (scripts/test.mjs
// runs its own two at a time only when no other has): each leaves a file named by its pid in one
// folder of the temp directory, removed when it exits; a killed run's file is removed by the next
// run that finds its pid dead.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

/** Records that the browser files of run `pid` are starting; answers a function that removes it. */
export function registerBrowserLane(dir, pid = process.pid) {
  mkdirSync(dir, { recursive: true });
  const mine = join(dir, String(pid));
  writeFileSync(mine, '');
  const remove = () => rmSync(mine, { force: true });
  process.once('exit', remove);
  return remove;
}

/** The pids of the other live runs whose browser files are running. */
export function otherBrowserLanes(dir, pid = process.pid) {
  const others = [];
  for (const name of readdirSync(dir)) {
    const other = Number(name);
    if (!Number.isInteger(other) || other <= 0 || other === pid) continue;
    if (alive(other)) others.push(other);
    else rmSync(join(dir, name), { force: true });
  }
  return others;
}
