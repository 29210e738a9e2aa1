/**
 * Runs the real server as a child process, for tests that kill it: the run's bundle of the current
 * sources (server-bundle.ts), or src/main.ts through tsx outside a run that made one. Waits for
 * "Atelier is ready" on its log and answers its URL. A PGlite child (DATA_DIR without
 * DATABASE_URL) whose data directory has no database yet starts from the run's migrated template
 * (global-setup.ts), so its start is not an initdb; its own migrations still run and find nothing.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { provided, seedPgliteDataDir } from './db.js';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');

export interface ChildServer {
  child: ChildProcess;
  url: string;
  /** Everything the child wrote, for failure messages. */
  output(): string;
  /** Resolves with the exit code (or signal name) once the child has ended. */
  exited: Promise<number | string>;
}

/** The server's entry as `node` arguments: the run's bundle, else the sources through tsx. */
function serverEntry(): string[] {
  const bundle = provided('serverBundle');
  return bundle ? [bundle] : ['--import', 'tsx', join('apps', 'server', 'src', 'main.ts')];
}

export async function spawnServer(env: Record<string, string>, timeoutMs = 60_000): Promise<ChildServer> {
  if (env.DATA_DIR && !env.DATABASE_URL) seedPgliteDataDir(env.DATA_DIR);
  const child = spawn(process.execPath, serverEntry(), {
    cwd: repoRoot,
    // A clean environment: nothing of the test runner's (ATELIER_TEST_DB, REDIS_URL…) leaks in.
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      // fake model servers listen on 127.0.0.1
      PROVIDER_ALLOW_PRIVATE_NETWORK: 'true',
      // none of the child-server tests reads them, and building the 44 built-in canvases after
      // every start (about a minute of CPU on PGlite) would compete with what they measure
      BUILTIN_TEMPLATES: 'false',
      ...env,
      // the ready line is logged at info
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<number | string>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start in ${timeoutMs} ms:\n${out}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      for (const line of out.split('\n')) {
        if (!line.includes('Atelier is ready')) continue;
        try {
          const { port } = JSON.parse(line) as { port: number };
          clearTimeout(timer);
          resolve(`http://127.0.0.1:${port}`);
          return;
        } catch {
          // a partial line; wait for the rest
        }
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (c: Buffer) => void (out += c.toString()));
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before it was ready:\n${out}`));
    });
  });
  return { child, url, output: () => out, exited };
}
