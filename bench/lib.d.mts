// Types of the helpers in lib.mjs, for the TypeScript benchmarks.
export function freePort(): Promise<number>;
/** Resolves with the milliseconds it took once `${url}/v1/health` answers OK. */
export function waitForHealth(url: string, timeoutMs?: number): Promise<number>;
export function percentile(values: readonly number[], p: number): number;
/** The largest value (-Infinity for none), safe for arrays of any length. */
export function maxOf(values: Iterable<number>): number;
export function rssMb(pid: number): number;
export const fmt: (n: number, digits?: number) => string;
/** Serves the files of `dir` on 127.0.0.1 (`/` is index.html). */
export function serveStatic(dir: string): Promise<{ base: string; close: () => Promise<void> }>;
export function autocannonRps(
  url: string,
  options?: { cookie?: string; seconds?: number; connections?: number },
): Promise<number>;
/** Creates the empty database `name` on the server `adminUrl` names; `drop` removes it. */
export function scratchDatabase(
  adminUrl: string,
  name: string,
): Promise<{ url: string; drop: () => Promise<void> }>;
