/**
 * Skill runs and a crash: three runs (two queued through /skill/invoke, one streamed) are
 * executing — the fake model holds back its last word — when the server (a child process) is
 * killed with SIGKILL. It comes back at once on the same data: every run whose worker died ends
 * `failed` with the reason `interrupted` within its lease (SKILL_RUN_LEASE, 3 s here), however
 * quick the restart; a run started after the restart still finishes. Before the lease, recovery
 * ran once at start and only took runs silent for longer than the idle timeout plus 30 s, so all
 * three stayed `executing`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ActionResult } from '@atelier/contract';
import { spawnServer, type ChildServer } from './helpers/child-server.js';
import { createTestDatabase, type TestDatabase } from './helpers/db.js';
import { startFakeModelServer, type FakeModelServer } from './helpers/fake-model-server.js';
import { createTestClient, type TestClient, type Wrapped } from './helpers/http.js';

const children: ChildServer[] = [];
const cleanups: Array<() => Promise<void> | void> = [];

afterAll(async () => {
  for (const c of children) {
    if (c.child.exitCode === null && c.child.signalCode === null) c.child.kill('SIGKILL');
    await c.exited;
  }
  for (const f of cleanups.reverse()) await f();
});

async function ok<T>(client: TestClient, method: string, path: string, body?: unknown): Promise<T> {
  const res = await client.json<Wrapped<T>>(method, path, body);
  expect(res.body.success, `${path}: ${JSON.stringify(res.body)}`).toBe(true);
  return res.body.data as T;
}

const resultOf = (client: TestClient, resultId: string) =>
  ok<ActionResult>(client, 'GET', `/v1/action/result?resultId=${encodeURIComponent(resultId)}`);

/** Polls until every run satisfies `done` (a positive signal) or the deadline passes. */
async function waitAll(
  client: TestClient,
  ids: string[],
  done: (r: ActionResult) => boolean,
  ms: number,
): Promise<ActionResult[]> {
  const deadline = Date.now() + ms;
  let rows: ActionResult[] = [];
  while (Date.now() < deadline) {
    rows = await Promise.all(ids.map((id) => resultOf(client, id)));
    if (rows.every(done)) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return rows;
}

/** Starts a streamed run and answers its resultId from the first event; the stream stays open. */
async function startStream(client: TestClient, body: unknown): Promise<string> {
  const res = await client.fetch('/v1/skill/streamInvoke', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.headers.get('content-type') ?? '').toMatch(/^text\/event-stream/);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) throw new Error(`the stream ended before its first event: ${buffer}`);
    buffer += decoder.decode(value, { stream: true });
    const frame = buffer.split('\n\n').find((f) => f.startsWith('data: '));
    if (frame) {
      const { resultId } = JSON.parse(frame.slice(6)) as { resultId: string };
      // keep reading in the background so the server's writes never block; the kill ends it
      void (async () => {
        for (;;) if ((await reader.read()).done) return;
      })().catch(() => undefined);
      return resultId;
    }
  }
}

describe('skill runs and a crash', () => {
  it(
    'runs whose worker was killed fail as interrupted within the lease after a quick restart',
    { timeout: 240_000 },
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'atelier-run-crash-'));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      let database: TestDatabase | null = null;
      if (process.env.ATELIER_TEST_DB === 'postgres') {
        database = await createTestDatabase('postgres');
        const db = database;
        cleanups.push(() => db.drop());
      }
      const fake: FakeModelServer = await startFakeModelServer();
      cleanups.push(() => fake.close());
      fake.reply = 'An answer that is still being written when the server dies';
      const release = fake.holdLastChunk();
      cleanups.push(release);

      const env = {
        DATA_DIR: dataDir,
        EMAIL_VERIFICATION: 'false',
        AUTH_RATE_LIMIT_PER_IP: '100000',
        RATE_LIMIT_PER_IP: '100000',
        OLLAMA_DETECT: 'false',
        BUILTIN_TEMPLATES: 'false',
        SKILL_RUN_LEASE: '3s',
        ...(database?.url ? { DATABASE_URL: database.url } : {}),
      };
      const first = await spawnServer(env);
      children.push(first);
      const client = createTestClient(first.url);
      await ok(client, 'POST', '/v1/auth/email/signup', {
        email: 'run-crash@example.com',
        password: 'correct horse battery',
      });
      const provider = await ok<{ providerId: string }>(client, 'POST', '/v1/provider/create', {
        providerKey: 'openai-compatible',
        name: 'Fake',
        categories: ['llm'],
        baseUrl: `${fake.url}/v1`,
      });
      const item = await ok<{ itemId: string }>(client, 'POST', '/v1/provider/item/create', {
        providerId: provider.providerId,
        name: 'fake-chat',
        category: 'llm',
        config: { modelId: 'fake-chat', modelName: 'Fake Chat', contextLimit: 8000, maxOutput: 1000 },
      });
      const runBody = (query: string) => ({ input: { query }, modelItemId: item.itemId });

      const ids = [
        (await ok<{ resultId: string }>(client, 'POST', '/v1/skill/invoke', runBody('Queued one'))).resultId,
        (await ok<{ resultId: string }>(client, 'POST', '/v1/skill/invoke', runBody('Queued two'))).resultId,
        await startStream(client, runBody('Streamed')),
      ];
      // The positive signal: each run is executing and has stored part of its answer.
      const running = await waitAll(
        client,
        ids,
        (r) => r.status === 'executing' && (r.steps?.[0]?.content ?? '').length > 0,
        90_000,
      );
      expect(running.map((r) => r.status)).toEqual(['executing', 'executing', 'executing']);

      first.child.kill('SIGKILL');
      expect(await first.exited).toBe('SIGKILL');

      const second = await spawnServer(env);
      children.push(second);
      const after = createTestClient(second.url);
      after.jar.copyFrom(client.jar);
      // Well inside the old threshold (idle timeout 60 s + 30 s, and only once at start).
      const settled = await waitAll(after, ids, (r) => r.status !== 'executing', 45_000);
      expect(settled.map((r) => [r.status, r.errors])).toEqual([
        ['failed', ['interrupted']],
        ['failed', ['interrupted']],
        ['failed', ['interrupted']],
      ]);
      // What was stored before the crash is kept.
      for (const r of settled) expect(r.steps?.[0]?.content ?? '').not.toBe('');

      // The restarted server runs new work as usual (its own runs keep their lease).
      release();
      const fresh = (await ok<{ resultId: string }>(after, 'POST', '/v1/skill/invoke', runBody('After')))
        .resultId;
      const [done] = await waitAll(
        after,
        [fresh],
        (r) => r.status === 'finish' || r.status === 'failed',
        60_000,
      );
      expect(done?.status).toBe('finish');
      second.child.kill('SIGTERM');
      await second.exited;
    },
  );
});
