/**
 * Guards for the embedded database directory (ARCHITECTURE.md "known sharp edges"): one
 * process per data directory (a pid lock file naming the holder), and an interrupted first
 * initdb is moved aside, never deleted.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    readonly lockFile: string,
    readonly pid: number,
  ) {
    super(
      `The data directory is in use by another Atelier process (pid ${pid}, lock file ${lockFile}). ` +
        'Stop that process first, or point DATA_DIR at another directory.',
    );
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to someone else
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The pid a lock file names when that process is alive and is not this one; null for a missing,
 * stale (dead pid, our own pid from before a crash) or garbled lock file.
 */
export function liveLockHolder(lockFile: string): number | null {
  if (!existsSync(lockFile)) return null;
  const pid = Number(readFileSync(lockFile, 'utf8').trim());
  return Number.isInteger(pid) && pid > 0 && pid !== process.pid && processAlive(pid) ? pid : null;
}

/** Lock files this process holds: a second open in the same process is refused too. */
const heldHere = new Set<string>();

/**
 * Takes `DATA_DIR/atelier.pid`; returns the release function. The file is created exclusively, so
 * two processes starting at once cannot both win; a stale lock of a dead process is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = resolve(dataDir, 'atelier.pid');
  if (heldHere.has(lockFile)) throw new DataDirLockedError(lockFile, process.pid);
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const pid = liveLockHolder(lockFile);
    if (pid !== null) throw new DataDirLockedError(lockFile, pid);
    if (attempt >= 2) throw new Error(`Cannot take the lock file ${lockFile}`);
    // Stale (dead pid, our own pid from before a crash, or garbage): remove it and try again.
    rmSync(lockFile, { force: true });
  }
  heldHere.add(lockFile);
  return () => {
    heldHere.delete(lockFile);
    try {
      if (existsSync(lockFile) && readFileSync(lockFile, 'utf8').trim() === String(process.pid))
        rmSync(lockFile);
    } catch {
      // best effort on shutdown
    }
  };
}

/**
 * A Postgres data directory that has files but lacks PG_VERSION or global/pg_control is an
 * initdb that was interrupted; move it aside so a fresh init can run. Returns the new path if moved.
 */
export function setAsideInterruptedInit(pgDir: string): string | null {
  if (!existsSync(pgDir)) return null;
  if (readdirSync(pgDir).length === 0) return null;
  if (existsSync(join(pgDir, 'PG_VERSION')) && existsSync(join(pgDir, 'global', 'pg_control'))) return null;
  // A name for people reading the data dir, taken before any app context (and clock) exists.
  // eslint-disable-next-line no-restricted-syntax
  const aside = `${pgDir}.interrupted-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  renameSync(pgDir, aside);
  return aside;
}
