#!/usr/bin/env node
// `npm run dev`: the server from source with reload (tsx watch, port 5800) and the Vite dev
// server (port 5173, proxying /v1 and /collab to the server). Ctrl-C stops both.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// The server's default is production; development mode (stack traces in error answers, the
// Vite dev server's loopback origin accepted) is for this command only.
const serverEnv = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'development' };
const children = [
  spawn('npm', ['run', 'dev', '-w', '@atelier/server'], { cwd: root, stdio: 'inherit', env: serverEnv }),
  spawn('npm', ['run', 'dev', '-w', '@atelier/web'], { cwd: root, stdio: 'inherit' }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children)
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
