// Small helpers shared by the benchmarks: free ports, waiting for health, percentiles, RSS.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

export async function waitForHealth(url, timeoutMs = 60_000) {
  const start = performance.now();
  for (;;) {
    try {
      const res = await fetch(`${url}/v1/health`);
      if (res.ok) return performance.now() - start;
    } catch {
      // not listening yet
    }
    if (performance.now() - start > timeoutMs) throw new Error(`no health from ${url} in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[idx];
}

/** Resident set size of a pid in MB (Linux /proc), summed over the process only. */
export function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const m = /VmRSS:\s+(\d+) kB/.exec(status);
  return m ? Number(m[1]) / 1024 : NaN;
}

export const fmt = (n, digits = 0) => Number(n).toFixed(digits);
